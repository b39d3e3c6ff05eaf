import { voteInput } from "@forum/contracts";
import { castVote } from "../services/votes";
import { memberProcedure, router } from "../trpc";

export const votesRouter = router({
  cast: memberProcedure
    .meta({ writes: ["votes"] })
    .input(voteInput)
    .mutation(({ ctx, input }) => castVote(ctx.db, ctx.user.id, input.postId, input.type)),
});
