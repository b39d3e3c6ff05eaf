import { sql } from "kysely";
import {
  categoryJoin,
  countOf,
  type EngineSearch,
  ids,
  inCategory,
  type ReplyPost,
  rows,
  searchTexts,
} from "./engineSearch";

// PostgreSQL: post_search (title, and title + content as one document) and reply_search, each a
// tsvector of the forum_english configuration (0015: english stemming, no stop words dropped)
// with a GIN index. to_tsquery reads a quoted string with the same parser and stemmer as the
// documents ('…' doubles an embedded quote); :* makes a prefix.
const tsQuery = (text: string) => sql`to_tsquery('forum_english', ${text})`;

export const postgresSearch: EngineSearch = {
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
