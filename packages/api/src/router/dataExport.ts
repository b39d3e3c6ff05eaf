// "Download my data" (issue 30) on Settings → Profile: ask for an export (POST, once a day), see
// how it is going (GET). The zip itself is a plain download route of the server's
// (GET /api/users/me/data-export/{id}/download). The website's session only (sessionOnly): an
// export holds the member's address and everything they wrote, more than any token should fetch.
import { DATA_EXPORT_MESSAGES, dataExportRequestedSchema, dataExportStatusSchema, THROTTLES } from "@forum/contracts";
import { answer, withWait } from "../describe";
import { dataExportStatus, queueDataExport } from "../services/dataExport";
import { counted } from "../services/limits";
import { findUserById } from "../services/users";
import { memberProcedure, router } from "../trpc";

export const dataExportRouter = router({
  status: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/users/me/data-export", from: "none" },
      summary:
        "The member's latest data export (being prepared, ready with its download address, expired) and when they may ask again",
      sessionOnly: true,
    })
    .output(answer(dataExportStatusSchema))
    .query(({ ctx }) => {
      return dataExportStatus(ctx.db, ctx.throttles, ctx.user.id);
    }),

  request: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/users/me/data-export", status: 201, from: "none" },
      summary:
        "Ask for a zip of one's data as JSON (profile, posts, replies, votes...): built in the background, kept 7 days, once a day",
      failures: { 429: withWait(DATA_EXPORT_MESSAGES.tooSoon) },
      writes: ["dataExports", "throttles"],
      sessionOnly: true,
    })
    .output(answer(dataExportRequestedSchema))
    .mutation(async ({ ctx }) => {
      const userId = ctx.user.id;
      await counted(ctx.throttles, THROTTLES.dataExports, String(userId), DATA_EXPORT_MESSAGES.tooSoon, () =>
        queueDataExport(ctx.db, userId, ctx.dataExports.now()),
      );
      ctx.dataExports.wake();
      const user = await findUserById(ctx.db, userId);
      const mailed = user.emailConfirmedAt !== null && ctx.mail.site.sending;
      return {
        message: mailed ? DATA_EXPORT_MESSAGES.requestedWithMail(user.email) : DATA_EXPORT_MESSAGES.requested,
        ...(await dataExportStatus(ctx.db, ctx.throttles, userId)),
      };
    }),
});
