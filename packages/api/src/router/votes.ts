import { voteInput } from "@forum/contracts";
import { memberProcedure, router } from "../trpc";

export const votesRouter = router({
  /** Writes votes and the counts of posts or replies. */
  cast: memberProcedure
    .meta({ writes: ["votes"] })
    .input(voteInput)
    .mutation(({ ctx, input }) =>
      ctx.runWrite("castVote", {
        userId: ctx.user.id,
        target: input.replyId !== undefined ? { replyId: input.replyId } : { postId: input.postId as number },
        type: input.type,
      }),
    ),
});
