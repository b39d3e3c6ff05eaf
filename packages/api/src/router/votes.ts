import { voteInput } from "@forum/contracts";
import { postScope } from "../cache/policy";
import { memberProcedure, router } from "../trpc";

export const votesRouter = router({
  /**
   * Writes votes and the counts of posts or replies. A vote on a post is within that post (other
   * posts' replies pages stay kept); a vote on a reply is not narrowed.
   */
  cast: memberProcedure
    .meta({ writes: ["votes"], writesWithin: postScope })
    .input(voteInput)
    .mutation(({ ctx, input }) =>
      ctx.runWrite("castVote", {
        userId: ctx.user.id,
        target: input.replyId !== undefined ? { replyId: input.replyId } : { postId: input.postId as number },
        type: input.type,
      }),
    ),
});
