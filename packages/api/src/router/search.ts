import { searchCountInput, searchInput } from "@forum/contracts";
import { withMyVotes } from "../services/posts";
import { countSearchResults, searchPosts } from "../services/search";
import { cachedRead, router, visitorReadProcedure } from "../trpc";

export const searchRouter = router({
  /** Posts matching the query, most relevant first (or newest); the member's own votes on top. */
  posts: visitorReadProcedure.input(searchInput).query(async ({ ctx, input }) => {
    const page = await cachedRead(ctx, `search.posts ${JSON.stringify(input)}`, () => searchPosts(ctx.db, input));
    return withMyVotes(ctx.db, ctx.user?.id ?? null, page);
  }),

  /** How many posts the query finds: exact up to 1,000, then { count: 1000, exact: false }. */
  count: visitorReadProcedure
    .input(searchCountInput)
    .query(({ ctx, input }) =>
      cachedRead(ctx, `search.count ${JSON.stringify(input)}`, () => countSearchResults(ctx.db, input)),
    ),
});
