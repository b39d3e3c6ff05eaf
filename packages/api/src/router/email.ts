// Confirmed addresses: open the mailed link (POST /api/email/confirm), or have it sent again
// (POST /api/email/resend, throttled). And the one-click unsubscribe of notification and digest
// mail (POST /api/email/unsubscribe; the mailed link itself is the page /unsubscribe).
import { confirmEmailInput, MESSAGES, messageViewSchema, THROTTLES, unsubscribeInput } from "@forum/contracts";
import { answer, withWait } from "../describe";
import { badRequest, conflict } from "../errors";
import { unsubscribe } from "../mail/unsubscribe";
import { confirmEmail, queueConfirmationMail } from "../services/emailConfirmation";
import { throttle } from "../services/limits";
import { findUserById } from "../services/users";
import { memberProcedure, publicProcedure, router } from "../trpc";

export const emailRouter = router({
  confirm: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/email/confirm" },
      summary: "Confirm an email address with the mailed link's token (once, within 24 hours)",
      failures: { 400: MESSAGES.confirmLinkInvalid },
      writes: ["users", "mail"],
    })
    .input(confirmEmailInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      if (!(await confirmEmail(ctx.db, ctx.mail.now(), input.token))) throw badRequest(MESSAGES.confirmLinkInvalid);
      return { message: MESSAGES.emailConfirmed };
    }),

  resend: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/email/resend", from: "none" },
      summary: "Send the confirmation link to the member's address again (a new link replaces the old one)",
      failures: { 409: MESSAGES.alreadyConfirmed, 429: withWait(MESSAGES.tooManyConfirmations) },
      writes: ["mail", "throttles"],
    })
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx }) => {
      const user = await findUserById(ctx.db, ctx.user.id);
      if (user.emailConfirmedAt !== null) throw conflict(MESSAGES.alreadyConfirmed);
      await throttle(ctx.throttles, THROTTLES.confirmationResends, String(user.id), MESSAGES.tooManyConfirmations);
      await ctx.db.transaction().execute((trx) => queueConfirmationMail(trx, ctx.mail, user, user.email));
      ctx.mail.wake();
      return { message: MESSAGES.confirmationSent(user.email) };
    }),

  unsubscribe: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/email/unsubscribe" },
      summary: "Turn notification or digest mail off with the token of a mail's unsubscribe link (no sign-in)",
      failures: { 400: MESSAGES.unsubscribeLinkInvalid },
      writes: ["preferences"],
    })
    .input(unsubscribeInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      const list = await unsubscribe(ctx.db, input.token, ctx.mail.now());
      if (!list) throw badRequest(MESSAGES.unsubscribeLinkInvalid);
      return { message: list === "notify" ? MESSAGES.unsubscribedNotify : MESSAGES.unsubscribedDigest };
    }),
});
