// A visitor sent to the login screen is told why ("Log in to vote") and, once signed in or
// registered, comes back to the page they were on and the action they started (issue 13: they
// landed on / with no word why). The return path travels in the login URL (?next=), the action
// in the router's state of the return, or in the flash after a native sign-in (so a reload never
// repeats it).
import { ownReturnPath, RESUME_ACTIONS, type ResumeAction } from "@forum/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { forgetFlashResume, useFlash } from "./flash";

const REASONS = {
  vote: "Log in to vote",
  post: "Log in to start a discussion",
  reply: "Log in to reply",
} as const;
export type LoginReason = keyof typeof REASONS;

export type LoginPath = "/auth" | "/login";

export function loginUrl(base: LoginPath, from: string, reason?: LoginReason, resume?: ResumeAction): string {
  const params = new URLSearchParams({ next: from });
  if (reason) params.set("reason", reason);
  if (resume) params.set("resume", resume);
  return `${base}?${params}`;
}

/** Where to return: a path of this site only, never the login screen; else home (@forum/contracts ownReturnPath). */
export function returnPath(params: URLSearchParams): string {
  return ownReturnPath(params.get("next"));
}

export function reasonText(params: URLSearchParams): string | undefined {
  const reason = params.get("reason");
  return reason && reason in REASONS ? REASONS[reason as LoginReason] : undefined;
}

export function resumeAction(params: URLSearchParams): ResumeAction | undefined {
  const resume = params.get("resume");
  return RESUME_ACTIONS.find((action) => action === resume);
}

/** The current page as a return path. */
export function useHere(): string {
  const location = useLocation();
  return location.pathname + location.search;
}

/** Sends a visitor to the login screen with the reason and the action to resume afterwards. */
export function useGoToLogin() {
  const navigate = useNavigate();
  const here = useHere();
  return useCallback(
    (reason: LoginReason, resume?: ResumeAction, base: LoginPath = "/auth") =>
      navigate(loginUrl(base, here, reason, resume)),
    [navigate, here],
  );
}

/** The action this page was asked to resume after a sign-in, and how to mark it done. */
export function useResumed(): [ResumeAction | undefined, () => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [flash] = useFlash();
  const fromState = (location.state as { resume?: ResumeAction } | null)?.resume;
  const done = useCallback(() => {
    if (fromState) navigate(location.pathname + location.search, { replace: true, state: null });
    forgetFlashResume(queryClient);
  }, [navigate, location.pathname, location.search, fromState, queryClient]);
  return [fromState ?? flash?.resume, done];
}
