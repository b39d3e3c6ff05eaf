// The typed client for other TypeScript developers: every procedure of the forum's API, with
// inputs and outputs checked by the compiler.
import { createTRPCClient, httpBatchLink, type TRPCClient } from "@trpc/client";
import type { AppRouter } from "./appRouter";

export { TRPCClientError } from "@trpc/client";
export type { AppRouter, RouterInputs, RouterOutputs } from "./appRouter";

export type ForumClientOptions = {
  /** The forum's base address, e.g. "http://localhost:3000". */
  url: string;
  /**
   * An API token (forum_pat_…, made on the settings screen): every call is its member's, sent as
   * `Authorization: Bearer`. Without one, calls go as the browser's session (or a visitor).
   */
  token?: string;
  /** Extra headers per request, e.g. a session cookie outside the browser. */
  headers?: () => Record<string, string>;
  /** A fetch to use instead of the global one. */
  fetch?: typeof fetch;
};

export function createForumClient(options: ForumClientOptions): TRPCClient<AppRouter> {
  const base = options.url.replace(/\/+$/, "");
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${base}/trpc`,
        headers: () => ({
          ...options.headers?.(),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        }),
        fetch: (input, init) => (options.fetch ?? fetch)(input, { ...(init as RequestInit), credentials: "include" }),
      }),
    ],
  });
}

export type ForumClient = TRPCClient<AppRouter>;

type LoginAnswer = Awaited<ReturnType<ForumClient["auth"]["login"]["mutate"]>>;

/**
 * Whether a sign-in's answer asks for the second step (two-step sign-in is on for the account):
 * then send the code from the authenticator app, or a recovery code, with its challenge to
 * `auth.secondStep` within ten minutes.
 */
export function needsSecondStep(answer: LoginAnswer): answer is Extract<LoginAnswer, { secondStep: "totp" }> {
  return "secondStep" in answer;
}
