// What every failed mutation does: a 401 says so and goes to the login screen after 500 ms
// (spec section 8); any other failure shows its toast, preferring the server's own message.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { toastError } from "./toast";
import { httpStatusOf } from "./trpc";

export const UNAUTHORIZED_REDIRECT_MS = 500;

export type FailureText = { title: string; message: string };

export function useApiError() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown, failure: FailureText, loginPath: "/auth" | "/login" = "/login") => {
      const status = httpStatusOf(error);
      if (status === 401) {
        toastError("Unauthorized", "You are logged out. Logging in again...");
        void queryClient.invalidateQueries();
        setTimeout(() => navigate(loginPath), UNAUTHORIZED_REDIRECT_MS);
        return;
      }
      const serverMessage = status !== undefined && status < 500 && error instanceof Error ? error.message : undefined;
      toastError(failure.title, serverMessage || failure.message);
    },
    [navigate, queryClient],
  );
}
