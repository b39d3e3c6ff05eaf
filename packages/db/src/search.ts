// Full-text search, on either engine (the indexes: migrations/0009_search.ts). A post is found by
// its title, its content or one of its replies, in three tiers ranked one after the other:
// every term in the title; else every term in the title and content together; else every term in
// one reply. Within a tier by the engine's relevance (SQLite's bm25, PostgreSQL's ts_rank), newer
// first on ties (ids follow creation time). A page is read tier by tier, so the first pages of a
// common word rank only the posts whose title has it; a tier's rows are counted only when a page
// lies wholly past it.
//
// What the person typed arrives parsed (@forum/contracts parseSearchQuery): each term goes to the
// engine as a quoted string, so its own tokenizer reads it (English stemming on both) and nothing
// in it is ever an operator; the last term matches as a prefix.
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

const TIERS: readonly SearchMatchedIn[] = ["title", "content", "reply"];

/** One page of results: post ids with where each matched (and the best reply, for a reply match). */
export async function searchPage(db: ForumDb, terms: SearchTerm[], options: SearchPageOptions): Promise<SearchHit[]> {
  if (terms.length === 0) return [];
  const engine = ENGINES[engineOf(db)];
  const query = engine.query(terms);
  if (options.sort === "new") {
    const ids = await engine.newest(db, query, options);
    return classify(db, engine, query, ids);
  }
  const hits: SearchHit[] = [];
  let offset = options.offset;
  for (const tier of TIERS) {
    const need = options.limit - hits.length;
    if (need === 0) break;
    const rows = await engine.tier[tier](db, query, options.categoryId, offset, need);
    hits.push(...rows.map((row) => ({ postId: row.postId, replyId: row.replyId ?? null, matchedIn: tier })));
    // A page that ends in this tier goes on at the start of the next; a page past it skips its rows.
    offset = rows.length > 0 ? 0 : offset - (await engine.count[tier](db, query, options.categoryId, offset));
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
  if (terms.length === 0) return { count: 0, exact: true };
  const engine = ENGINES[engineOf(db)];
  const query = engine.query(terms);
  // Title and content tiers together are one match of the post's text.
  let count = await engine.count.post(db, query, categoryId, cap + 1);
  if (count <= cap) count += await engine.count.reply(db, query, categoryId, cap + 1 - count);
  return count > cap ? { count: cap, exact: false } : { count, exact: true };
}

/** Where each post of a page (in the page's order) matched, for a page not read tier by tier. */
async function classify(db: ForumDb, engine: EngineSearch, query: EngineQuery, ids: number[]): Promise<SearchHit[]> {
  if (ids.length === 0) return [];
  const inTitle = new Set(await engine.matching(db, query, "title", ids));
  const inPost = new Set(await engine.matching(db, query, "post", ids));
  const rest = ids.filter((id) => !inPost.has(id));
  const bestReply = rest.length === 0 ? new Map<number, number>() : await engine.bestReplies(db, query, rest);
  return ids.map((postId) =>
    inTitle.has(postId)
      ? { postId, matchedIn: "title", replyId: null }
      : inPost.has(postId)
        ? { postId, matchedIn: "content", replyId: null }
        : { postId, matchedIn: "reply", replyId: bestReply.get(postId) ?? null },
  );
}

// ---------------------------------------------------------------------------------------------
// The engines

/** The engine's query text for all terms, and for all terms within the title. */
type EngineQuery = { all: string; title: string };
type TierRow = { postId: number; replyId?: number | null };
type TierPage = (
  db: ForumDb,
  query: EngineQuery,
  categoryId: number | undefined,
  offset: number,
  limit: number,
) => Promise<TierRow[]>;
type TierCount = (db: ForumDb, query: EngineQuery, categoryId: number | undefined, cap: number) => Promise<number>;

type EngineSearch = {
  query: (terms: SearchTerm[]) => EngineQuery;
  tier: Record<SearchMatchedIn, TierPage>;
  /** "post": title and content together (the first two tiers). */
  count: Record<SearchMatchedIn | "post", TierCount>;
  newest: (db: ForumDb, query: EngineQuery, options: SearchPageOptions) => Promise<number[]>;
  matching: (db: ForumDb, query: EngineQuery, where: "title" | "post", ids: number[]) => Promise<number[]>;
  /** The best matching reply of each post (post id to reply id). */
  bestReplies: (db: ForumDb, query: EngineQuery, postIds: number[]) => Promise<Map<number, number>>;
};

async function rows<T>(db: ForumDb, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

async function countOf(db: ForumDb, query: RawBuilder<{ n: number }>): Promise<number> {
  return Number((await rows(db, query))[0]?.n ?? 0);
}

/**
 * "Newest first" sorts by id: every write path stamps a post with the time of its insert (the API,
 * bulk imports, the seeds; the synthetic set numbers posts in date order), so ids follow
 * creation time, and sorting matching ids needs no post row.
 */
const newestInCategory = (categoryId: number | undefined) =>
  categoryId === undefined ? sql`` : sql`where id in (select id from posts where "categoryId" = ${categoryId})`;

const inCategory = (column: string, categoryId: number | undefined) =>
  categoryId === undefined ? sql`` : sql`and ${sql.ref(column)} = ${categoryId}`;

// SQLite: FTS5 tables posts_fts (title, content) and replies_fts (content), rowid = the row's id.
// A string in double quotes is one token or a phrase, whatever it holds ("" stands for a quote);
// * after it makes its last token a prefix; {title} : (…) matches within the title alone.
const sqliteSearch: EngineSearch = {
  query: (terms) => {
    const all = terms.map((term) => `"${term.text.replaceAll('"', '""')}"${term.prefix ? "*" : ""}`).join(" AND ");
    return { all, title: `{title} : (${all})` };
  },
  tier: {
    title: (db, query, categoryId, offset, limit) =>
      rows(
        db,
        sql<TierRow>`select posts_fts.rowid as "postId", bm25(posts_fts, 1.0, 0.0) as score from posts_fts
          ${categoryId === undefined ? sql`` : sql`join posts p on p.id = posts_fts.rowid`}
          where posts_fts match ${query.title} ${inCategory("p.categoryId", categoryId)}
          order by score, posts_fts.rowid desc limit ${limit} offset ${offset}`,
      ),
    content: (db, query, categoryId, offset, limit) =>
      rows(
        db,
        sql<TierRow>`select posts_fts.rowid as "postId", bm25(posts_fts, 2.0, 1.0) as score from posts_fts
          ${categoryId === undefined ? sql`` : sql`join posts p on p.id = posts_fts.rowid`}
          where posts_fts match ${contentOnly(query)} ${inCategory("p.categoryId", categoryId)}
          order by score, posts_fts.rowid desc limit ${limit} offset ${offset}`,
      ),
    // SQLite gives the bare column "replyId" of the row that holds min(): the post's best reply.
    // (bm25 cannot run inside an aggregate: the matches are materialized first.)
    reply: (db, query, categoryId, offset, limit) =>
      rows(
        db,
        sql<TierRow>`with matched as materialized (
            select r."postId" as "postId", r.id as "replyId", bm25(replies_fts) as score
            from replies_fts join replies r indexed by replies_id_post on r.id = replies_fts.rowid
            ${categoryId === undefined ? sql`` : sql`join posts p on p.id = r."postId"`}
            where replies_fts match ${query.all} ${inCategory("p.categoryId", categoryId)}
              and r."postId" not in (select rowid from posts_fts where posts_fts match ${query.all})
          )
          select "postId", "replyId", min(score) as best from matched
          group by "postId" order by best, "postId" desc limit ${limit} offset ${offset}`,
      ),
  },
  count: {
    title: (db, query, categoryId, cap) => sqlitePostCount(db, query.title, categoryId, cap),
    content: (db, query, categoryId, cap) => sqlitePostCount(db, contentOnly(query), categoryId, cap),
    post: (db, query, categoryId, cap) => sqlitePostCount(db, query.all, categoryId, cap),
    reply: (db, query, categoryId, cap) =>
      countOf(
        db,
        sql<{ n: number }>`select count(*) as n from (select distinct r."postId"
          from replies_fts join replies r indexed by replies_id_post on r.id = replies_fts.rowid
          ${categoryId === undefined ? sql`` : sql`join posts p on p.id = r."postId"`}
          where replies_fts match ${query.all} ${inCategory("p.categoryId", categoryId)}
            and r."postId" not in (select rowid from posts_fts where posts_fts match ${query.all})
          limit ${cap})`,
      ),
  },
  // Newest first is highest id first (see newestFirst): the matching ids alone are sorted, no
  // post row is read.
  newest: (db, query, options) =>
    ids(
      db,
      sql<{ id: number }>`select id from (
          select rowid as id from posts_fts where posts_fts match ${query.all}
          union
          select r."postId" from replies_fts join replies r indexed by replies_id_post on r.id = replies_fts.rowid
          where replies_fts match ${query.all}
        ) ${newestInCategory(options.categoryId)}
        order by id desc limit ${options.limit} offset ${options.offset}`,
    ),
  // A rowid range is a seek within the match (an IN list is one whole match per id); the ids of
  // a page are close together, since it holds the newest matches.
  matching: async (db, query, where, postIds) => {
    const wanted = new Set(postIds);
    const found = await ids(
      db,
      sql<{ id: number }>`select rowid as id from posts_fts
        where posts_fts match ${where === "title" ? query.title : query.all}
          and rowid between ${Math.min(...postIds)} and ${Math.max(...postIds)}`,
    );
    return found.filter((id) => wanted.has(id));
  },
  // The posts' replies, then the match within their id range in one pass (one seek into the match
  // per reply costs more: each re-reads the query's terms).
  bestReplies: async (db, query, postIds) => {
    const replies = await rows(
      db,
      sql<{ id: number; postId: number }>`select id, "postId" from replies where "postId" in (${sql.join(postIds)})`,
    );
    const postOf = new Map(replies.map((reply) => [reply.id, reply.postId]));
    const best = new Map<number, { id: number; score: number }>();
    if (replies.length === 0) return new Map();
    const scored = await rows(
      db,
      sql<{ id: number; score: number }>`select rowid as id, bm25(replies_fts) as score from replies_fts
        where replies_fts match ${query.all}
          and rowid between ${Math.min(...postOf.keys())} and ${Math.max(...postOf.keys())}`,
    );
    for (const { id, score } of scored) {
      const postId = postOf.get(id);
      if (postId === undefined) continue;
      const current = best.get(postId);
      if (!current || score < current.score || (score === current.score && id > current.id)) {
        best.set(postId, { id, score });
      }
    }
    return new Map([...best].map(([postId, reply]) => [postId, reply.id]));
  },
};

function contentOnly(query: EngineQuery): string {
  return `(${query.all}) NOT ${query.title}`;
}

function sqlitePostCount(db: ForumDb, match: string, categoryId: number | undefined, cap: number) {
  return countOf(
    db,
    categoryId === undefined
      ? sql<{
          n: number;
        }>`select count(*) as n from (select 1 from posts_fts where posts_fts match ${match} limit ${cap})`
      : sql<{ n: number }>`select count(*) as n from (select 1 from posts_fts join posts p on p.id = posts_fts.rowid
          where posts_fts match ${match} and p."categoryId" = ${categoryId} limit ${cap})`,
  );
}

async function ids(db: ForumDb, query: RawBuilder<{ id: number }>): Promise<number[]> {
  return (await rows(db, query)).map((row) => row.id);
}

// PostgreSQL: post_search (title, and title + content as one document) and reply_search, each a
// tsvector of the english configuration with a GIN index. to_tsquery reads a quoted string with
// the same parser and stemmer as the documents ('…' doubles an embedded quote); :* makes a prefix.
const tsQuery = (text: string) => sql`to_tsquery('english', ${text})`;

const postgresSearch: EngineSearch = {
  query: (terms) => {
    const all = terms
      .map((term) => `'${term.text.replaceAll("\\", "\\\\").replaceAll("'", "''")}'${term.prefix ? ":*" : ""}`)
      .join(" & ");
    return { all, title: all };
  },
  tier: {
    title: (db, query, categoryId, offset, limit) =>
      rows(
        db,
        sql<TierRow>`select ps."postId" from post_search ps
          ${categoryId === undefined ? sql`` : sql`join posts p on p.id = ps."postId"`}
          where ps.title @@ ${tsQuery(query.all)} ${inCategory("p.categoryId", categoryId)}
          order by ts_rank(ps.title, ${tsQuery(query.all)}) desc, ps."postId" desc limit ${limit} offset ${offset}`,
      ),
    content: (db, query, categoryId, offset, limit) =>
      rows(
        db,
        sql<TierRow>`select ps."postId" from post_search ps
          ${categoryId === undefined ? sql`` : sql`join posts p on p.id = ps."postId"`}
          where ps.document @@ ${tsQuery(query.all)} and not ps.title @@ ${tsQuery(query.all)}
            ${inCategory("p.categoryId", categoryId)}
          order by ts_rank(ps.document, ${tsQuery(query.all)}) desc, ps."postId" desc
          limit ${limit} offset ${offset}`,
      ),
    reply: (db, query, categoryId, offset, limit) =>
      rows(
        db,
        sql<TierRow>`select "postId", "replyId" from (
            select rs."postId", rs."replyId", ts_rank(rs.document, ${tsQuery(query.all)}) as score,
              row_number() over (partition by rs."postId"
                order by ts_rank(rs.document, ${tsQuery(query.all)}) desc, rs."replyId" desc) as place
            from reply_search rs
            ${categoryId === undefined ? sql`` : sql`join posts p on p.id = rs."postId"`}
            where rs.document @@ ${tsQuery(query.all)} ${inCategory("p.categoryId", categoryId)}
              and not exists (select 1 from post_search ps
                where ps."postId" = rs."postId" and ps.document @@ ${tsQuery(query.all)})
          ) best
          where place = 1 order by score desc, "postId" desc limit ${limit} offset ${offset}`,
      ),
  },
  count: {
    title: (db, query, categoryId, cap) =>
      postgresPostCount(db, sql`ps.title @@ ${tsQuery(query.all)}`, categoryId, cap),
    content: (db, query, categoryId, cap) =>
      postgresPostCount(
        db,
        sql`ps.document @@ ${tsQuery(query.all)} and not ps.title @@ ${tsQuery(query.all)}`,
        categoryId,
        cap,
      ),
    post: (db, query, categoryId, cap) =>
      postgresPostCount(db, sql`ps.document @@ ${tsQuery(query.all)}`, categoryId, cap),
    reply: (db, query, categoryId, cap) =>
      countOf(
        db,
        sql<{ n: number }>`select count(*) as n from (select distinct rs."postId" from reply_search rs
          ${categoryId === undefined ? sql`` : sql`join posts p on p.id = rs."postId"`}
          where rs.document @@ ${tsQuery(query.all)} ${inCategory("p.categoryId", categoryId)}
            and not exists (select 1 from post_search ps
              where ps."postId" = rs."postId" and ps.document @@ ${tsQuery(query.all)})
          limit ${cap}) found`,
      ),
  },
  newest: (db, query, options) =>
    ids(
      db,
      sql<{ id: number }>`select id from (
          select "postId" as id from post_search where document @@ ${tsQuery(query.all)}
          union
          select "postId" from reply_search where document @@ ${tsQuery(query.all)}
        ) found ${newestInCategory(options.categoryId)}
        order by id desc limit ${options.limit} offset ${options.offset}`,
    ),
  matching: (db, query, where, postIds) =>
    ids(
      db,
      sql<{ id: number }>`select "postId" as id from post_search
        where ${sql.ref(where === "title" ? "title" : "document")} @@ ${tsQuery(query.all)}
          and "postId" in (${sql.join(postIds)})`,
    ),
  bestReplies: async (db, query, postIds) => {
    const best = await rows(
      db,
      sql<{ postId: number; replyId: number }>`select distinct on ("postId") "postId", "replyId" from reply_search
        where "postId" in (${sql.join(postIds)}) and document @@ ${tsQuery(query.all)}
        order by "postId", ts_rank(document, ${tsQuery(query.all)}) desc, "replyId" desc`,
    );
    return new Map(best.map((row) => [row.postId, row.replyId]));
  },
};

function postgresPostCount(db: ForumDb, where: RawBuilder<unknown>, categoryId: number | undefined, cap: number) {
  return countOf(
    db,
    sql<{ n: number }>`select count(*) as n from (select 1 from post_search ps
      ${categoryId === undefined ? sql`` : sql`join posts p on p.id = ps."postId"`}
      where ${where} ${inCategory("p.categoryId", categoryId)} limit ${cap}) found`,
  );
}

const ENGINES: Record<Engine, EngineSearch> = { sqlite: sqliteSearch, postgres: postgresSearch };
