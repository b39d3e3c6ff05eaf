// Search: the engine finds and ranks the posts (@forum/db searchPage); this turns its hits into
// the list's post shape, with a plain-text snippet cut around the best match of the text that
// matched (the content for title and content matches, the best reply's text for reply matches).
// On SQLite the whole of it runs on reader threads (readThreads.ts), off the event loop.
import {
  parseSearchQuery,
  SEARCH_COUNT_CAP,
  type SearchCountView,
  type SearchResultView,
  type SearchSort,
} from "@forum/contracts";
import { plainSnippetOf } from "@forum/contracts/plain-text";
import { type ForumDb, searchCount, searchPage } from "@forum/db";
import { selectPosts, toPostView } from "./posts";

export type SearchOptions = {
  q: string;
  categoryId?: number | undefined;
  sort: SearchSort;
  offset: number;
  limit: number;
};

export async function searchPosts(db: ForumDb, options: SearchOptions): Promise<SearchResultView[]> {
  const terms = parseSearchQuery(options.q);
  const hits = await searchPage(db, terms, options);
  if (hits.length === 0) return [];
  const posts = await selectPosts(db, null)
    .where(
      "posts.id",
      "in",
      hits.map((hit) => hit.postId),
    )
    .execute();
  const replyIds = hits.flatMap((hit) => (hit.replyId === null ? [] : [hit.replyId]));
  const replies =
    replyIds.length === 0
      ? []
      : await db.selectFrom("replies").select(["id", "content"]).where("id", "in", replyIds).execute();
  const postById = new Map(posts.map((row) => [row.id, row]));
  const replyText = new Map(replies.map((reply) => [reply.id, reply.content]));
  return hits.flatMap((hit) => {
    const row = postById.get(hit.postId);
    if (!row) return [];
    const text = (hit.replyId !== null && replyText.get(hit.replyId)) || row.content;
    return [{ ...toPostView(row), snippet: plainSnippetOf(text, terms), matchedIn: hit.matchedIn }];
  });
}

export type SearchCountOptions = { q: string; categoryId?: number | undefined };

export async function countSearchResults(db: ForumDb, options: SearchCountOptions): Promise<SearchCountView> {
  return searchCount(db, parseSearchQuery(options.q), options.categoryId, SEARCH_COUNT_CAP);
}

/** Where searches run: on a connection of this thread, or on reader threads (readThreads.ts). */
export type Searcher = {
  posts: (options: SearchOptions) => Promise<SearchResultView[]>;
  count: (options: SearchCountOptions) => Promise<SearchCountView>;
};

/** The calls a search thread serves (searchWorker.ts), by name. */
export const SEARCH_CALLS = { posts: searchPosts, count: countSearchResults };

export function searcherOn(db: ForumDb): Searcher {
  return { posts: (options) => searchPosts(db, options), count: (options) => countSearchResults(db, options) };
}
