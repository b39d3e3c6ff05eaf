import { voteInput } from "@forum/contracts";
import { castVote } from "../services/votes";
import { memberProcedure, router } from "../trpc";

export const votesRouter = router({
  /** Writes votes and the counts of posts or replies. */
  cast: memberProcedure
    .meta({ writes: ["votes"] })
    .input(voteInput)
    .mutation(({ ctx, input }) =>
      castVote(
        ctx.db,
        ctx.user.id,
        input.replyId !== undefined ? { replyId: input.replyId } : { postId: input.postId as number },
        input.type,
      ),
    ),
});
