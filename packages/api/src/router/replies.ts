import { createReplyInput, idInput, repliesOfPostInput, updateReplyInput } from "@forum/contracts";
import { cachePolicy } from "../cache/policy";
import { postAndCategoryScopes, postScope } from "../cache/scopes";
import { assertCanModify, isStaff } from "../permissions";
import { withinNewAccountLimit } from "../services/limits";
import {
  deleteReply,
  findReplyOwner,
  findReplyView,
  listReplies,
  updateReply,
  withMyReplyVotes,
} from "../services/replies";
import { memberProcedure, publicProcedure, router } from "../trpc";

export const repliesRouter = router({
  /**
   * Oldest first; wrapped in an object as the original client expects. Every caller gets the
   * visitors' answer from the read cache (reads replies, users, posts); a member's own votes go on
   * top (reads votes). A post's replies and their votes are its own: a reply or vote elsewhere
   * leaves this answer kept.
   */
  byPost: publicProcedure
    .meta(
      cachePolicy(["replies", "votes", "users"], {
        sharedBy: "everyone",
        scope: { kinds: ["replies", "votes"], of: postScope },
      }),
    )
    .input(repliesOfPostInput)
    .query(async ({ ctx, input }) => {
      const { replies } = await ctx.sharedAnswer(async () => ({
        replies: await listReplies(ctx.db, input.postId, input.offset, input.limit),
      }));
      return { replies: await withMyReplyVotes(ctx.db, ctx.user?.id ?? null, replies) };
    }),

  /** Writes replies, posts' reply counts and notifications; a locked post refuses members. */
  create: memberProcedure
    .meta({ writes: ["replies", "notifications", "throttles"], writesWithin: postAndCategoryScopes })
    .input(createReplyInput)
    .mutation(({ ctx, input }) =>
      withinNewAccountLimit(ctx, "reply", async () => {
        const { reply, move } = await ctx.runWrite("createReply", {
          postId: input.postId,
          authorId: ctx.user.id,
          content: input.content,
          replyToId: input.replyToId,
          mayReplyWhenLocked: isStaff(ctx.user),
        });
        ctx.postMoved(move);
        return reply;
      }),
    ),

  /** Writes replies (content, editedAt) and notifications of new mentions. */
  update: memberProcedure
    .meta({ writes: ["replies", "notifications"] })
    .input(updateReplyInput)
    .mutation(async ({ ctx, input }) => {
      assertCanModify(ctx.user, (await findReplyOwner(ctx.db, input.id)).authorId);
      await updateReply(ctx.db, input.id, ctx.user.id, input.content);
      return findReplyView(ctx.db, input.id, ctx.user.id);
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
