import { createReportInput, resolveReportsInput } from "@forum/contracts";
import { countOpenReports, createReport, listOpenReports, resolveReports } from "../services/reports";
import { memberProcedure, moderatorProcedure, router } from "../trpc";

export const reportsRouter = router({
  /**
   * A member reports a post or reply, once each. Writes reports only: no cached read shows them.
   */
  create: memberProcedure
    .meta({ writes: ["reports"] })
    .input(createReportInput)
    .mutation(({ ctx, input }) => createReport(ctx.db, ctx.user.id, input)),

  /** Reads reports, users, posts, replies; never cached (moderators see each report at once). */
  open: moderatorProcedure.query(({ ctx }) => listOpenReports(ctx.db)),

  /** Reads reports; never cached. The admin menu's badge. */
  openCount: moderatorProcedure.query(({ ctx }) => countOpenReports(ctx.db)),

  /**
   * Resolves every open report of a post or reply. Writes reports; with "delete" or "ban" also
   * posts, replies, votes, categories' post counts (and users, sessions for "ban").
   */
  resolve: moderatorProcedure
    .meta({ writes: ["reports", "posts", "replies", "votes", "users", "sessions", "notifications"] })
    .input(resolveReportsInput)
    .mutation(({ ctx, input }) =>
      resolveReports(
        ctx.db,
        ctx.user,
        input.replyId !== undefined ? { replyId: input.replyId } : { postId: input.postId ?? 0 },
        input.action,
      ),
    ),
});
