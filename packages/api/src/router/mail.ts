// The admin Mail screen: whether SMTP is configured and its last error, a test mail, the outbox
// (newest first, paged, by state; kept mail is read here, links included), Retry, and when the
// weekly digest goes out.
import {
  digestScheduleInput,
  digestScheduleSchema,
  idInput,
  mailOutboxInput,
  mailStatusSchema,
  messageViewSchema,
  outboxPageSchema,
  sendTestMailInput,
} from "@forum/contracts";
import { answer } from "../describe";
import { notFound } from "../errors";
import { linkTo } from "../mail/outbox";
import { loadDigestSchedule, saveDigestSchedule } from "../services/digestSchedule";
import { listOutbox, mailStatus, retryMail } from "../services/mailOutbox";
import { siteName } from "../services/site";
import { changeRow, settingsChange } from "../staffLog/rowChange";
import { adminProcedure, router } from "../trpc";

const MAIL_NOT_FOUND = "No mail to retry with that id";

export const mailRouter = router({
  status: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/admin/mail/status", from: "none" },
      summary: "Whether SMTP is configured, the last SMTP error, and the outbox's mail per state",
    })
    .output(answer(mailStatusSchema))
    .query(({ ctx }) => mailStatus(ctx.db, ctx.mail.site.sending)),

  outbox: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/admin/mail", from: "query" },
      summary: "The outbox, newest first, paged, optionally one state (kept mail is read here)",
    })
    .input(mailOutboxInput)
    .output(answer(outboxPageSchema))
    .query(({ ctx, input }) => listOutbox(ctx.db, input)),

  sendTest: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/admin/mail/test", status: 201 },
      summary: "Queue a test mail to an address (kept in the outbox when SMTP is not configured)",
      writes: ["mail"],
    })
    .input(sendTestMailInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      const site = await siteName(ctx.db);
      await ctx.mail.queue(ctx.db, {
        kind: "test",
        to: input.to,
        content: {
          subject: "Test email",
          paragraphs: [
            `This is a test email from ${site}, sent by ${ctx.user.username} from the admin Mail screen.`,
            "If you can read this, the forum's mail reaches this address.",
          ],
          action: { label: "Open the forum", url: linkTo(ctx.mail.site, "/") },
        },
      });
      ctx.mail.wake();
      return {
        message: ctx.mail.site.sending
          ? `Test email queued for ${input.to}`
          : `SMTP is not configured: the test email to ${input.to} is kept in the outbox`,
      };
    }),

  retry: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/admin/mail/:id/retry", from: "none" },
      summary: "Send a failed (or waiting) mail again now",
      failures: { 404: MAIL_NOT_FOUND },
      writes: ["mail"],
    })
    .input(idInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      if (!(await retryMail(ctx.db, input.id, ctx.mail.now()))) throw notFound(MAIL_NOT_FOUND);
      ctx.mail.wake();
      return { message: "The mail will be sent again now" };
    }),

  digestSchedule: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/admin/mail/digest-schedule", from: "none" },
      summary: "When the weekly digest goes out: ISO weekday (1 Monday … 7 Sunday) and hour, in the forum's time zone",
    })
    .output(answer(digestScheduleSchema))
    .query(async ({ ctx }) => ({ ...(await loadDigestSchedule(ctx.db)), timeZone: ctx.mail.timeZone })),

  updateDigestSchedule: adminProcedure
    .meta({
      rest: { method: "PUT", path: "/api/admin/mail/digest-schedule" },
      summary: "Set the weekly digest's weekday and hour (in the forum's time zone, FORUM_TIME_ZONE)",
      writes: ["mail", "staffLog"],
    })
    .input(digestScheduleInput)
    .output(answer(digestScheduleSchema))
    .mutation(async ({ ctx, input }) => ({
      ...(await changeRow(
        ctx,
        settingsChange("settings.mail", "mail_settings", ["digestWeekday", "digestHour"]),
        (trx) => saveDigestSchedule(trx, input),
      )),
      timeZone: ctx.mail.timeZone,
    })),
});
