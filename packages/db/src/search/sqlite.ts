import type { SearchTerm } from "@forum/contracts";
import { sql } from "kysely";
import type { ForumDb } from "../handle";
import {
  categoryJoin,
  countOf,
  type EngineSearch,
  ids,
  inCategory,
  type ReplyPost,
  type ReplyPostsOptions,
  rows,
  searchTexts,
} from "./engineSearch";

// SQLite: FTS5 tables posts_fts (title, content), posts_title_fts (title), both with rowid = the
// post's id, and replies_by_post_fts (content), keyed -(postId * 2^32 + replyId) (0015). A
// string in double quotes is one token or a phrase, whatever it holds ("" stands for a quote);
// * after it makes its last token a prefix. "Newest first" is highest id first: every write path
// stamps a post with the time of its insert (the API, bulk imports, the seeds; the synthetic set
// numbers posts in date order), so ids follow creation time.
const REPLY_POST = sql.raw(`(-replies_by_post_fts.rowid) >> 32`);
const REPLY_ID = sql.raw(`(-replies_by_post_fts.rowid) & 4294967295`);
/**
 * Reply matches read at once while looking for enough distinct posts: the first batch a little
 * more than the page needs, then twice as many each time. FTS5 stops after the batch, and a
 * phrase or words that rarely meet cost per match read (a batch of 256 of "docker latency" read
 * every one of its 200 matches in a million replies: 8 ms; most pages need the first 40).
 */
const FIRST_REPLY_BATCH = 32;
const MAX_REPLY_BATCH = 1024;

/** More words than this starting with the last one: FTS5's own prefix query reads them. */
const MAX_PREFIX_WORDS = 64;
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

export const sqliteSearch: EngineSearch = {
  query: async (db, terms) => {
    const texts = await searchTexts(
      db,
      terms,
      (json) => sql<{ text: string | null }>`select (select text from search_text where input = j.value) as text
        from json_each(${json}) j order by j.key`,
    );
    if (!texts) return null;
    const parts = texts.map(quoted);
    const last = terms.at(-1);
    if (last?.prefix) parts[parts.length - 1] = await sqlitePrefix(db, last, texts.at(-1) as string);
    return parts.join(" AND ");
  },
  titleRanked: (db, query, categoryId, offset, limit) =>
    ids(
      db,
      sql<{ id: number }>`select posts_title_fts.rowid as id from posts_title_fts
        ${categoryJoin("posts_title_fts.rowid", categoryId)}
        where posts_title_fts match ${query} ${inCategory(categoryId)}
        order by bm25(posts_title_fts), posts_title_fts.rowid desc limit ${limit} offset ${offset}`,
    ),
  // {title} : (…) matches within the title column; NOT is read along with the match, in order.
  newestPosts: (db, query, where, categoryId, offset, limit) =>
    ids(
      db,
      sql<{ id: number }>`select posts_fts.rowid as id from posts_fts ${categoryJoin("posts_fts.rowid", categoryId)}
        where posts_fts match ${where === "content" ? contentOnly(query) : query} ${inCategory(categoryId)}
        order by posts_fts.rowid desc limit ${limit} offset ${offset}`,
    ),
  // The matches come newest post first, each post's newest reply first: batches of them are read
  // until enough distinct posts pass the filters (a busy thread may fill a batch on its own).
  // (An upper bound on the key would be slower: FTS5 then reads the whole match.)
  replyPosts: async (db, query, options, offset, limit) => {
    const want = offset + limit;
    const found: ReplyPost[] = [];
    const seen = new Set<number>();
    let after: ReplyPost | null = null;
    // In one category (a sixth of the posts for the largest), far more matches pass by.
    const first = options.categoryId === undefined ? Math.max(FIRST_REPLY_BATCH, 2 * want) : 8 * want;
    let size = Math.min(MAX_REPLY_BATCH, first);
    while (found.length < want) {
      const batch: ReplyPost[] = await rows(
        db,
        sql<ReplyPost>`select ${REPLY_POST} as "postId", ${REPLY_ID} as "replyId" from replies_by_post_fts
          where replies_by_post_fts match ${query}
            ${after ? sql`and replies_by_post_fts.rowid > -(${after.postId} * 4294967296 + ${after.replyId})` : sql``}
          order by replies_by_post_fts.rowid limit ${size}`,
      );
      const fresh = batch.filter(
        (row) => row.postId > options.newerThan && !seen.has(row.postId) && seen.add(row.postId),
      );
      const kept = new Set(await sqliteKeep(db, query, options, fresh));
      found.push(...fresh.filter((row) => kept.has(row.postId)));
      const last = batch.at(-1);
      if (batch.length < size || !last || last.postId <= options.newerThan) break;
      after = last;
      size = Math.min(MAX_REPLY_BATCH, size * 2);
    }
    return found.slice(offset, want);
  },
  count: (db, query, where, categoryId, cap) => {
    const table = sql.table(where === "title" ? "posts_title_fts" : "posts_fts");
    return countOf(
      db,
      sql<{ n: number }>`select count(*) as n from (select 1 from ${table} f ${categoryJoin("f.rowid", categoryId)}
        where ${table} match ${where === "content" ? contentOnly(query) : query} ${inCategory(categoryId)}
        limit ${cap})`,
    );
  },
  // A rowid range is one pass over the match (an IN list is one whole match per id); the ids of
  // a page are close together, since it holds the newest matches.
  matching: async (db, query, where, postIds) => {
    const table = sql.table(where === "title" ? "posts_title_fts" : "posts_fts");
    const wanted = new Set(postIds);
    const found = await ids(
      db,
      sql<{ id: number }>`select rowid as id from ${table} where ${table} match ${query}
        and rowid between ${Math.min(...postIds)} and ${Math.max(...postIds)}`,
    );
    return found.filter((id) => wanted.has(id));
  },
};

function contentOnly(query: string): string {
  return `(${query}) NOT {title} : (${query})`;
}

/**
 * The last word as a prefix: the words of the index that start with it (search_words, 0015), each
 * read like any word, and the word itself (its stem finds "caching" for "cache"); FTS5's own
 * prefix query when there are too many, or for a run of words ("foo-bar"). `text` is the term's
 * search text (a prefix term is never a name, so its one word is the word typed).
 */
async function sqlitePrefix(db: ForumDb, term: SearchTerm, text: string): Promise<string> {
  const [word] = term.words;
  if (term.words.length !== 1 || !word) return `${quoted(text)}*`;
  const last = word.codePointAt(word.length - 1) as number;
  const end = `${word.slice(0, -1)}${String.fromCodePoint(last + 1)}`;
  const words = (
    await rows(
      db,
      sql<{ word: string }>`select word from search_words where word >= ${word} and word < ${end}
        order by word limit ${MAX_PREFIX_WORDS + 1}`,
    )
  ).map((row) => row.word);
  if (words.length > MAX_PREFIX_WORDS) return `${quoted(text)}*`;
  return `(${[text, ...words.filter((found) => found !== word)].map(quoted).join(" OR ")})`;
}

/** The posts of `candidates` that pass the reply tier's filters: in the category, text not matching. */
async function sqliteKeep(
  db: ForumDb,
  query: string,
  options: ReplyPostsOptions,
  candidates: ReplyPost[],
): Promise<number[]> {
  let postIds = candidates.map((row) => row.postId);
  if (postIds.length === 0) return [];
  if (options.categoryId !== undefined) {
    postIds = await ids(
      db,
      sql<{
        id: number;
      }>`select id from posts where id in (${sql.join(postIds)}) and "categoryId" = ${options.categoryId}`,
    );
  }
  if (!options.exclude || postIds.length === 0) return postIds;
  const matched = new Set(await sqliteSearch.matching(db, query, "post", postIds));
  return postIds.filter((id) => !matched.has(id));
}
