// Every write of the app with its toasts (spec section 8): on success its toast, then what the
// screen does next (close a dialog, refresh lists); on failure, a 401 says so and goes to the
// login screen after 500 ms (which returns to this page afterwards), any other failure shows its
// toast, preferring the server's own message.

import type { ResumeAction } from "@forum/contracts";
import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { type LoginPath, loginUrl, useHere } from "./loginReturn";
import { toastError, toastSuccess } from "./toast";
import { httpStatusOf } from "./trpc";

export const UNAUTHORIZED_REDIRECT_MS = 500;

/** A message under the usual title ("Success" or "Error"), or a title and a message. */
export type ToastText = string | { title: string; message: string };

export type MutationToasts<TData, TError, TVariables> = {
  /** The success toast; a function when it depends on the answer ("User banned" or "unbanned"). */
  success?: ToastText | ((data: TData, variables: TVariables) => ToastText);
  /**
   * The failure toast. A function may handle a failure itself (a message under a field, the
   * sign-in screen's own rules) and return nothing, or return the toast to show.
   */
  failure: ToastText | ((error: TError) => ToastText | undefined);
  /** Where a 401 sends the member, and the action to resume once back (spec section 8). */
  loginPath?: LoginPath;
  resume?: ResumeAction;
  /** After the success toast. */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
};

const titled = (text: ToastText, title: string) => (typeof text === "string" ? { title, message: text } : text);

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

export function useToastedMutation<TData, TError, TVariables, TContext>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
  { success, failure, loginPath, resume, onSuccess }: MutationToasts<TData, TError, TVariables>,
) {
  const loggedOut = useLoggedOut();
  return useMutation({
    ...options,
    onSuccess: async (data, variables) => {
      if (success) {
        const text = titled(typeof success === "function" ? success(data, variables) : success, "Success");
        toastSuccess(text.title, text.message);
      }
      await onSuccess?.(data, variables);
    },
    onError: (error) => {
      // A failure function comes first: on the sign-in screen a 401 means wrong credentials.
      const text = typeof failure === "function" ? failure(error) : failure;
      if (text === undefined) return;
      const status = httpStatusOf(error);
      if (status === 401) return loggedOut(loginPath, resume);
      const { title, message } = titled(text, "Error");
      const serverMessage = status !== undefined && status < 500 && error instanceof Error ? error.message : undefined;
      toastError(title, serverMessage || message);
    },
  });
}
