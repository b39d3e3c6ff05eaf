// A member's sessions (issue 30) on Settings → Security: where they are signed in, Sign out per
// session, and Sign out everywhere else. Session calls only: an API token has no session to list
// or keep, and a leaked token must not sign its member out of their browsers.
import {
  messageViewSchema,
  SESSION_MESSAGES,
  sessionIdInput,
  sessionViewSchema,
  signedOutOthersSchema,
} from "@forum/contracts";
import { z } from "zod";
import { answer } from "../describe";
import { unauthorized } from "../errors";
import { endOtherSessions, endSession, listSessions } from "../services/sessionList";
import { memberProcedure, router } from "../trpc";

/** The caller's session: sessionOnly procedures are never reached with a token. */
function sessionOf(ctx: { session: { id: string } | null }): string {
  if (!ctx.session) throw unauthorized("Sign in with the website to manage your sessions");
  return ctx.session.id;
}

export const sessionsRouter = router({
  list: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/users/me/sessions", from: "none" },
      summary: "Where the signed-in member is signed in: this browser first, then the most recently used",
      sessionOnly: true,
    })
    .output(answer(z.array(sessionViewSchema)))
    .query(({ ctx }) => listSessions(ctx.db, ctx.user.id, sessionOf(ctx))),

  signOut: memberProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/users/me/sessions/:id", from: "none" },
      summary: "End one of the member's sessions: its next request is signed out (this browser's too)",
      failures: { 404: SESSION_MESSAGES.notFound },
      writes: ["sessions"],
      sessionOnly: true,
    })
    .input(sessionIdInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      const ended = await endSession(ctx.db, ctx.user.id, input.id);
      if (ended === sessionOf(ctx)) ctx.cookies.clear();
      // Its streams close and come back as what the account now is (live/hub.ts).
      ctx.announce({ type: "access", userId: ctx.user.id });
      return { message: SESSION_MESSAGES.signedOut };
    }),

  signOutOthers: memberProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/users/me/other-sessions", from: "none" },
      summary: "End every session of the member but this browser's",
      writes: ["sessions"],
      sessionOnly: true,
    })
    .output(answer(signedOutOthersSchema))
    .mutation(async ({ ctx }) => {
      const count = await endOtherSessions(ctx.db, ctx.user.id, sessionOf(ctx));
      // Its streams close and come back as what the account now is (live/hub.ts).
      ctx.announce({ type: "access", userId: ctx.user.id });
      return { message: SESSION_MESSAGES.signedOutOthers, count };
    }),
});
