import { MESSAGES, voteInput, voteResultSchema } from "@forum/contracts";
import { postAndCategoryScopes } from "../cache/scopes";
import { answer } from "../describe";
import { memberProcedure, router } from "../trpc";

export const votesRouter = router({
  /**
   * Writes votes and the counts of posts or replies, within one post (that of the reply) and its
   * category: other posts' replies pages and other categories' lists stay kept.
   */
  cast: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/votes" },
      summary: "Vote a post or a reply up or down; the same vote again takes it back",
      failures: { 404: [MESSAGES.postNotFound, MESSAGES.replyNotFound] },
      writes: ["votes"],
      writesWithin: postAndCategoryScopes,
    })
    .input(voteInput)
    .output(answer(voteResultSchema))
    .mutation(async ({ ctx, input }) => {
      const { result, move } = await ctx.runWrite("castVote", {
        userId: ctx.user.id,
        target: input.replyId !== undefined ? { replyId: input.replyId } : { postId: input.postId as number },
        type: input.type,
      });
      ctx.postMoved(move);
      const { upvotes, downvotes } = result;
      ctx.announce({ type: "votes", postId: move.postId, replyId: result.replyId, upvotes, downvotes });
      return result;
    }),
});
