// Confirmed addresses: open the mailed link (POST /api/email/confirm), have it sent again
// (POST /api/email/resend, throttled), or call off a change of address waiting for its link
// (DELETE /api/email/pending). A change of address itself is asked for with the profile
// (PUT /api/users/{id}, users.ts). And the one-click unsubscribe of notification and digest mail
// (POST /api/email/unsubscribe; the mailed link itself is the page /unsubscribe).
import { confirmEmailInput, MESSAGES, messageViewSchema, THROTTLES, unsubscribeInput } from "@forum/contracts";
import { answer, withWait } from "../describe";
import { badRequest, conflict } from "../errors";
import { unsubscribe } from "../mail/unsubscribe";
import { cancelEmailChange, queueChangeConfirmationMail } from "../services/emailChange";
import { confirmEmail, queueConfirmationMail } from "../services/emailConfirmation";
import { throttle } from "../services/limits";
import { findUserById } from "../services/users";
import { memberProcedure, publicProcedure, router } from "../trpc";

export const emailRouter = router({
  confirm: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/email/confirm" },
      summary:
        "Confirm an email address with the mailed link's token (once, within 24 hours); a new address takes the old one's place",
      failures: { 400: MESSAGES.confirmLinkInvalid, 409: MESSAGES.emailTaken },
      writes: ["users", "mail"],
    })
    .input(confirmEmailInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      const outcome = await confirmEmail(ctx.db, ctx.mail.now(), input.token);
      if (outcome === "invalid") throw badRequest(MESSAGES.confirmLinkInvalid);
      if (outcome === "taken") throw conflict(MESSAGES.emailTaken);
      return { message: MESSAGES.emailConfirmed };
    }),

  resend: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/email/resend", from: "none" },
      summary:
        "Send the confirmation link again (a new link replaces the old one): to the new address while a change waits, else to the member's address",
      failures: { 409: MESSAGES.alreadyConfirmed, 429: withWait(MESSAGES.tooManyConfirmations) },
      writes: ["mail", "throttles"],
    })
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx }) => {
      const user = await findUserById(ctx.db, ctx.user.id);
      const pending = user.pendingEmail;
      if (pending === null && user.emailConfirmedAt !== null) throw conflict(MESSAGES.alreadyConfirmed);
      await throttle(ctx.throttles, THROTTLES.confirmationResends, String(user.id), MESSAGES.tooManyConfirmations);
      await ctx.db
        .transaction()
        .execute((trx) =>
          pending === null
            ? queueConfirmationMail(trx, ctx.mail, user, user.email)
            : queueChangeConfirmationMail(trx, ctx.mail, user, pending),
        );
      ctx.mail.wake();
      return { message: MESSAGES.confirmationSent(pending ?? user.email) };
    }),

  cancelChange: memberProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/email/pending", from: "none" },
      summary: "Call off a change of email address that waits for its confirmation (its link stops working)",
      failures: { 409: MESSAGES.noEmailChangePending },
      writes: ["users", "mail"],
    })
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx }) => {
      if (!(await cancelEmailChange(ctx.db, ctx.user.id))) throw conflict(MESSAGES.noEmailChangePending);
      return { message: MESSAGES.emailChangeCancelled };
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
