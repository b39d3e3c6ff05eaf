// What every failed mutation does: a 401 says so and goes to the login screen after 500 ms
// (spec section 8), which returns to this page afterwards; any other failure shows its toast,
// preferring the server's own message.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { type LoginPath, loginUrl, type ResumeAction, useHere } from "./loginReturn";
import { toastError } from "./toast";
import { httpStatusOf } from "./trpc";

export const UNAUTHORIZED_REDIRECT_MS = 500;

export type FailureText = { title: string; message: string };

/** The logged-out flow of spec section 8, for any call that answered 401 (tRPC or not). */
export function useLoggedOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const here = useHere();
  return useCallback(
    (loginPath: LoginPath = "/login", resume?: ResumeAction) => {
      toastError("Unauthorized", "You are logged out. Logging in again...");
      void queryClient.invalidateQueries();
      setTimeout(() => navigate(loginUrl(loginPath, here, undefined, resume)), UNAUTHORIZED_REDIRECT_MS);
    },
    [navigate, queryClient, here],
  );
}

export function useApiError() {
  const loggedOut = useLoggedOut();
  return useCallback(
    (error: unknown, failure: FailureText, loginPath: LoginPath = "/login", resume?: ResumeAction) => {
      const status = httpStatusOf(error);
      if (status === 401) return loggedOut(loginPath, resume);
      const serverMessage = status !== undefined && status < 500 && error instanceof Error ? error.message : undefined;
      toastError(failure.title, serverMessage || failure.message);
    },
    [loggedOut],
  );
}
