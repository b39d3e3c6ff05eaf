// A visitor sent to the login screen is told why ("Log in to vote") and, once signed in or
// registered, comes back to the page they were on and the action they started (issue 13: they
// landed on / with no word why). The return path travels in the login URL (?next=), the action
// in the router's state of the return (so a reload never repeats it).
import { ownReturnPath } from "@forum/contracts";
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

const REASONS = {
  vote: "Log in to vote",
  post: "Log in to start a discussion",
  reply: "Log in to reply",
} as const;
export type LoginReason = keyof typeof REASONS;

/** What to do on return: open the create-post dialog, or cast the vote. */
export type ResumeAction = "create-post" | "upvote" | "downvote";
const RESUME_ACTIONS: readonly string[] = ["create-post", "upvote", "downvote"];

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
  const resume = params.get("resume") ?? "";
  return RESUME_ACTIONS.includes(resume) ? (resume as ResumeAction) : undefined;
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
  const state = location.state as { resume?: ResumeAction } | null;
  const done = useCallback(
    () => navigate(location.pathname + location.search, { replace: true, state: null }),
    [navigate, location.pathname, location.search],
  );
  return [state?.resume, done];
}
