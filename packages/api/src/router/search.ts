import { searchCountInput, searchInput } from "@forum/contracts";
import { cachePolicy } from "../cache/policy";
import { withMyVotes } from "../services/posts";
import { countSearchResults, searchPosts } from "../services/search";
import { publicProcedure, router } from "../trpc";

export const searchRouter = router({
  /** Posts matching the query, most relevant first (or newest); the member's own votes on top. */
  posts: publicProcedure
    .meta(cachePolicy(["posts", "replies", "votes", "users", "categories"], { sharedBy: "everyone", window: "minute" }))
    .input(searchInput)
    .query(async ({ ctx, input }) => {
      const page = await ctx.sharedAnswer(() => searchPosts(ctx.db, input));
      return withMyVotes(ctx.db, ctx.user?.id ?? null, page);
    }),

  /** How many posts the query finds: exact up to 1,000, then { count: 1000, exact: false }. */
  count: publicProcedure
    .meta(cachePolicy(["posts", "replies"]))
    .input(searchCountInput)
    .query(({ ctx, input }) => ctx.sharedAnswer(() => countSearchResults(ctx.db, input))),
});
