import {
  createReportInput,
  MESSAGES,
  openReportsCountSchema,
  reportedContentSchema,
  reportReceiptSchema,
  reportResolutionSchema,
  resolveReportsInput,
} from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { z } from "zod";
import { answer } from "../describe";
import {
  countOpenReports,
  createReport,
  listOpenReports,
  type ReportTarget,
  resolveReports,
} from "../services/reports";
import { postForLog, replyForLog, reportRecords } from "../staffLog/contentRecords";
import { asStaffAction, staffActor } from "../staffLog/record";
import { memberProcedure, moderatorProcedure, router } from "../trpc";

export const reportsRouter = router({
  /**
   * A member reports a post or reply, once each. Writes reports only: no cached read shows them.
   */
  create: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/reports", status: 201 },
      summary: "Report a post or a reply to the moderators (once per member)",
      failures: { 404: [MESSAGES.postNotFound, MESSAGES.replyNotFound], 409: MESSAGES.alreadyReported },
      writes: ["reports", "webhooks"],
    })
    .input(createReportInput)
    .output(answer(reportReceiptSchema))
    .mutation(({ ctx, input }) => createReport(ctx.db, ctx.user.id, input)),

  /** Reads reports, users, posts, replies; never cached (moderators see each report at once). */
  open: moderatorProcedure
    .meta({
      rest: { method: "GET", path: "/api/admin/reports", from: "none" },
      summary: "Open reports, grouped by the post or reply reported: moderators and admins",
    })
    .output(answer(z.array(reportedContentSchema)))
    .query(({ ctx }) => listOpenReports(ctx.db)),

  /** Reads reports; never cached. The admin menu's badge. */
  openCount: moderatorProcedure
    .meta({
      rest: { method: "GET", path: "/api/admin/reports/count", from: "none" },
      summary: "How many reports are open: moderators and admins",
    })
    .output(answer(openReportsCountSchema))
    .query(({ ctx }) => countOpenReports(ctx.db)),

  /**
   * Resolves every open report of a post or reply. Writes reports; with "delete" or "ban" also
   * posts, replies, votes, categories' post counts (and users, sessions for "ban").
   */
  resolve: moderatorProcedure
    .meta({
      rest: { method: "POST", path: "/api/admin/reports/resolve" },
      summary: "Dismiss the open reports of a post or reply, delete it, or ban its author (admins) and delete it",
      failures: {
        403: [MESSAGES.banNeedsAdmin, MESSAGES.cannotBanSelf, MESSAGES.cannotBanAdmin],
        404: [MESSAGES.nothingToResolve, MESSAGES.postNotFound, MESSAGES.replyNotFound],
      },
      writes: ["reports", "posts", "replies", "votes", "users", "sessions", "notifications", "webhooks", "staffLog"],
    })
    .input(resolveReportsInput)
    .output(answer(reportResolutionSchema))
    .mutation(async ({ ctx, input }) => {
      const target: ReportTarget =
        input.replyId !== undefined ? { replyId: input.replyId } : { postId: input.postId ?? 0 };
      // Read before it goes: the open discussion's readers hear of the removal, a banned author's
      // streams close.
      const reported = await reportedContent(ctx.db, target);
      const resolution = await asStaffAction(ctx.db, staffActor(ctx.user), async (trx) => {
        const item =
          "replyId" in target
            ? await replyForLog(trx, target.replyId).then((reply) => reply && { reply })
            : await postForLog(trx, target.postId).then((post) => post && { post });
        const author =
          reported &&
          (await trx
            .selectFrom("users")
            .select(["id", "username"])
            .where("id", "=", reported.authorId)
            .executeTakeFirst());
        const result = await resolveReports(trx, ctx.user, target, input.action);
        return { result, records: item ? reportRecords(input.action, item, result.resolved, author) : [] };
      });
      if (reported && input.action !== "dismiss") {
        ctx.announce(
          "replyId" in target
            ? { type: "reply-deleted", postId: reported.postId, replyId: target.replyId }
            : { type: "post", postId: reported.postId, locked: false, pinned: false, deleted: true },
        );
        if (input.action === "ban") ctx.announce({ type: "access", userId: reported.authorId });
      }
      return resolution;
    }),
});

/** The post of a reported post or reply, and its author. */
function reportedContent(db: ForumDb, target: ReportTarget): Promise<{ postId: number; authorId: number } | undefined> {
  return "replyId" in target
    ? db.selectFrom("replies").select(["postId", "authorId"]).where("id", "=", target.replyId).executeTakeFirst()
    : db.selectFrom("posts").select(["id as postId", "authorId"]).where("id", "=", target.postId).executeTakeFirst();
}
