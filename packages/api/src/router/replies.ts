import { createReplyInput, idInput, repliesOfPostInput, updateReplyInput } from "@forum/contracts";
import { cachePolicy } from "../cache/policy";
import { assertCanModify } from "../permissions";
import { withinNewAccountLimit } from "../services/limits";
import { createReply, deleteReply, findReplyOwner, findReplyView, listReplies, updateReply } from "../services/replies";
import { memberProcedure, publicProcedure, router } from "../trpc";

export const repliesRouter = router({
  /** Oldest first; wrapped in an object as the original client expects. */
  byPost: publicProcedure
    .meta(cachePolicy(["replies", "votes", "users"]))
    .input(repliesOfPostInput)
    .query(({ ctx, input }) =>
      ctx.sharedAnswer(async () => ({
        replies: await listReplies(ctx.db, input.postId, input.offset, input.limit),
      })),
    ),

  create: memberProcedure
    .meta({ writes: ["replies", "notifications", "throttles"] })
    .input(createReplyInput)
    .mutation(async ({ ctx, input }) => {
      const id = await withinNewAccountLimit(ctx, "reply", () =>
        createReply(ctx.db, input.postId, ctx.user.id, input.content),
      );
      return findReplyView(ctx.db, id);
    }),

  update: memberProcedure
    .meta({ writes: ["replies", "notifications"] })
    .input(updateReplyInput)
    .mutation(async ({ ctx, input }) => {
      assertCanModify(ctx.user, (await findReplyOwner(ctx.db, input.id)).authorId);
      await updateReply(ctx.db, input.id, ctx.user.id, input.content);
      return findReplyView(ctx.db, input.id);
    }),

  delete: memberProcedure
    .meta({ writes: ["replies", "votes", "notifications"] })
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      assertCanModify(ctx.user, (await findReplyOwner(ctx.db, input.id)).authorId);
      await deleteReply(ctx.db, input.id);
      return { message: "Reply deleted successfully" };
    }),
});
