// What every failed mutation does: a 401 says so and goes to the login screen after 500 ms
// (spec section 8); any other failure shows its toast, preferring the server's own message.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { toastError } from "./toast";
import { httpStatusOf } from "./trpc";

export const UNAUTHORIZED_REDIRECT_MS = 500;

export type FailureText = { title: string; message: string };

export type LoginPath = "/auth" | "/login";

/** The logged-out flow of spec section 8, for any call that answered 401 (tRPC or not). */
export function useLoggedOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (loginPath: LoginPath = "/login") => {
      toastError("Unauthorized", "You are logged out. Logging in again...");
      void queryClient.invalidateQueries();
      setTimeout(() => navigate(loginPath), UNAUTHORIZED_REDIRECT_MS);
    },
    [navigate, queryClient],
  );
}

export function useApiError() {
  const loggedOut = useLoggedOut();
  return useCallback(
    (error: unknown, failure: FailureText, loginPath: LoginPath = "/login") => {
      const status = httpStatusOf(error);
      if (status === 401) return loggedOut(loginPath);
      const serverMessage = status !== undefined && status < 500 && error instanceof Error ? error.message : undefined;
      toastError(failure.title, serverMessage || failure.message);
    },
    [loggedOut],
  );
}
