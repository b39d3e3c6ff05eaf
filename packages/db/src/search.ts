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
import { type RawBuilder, sql } from "kysely";
import { type Engine, engineOf } from "./engine";
import type { ForumDb } from "./handle";

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

// ---------------------------------------------------------------------------------------------
// The engines

type ReplyPostsOptions = {
  categoryId: number | undefined;
  /** Leave out posts whose own text matches (the reply tier). */
  exclude: boolean;
  /** Only posts with a larger id (0: all). */
  newerThan: number;
};
type ReplyPost = { postId: number; replyId: number };

type EngineSearch = {
  /** The engine's query text for all terms; null when a term has no word the engine can search. */
  query: (db: ForumDb, terms: SearchTerm[]) => Promise<string | null>;
  /** Posts with every term in the title, most relevant first. */
  titleRanked: (
    db: ForumDb,
    query: string,
    categoryId: number | undefined,
    offset: number,
    limit: number,
  ) => Promise<number[]>;
  /** Posts whose text matches ("content": but not their title alone), newest first. */
  newestPosts: (
    db: ForumDb,
    query: string,
    where: "content" | "post",
    categoryId: number | undefined,
    offset: number,
    limit: number,
  ) => Promise<number[]>;
  /** Posts with a matching reply, newest first, each with its newest matching reply. */
  replyPosts: (
    db: ForumDb,
    query: string,
    options: ReplyPostsOptions,
    offset: number,
    limit: number,
  ) => Promise<ReplyPost[]>;
  /** How many posts' text matches ("post": title and content together), up to `cap`. */
  count: (
    db: ForumDb,
    query: string,
    where: "title" | "content" | "post",
    categoryId: number | undefined,
    cap: number,
  ) => Promise<number>;
  /** Which of `ids` match in their title, or their text. */
  matching: (db: ForumDb, query: string, where: "title" | "post", ids: number[]) => Promise<number[]>;
};

async function rows<T>(db: ForumDb, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

async function ids(db: ForumDb, query: RawBuilder<{ id: number }>): Promise<number[]> {
  return (await rows(db, query)).map((row) => Number(row.id));
}

async function countOf(db: ForumDb, query: RawBuilder<{ n: number }>): Promise<number> {
  return Number((await rows(db, query))[0]?.n ?? 0);
}

/**
 * Each term's search text, read by the engine's own rules (migration 0019), words separated by
 * single spaces; null when one has no word left (it can match nothing, so neither can the query).
 */
async function searchTexts(
  db: ForumDb,
  terms: SearchTerm[],
  select: (json: string) => RawBuilder<{ text: string | null }>,
): Promise<string[] | null> {
  const found = await rows(db, select(JSON.stringify(terms.map((term) => term.text))));
  const texts = found.map((row) => (row.text ?? "").replace(/\s+/g, " ").trim());
  return texts.length === terms.length && texts.every((text) => text !== "") ? texts : null;
}

/** A join to posts and its condition, only with a category filter. */
const categoryJoin = (idColumn: string, categoryId: number | undefined) =>
  categoryId === undefined ? sql`` : sql`join posts p on p.id = ${sql.ref(idColumn)}`;
const inCategory = (categoryId: number | undefined) =>
  categoryId === undefined ? sql`` : sql`and p."categoryId" = ${categoryId}`;

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

const sqliteSearch: EngineSearch = {
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

// PostgreSQL: post_search (title, and title + content as one document) and reply_search, each a
// tsvector of the forum_english configuration (0015: english stemming, no stop words dropped)
// with a GIN index. to_tsquery reads a quoted string with the same parser and stemmer as the
// documents ('…' doubles an embedded quote); :* makes a prefix.
const tsQuery = (text: string) => sql`to_tsquery('forum_english', ${text})`;

const postgresSearch: EngineSearch = {
  query: async (db, terms) => {
    const texts = await searchTexts(
      db,
      terms,
      (json) => sql<{ text: string | null }>`select forum_search_text(t.value) as text
        from json_array_elements_text(${json}::json) with ordinality as t(value, n) order by t.n`,
    );
    return (
      texts
        ?.map((text, i) => `'${text.replaceAll("\\", "\\\\").replaceAll("'", "''")}'${terms[i]?.prefix ? ":*" : ""}`)
        .join(" & ") ?? null
    );
  },
  titleRanked: (db, query, categoryId, offset, limit) =>
    ids(
      db,
      sql<{ id: number }>`select ps."postId" as id from post_search ps ${categoryJoin("ps.postId", categoryId)}
        where ps.title @@ ${tsQuery(query)} ${inCategory(categoryId)}
        order by ts_rank(ps.title, ${tsQuery(query)}) desc, ps."postId" desc limit ${limit} offset ${offset}`,
    ),
  newestPosts: (db, query, where, categoryId, offset, limit) =>
    ids(
      db,
      sql<{ id: number }>`select ps."postId" as id from post_search ps ${categoryJoin("ps.postId", categoryId)}
        where ${postgresWhere(query, where)} ${inCategory(categoryId)}
        order by ps."postId" desc limit ${limit} offset ${offset}`,
    ),
  replyPosts: (db, query, options, offset, limit) =>
    rows(
      db,
      sql<ReplyPost>`select rs."postId", max(rs."replyId") as "replyId" from reply_search rs
        ${categoryJoin("rs.postId", options.categoryId)}
        where rs.document @@ ${tsQuery(query)} ${inCategory(options.categoryId)}
          ${options.newerThan > 0 ? sql`and rs."postId" > ${options.newerThan}` : sql``}
          ${
            options.exclude
              ? sql`and not exists (select 1 from post_search ps
                  where ps."postId" = rs."postId" and ps.document @@ ${tsQuery(query)})`
              : sql``
          }
        group by rs."postId" order by rs."postId" desc limit ${limit} offset ${offset}`,
    ),
  count: (db, query, where, categoryId, cap) =>
    countOf(
      db,
      sql<{
        n: number;
      }>`select count(*) as n from (select 1 from post_search ps ${categoryJoin("ps.postId", categoryId)}
        where ${postgresWhere(query, where)} ${inCategory(categoryId)} limit ${cap}) found`,
    ),
  matching: (db, query, where, postIds) =>
    ids(
      db,
      sql<{ id: number }>`select "postId" as id from post_search
        where ${sql.ref(where === "title" ? "title" : "document")} @@ ${tsQuery(query)}
          and "postId" in (${sql.join(postIds)})`,
    ),
};

function postgresWhere(query: string, where: "title" | "content" | "post") {
  if (where === "title") return sql`ps.title @@ ${tsQuery(query)}`;
  if (where === "post") return sql`ps.document @@ ${tsQuery(query)}`;
  return sql`ps.document @@ ${tsQuery(query)} and not ps.title @@ ${tsQuery(query)}`;
}

const ENGINES: Record<Engine, EngineSearch> = { sqlite: sqliteSearch, postgres: postgresSearch };
