// Full-text search, on either engine (the indexes: migrations 0009 and 0015). A post is found by
// its title, its content or one of its replies, in three tiers one after the other: every term in
// the title; else every term in the title and content together; else every term in one reply.
//
// Order by relevance: the title tier by the engine's relevance (SQLite's bm25, PostgreSQL's
// ts_rank), newer first on ties; the content and reply tiers newest post first. Why not bm25
// there too: a relevance score needs every match scored (and bm25 reads each term's whole
// doclist first), and at 100,000 posts a common word is in tens of thousands of posts' text and
// hundreds of thousands of replies: 20 to 90 ms a query, where reading the newest matches in the
// index's own order stops after the page. Titles are short, so ranking them stays cheap.
// Sorted by newest: newest post first, whichever tier matched.
//
// A page is read tier by tier, so the first pages of a common word read only the title tier; a
// tier's rows are counted only when a page lies wholly past it.
//
// What the person typed arrives parsed (@forum/contracts parseSearchQuery). Each term is first
// read by the engine's own search-text rules, the ones its index was written with (migration
// 0019: "C++" is "cplusplus" at both ends), then goes to the engine as a quoted string, so its
// tokenizer reads it (English stemming on both, no stop words dropped) and nothing in it is ever
// an operator; the last term may match as a prefix (parseSearchQuery decides when).
import type { SearchMatchedIn, SearchSort, SearchTerm } from "@forum/contracts";
import { type Engine, engineOf } from "./engine";
import type { ForumDb } from "./handle";
import type { EngineSearch } from "./search/engineSearch";
import { postgresSearch } from "./search/postgres";
import { sqliteSearch } from "./search/sqlite";

export type SearchHit = { postId: number; matchedIn: SearchMatchedIn; replyId: number | null };

export type SearchPageOptions = {
  categoryId?: number | undefined;
  sort: SearchSort;
  offset: number;
  limit: number;
};

/** One page of results: post ids with where each matched (and the matching reply, for a reply match). */
export async function searchPage(db: ForumDb, terms: SearchTerm[], options: SearchPageOptions): Promise<SearchHit[]> {
  const engine = ENGINES[engineOf(db)];
  const query = terms.length === 0 ? null : await engine.query(db, terms);
  if (query === null) return [];
  const { categoryId } = options;
  if (options.sort === "new") return newestPage(db, engine, query, options);

  const hits: SearchHit[] = [];
  let offset = options.offset;
  for (const tier of ["title", "content", "reply"] as const) {
    const need = options.limit - hits.length;
    if (need === 0) break;
    const rows =
      tier === "reply"
        ? await engine.replyPosts(db, query, { categoryId, exclude: true, newerThan: 0 }, offset, need)
        : (tier === "title"
            ? await engine.titleRanked(db, query, categoryId, offset, need)
            : await engine.newestPosts(db, query, "content", categoryId, offset, need)
          ).map((postId) => ({ postId, replyId: null }));
    hits.push(...rows.map((row) => ({ ...row, matchedIn: tier })));
    // A page that ends in this tier goes on at the start of the next; a page past it skips its
    // rows (none to count when the page started at the tier's first row and found none).
    if (rows.length > 0) offset = 0;
    else if (offset > 0) offset -= await countTier(db, engine, query, tier, categoryId, offset);
  }
  return hits;
}

/** How many posts match, exact up to `cap`. */
export async function searchCount(
  db: ForumDb,
  terms: SearchTerm[],
  categoryId: number | undefined,
  cap: number,
): Promise<{ count: number; exact: boolean }> {
  const engine = ENGINES[engineOf(db)];
  const query = terms.length === 0 ? null : await engine.query(db, terms);
  if (query === null) return { count: 0, exact: true };
  // Title and content tiers together are one match of the post's text.
  let count = await engine.count(db, query, "post", categoryId, cap + 1);
  if (count <= cap) count += await countTier(db, engine, query, "reply", categoryId, cap + 1 - count);
  return count > cap ? { count: cap, exact: false } : { count, exact: true };
}

function countTier(
  db: ForumDb,
  engine: EngineSearch,
  query: string,
  tier: SearchMatchedIn,
  categoryId: number | undefined,
  cap: number,
): Promise<number> {
  if (tier !== "reply") return engine.count(db, query, tier, categoryId, cap);
  return engine
    .replyPosts(db, query, { categoryId, exclude: true, newerThan: 0 }, 0, cap)
    .then((posts) => posts.length);
}

/**
 * Newest first over all tiers: the newest posts whose own text matches, and the posts with a
 * matching reply among those newer than the last of them (an older one cannot make the page).
 */
async function newestPage(
  db: ForumDb,
  engine: EngineSearch,
  query: string,
  options: SearchPageOptions,
): Promise<SearchHit[]> {
  const want = options.offset + options.limit;
  const byText = await engine.newestPosts(db, query, "post", options.categoryId, 0, want);
  const newerThan = byText.length === want ? (byText.at(-1) as number) : 0;
  const byReply = await engine.replyPosts(
    db,
    query,
    { categoryId: options.categoryId, exclude: false, newerThan },
    0,
    want,
  );
  const replyOf = new Map(byReply.map((row) => [row.postId, row.replyId]));
  const ids = [...new Set([...byText, ...replyOf.keys()])]
    .sort((a, b) => b - a)
    .slice(options.offset, options.offset + options.limit);
  if (ids.length === 0) return [];
  const inTitle = new Set(await engine.matching(db, query, "title", ids));
  const inPost = new Set(byText);
  return ids.map((postId) =>
    inTitle.has(postId)
      ? { postId, matchedIn: "title", replyId: null }
      : inPost.has(postId)
        ? { postId, matchedIn: "content", replyId: null }
        : { postId, matchedIn: "reply", replyId: replyOf.get(postId) ?? null },
  );
}

const ENGINES: Record<Engine, EngineSearch> = { sqlite: sqliteSearch, postgres: postgresSearch };
