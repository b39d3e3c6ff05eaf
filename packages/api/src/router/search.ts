import {
  MESSAGES,
  type SearchResultView,
  searchCountInput,
  searchCountViewSchema,
  searchInput,
  searchResultViewSchema,
} from "@forum/contracts";
import { z } from "zod";
import { cachePolicy } from "../cache/policy";
import { answer } from "../describe";
import { POST_LIST_READS } from "../services/posts";
import { withMyPart } from "../services/readStates";
import { searcherOn } from "../services/search";
import { publicProcedure, router } from "../trpc";

/**
 * Search answers kept (each cache): nearly every query is new, and an answer of 20 posts with
 * their text holds about 100 KB of memory; a thousand of them took 150 MB and pushed the hot lists
 * out. The recent ones still serve Back, a page shared by link and the same query asked at once.
 */
const SEARCH_ANSWERS_KEPT = 64;

export const searchRouter = router({
  /** Posts matching the query, most relevant first (or newest); the member's own votes and reading on top. */
  posts: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/search", from: "query" },
      summary: "Posts matching a query, most relevant (or newest) first, each with a plain-text snippet",
      failures: { 400: MESSAGES.searchTooShort },
      ...cachePolicy(POST_LIST_READS, {
        sharedBy: "everyone",
        window: "minute",
        keptAtMost: SEARCH_ANSWERS_KEPT,
        overlay: (page: SearchResultView[], ctx) => withMyPart(ctx.db, ctx.user?.id ?? null, page),
      }),
    })
    .input(searchInput)
    .output(answer(z.array(searchResultViewSchema)))
    .query(({ ctx, input }) => (ctx.search ?? searcherOn(ctx.db)).posts(input)),

  /** How many posts the query finds: exact up to 1,000, then { count: 1000, exact: false }. */
  count: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/search/count", from: "query" },
      summary: "How many posts a query finds: exact up to 1,000, then only that there are more",
      failures: { 400: MESSAGES.searchTooShort },
      ...cachePolicy(["posts", "replies"], { sharedBy: "everyone", keptAtMost: SEARCH_ANSWERS_KEPT }),
    })
    .input(searchCountInput)
    .output(answer(searchCountViewSchema))
    .query(({ ctx, input }) => (ctx.search ?? searcherOn(ctx.db)).count(input)),
});
