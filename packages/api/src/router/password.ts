// Forgotten passwords: ask for a reset link by username or address (the answer never tells
// whether an account matches), then set a new password with it (services/passwordReset.ts).
import {
  currentUserSchema,
  forgotPasswordInput,
  MESSAGES,
  messageViewSchema,
  resetPasswordInput,
  THROTTLES,
} from "@forum/contracts";
import { hashPassword } from "../auth/password";
import { startSession } from "../auth/signIn";
import { answer, withWait } from "../describe";
import { badRequest, forbidden } from "../errors";
import { throttle } from "../services/limits";
import { toCurrentUser } from "../services/mappers";
import { requestPasswordReset, resetPassword } from "../services/passwordReset";
import { findUserById } from "../services/users";
import { publicProcedure, router } from "../trpc";

export const passwordRouter = router({
  forgot: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/password/forgot" },
      summary:
        "Ask for a link to reset the password, by username or email; the answer is the same whether or not an account matches",
      failures: { 429: withWait(MESSAGES.tooManyResetRequests) },
      writes: ["mail", "throttles"],
    })
    .input(forgotPasswordInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      await throttle(ctx.throttles, THROTTLES.resetRequestsPerAddress, ctx.clientIp, MESSAGES.tooManyResetRequests);
      await requestPasswordReset(ctx.db, ctx.mail, ctx.throttles, input.login);
      return { message: MESSAGES.resetLinkSent };
    }),

  reset: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/password/reset" },
      summary:
        "Set a new password with a reset link's token (once, within 60 minutes): ends every session of the account and signs in here",
      failures: { 400: MESSAGES.resetLinkInvalid, 403: MESSAGES.banned },
      writes: ["users", "sessions", "mail"],
      sessionOnly: true,
    })
    .input(resetPasswordInput)
    .output(answer(currentUserSchema))
    .mutation(async ({ ctx, input }) => {
      const userId = await resetPassword(ctx.db, ctx.mail.now(), input.token, await hashPassword(input.password));
      if (userId === undefined) throw badRequest(MESSAGES.resetLinkInvalid);
      ctx.announce({ type: "access", userId });
      const user = await findUserById(ctx.db, userId);
      if (user.banned === 1) throw forbidden(MESSAGES.banned);
      await startSession(ctx, user.id);
      return toCurrentUser(user);
    }),
});
