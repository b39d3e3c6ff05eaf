// What each engine's full-text search does for search.ts, and the SQL pieces both use.
import type { SearchTerm } from "@forum/contracts";
import { type RawBuilder, sql } from "kysely";
import type { ForumDb } from "../handle";

export type ReplyPostsOptions = {
  categoryId: number | undefined;
  /** Leave out posts whose own text matches (the reply tier). */
  exclude: boolean;
  /** Only posts with a larger id (0: all). */
  newerThan: number;
};
export type ReplyPost = { postId: number; replyId: number };

export type EngineSearch = {
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

export async function rows<T>(db: ForumDb, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

export async function ids(db: ForumDb, query: RawBuilder<{ id: number }>): Promise<number[]> {
  return (await rows(db, query)).map((row) => Number(row.id));
}

export async function countOf(db: ForumDb, query: RawBuilder<{ n: number }>): Promise<number> {
  return Number((await rows(db, query))[0]?.n ?? 0);
}

/**
 * Each term's search text, read by the engine's own rules (migration 0019), words separated by
 * single spaces; null when one has no word left (it can match nothing, so neither can the query).
 */
export async function searchTexts(
  db: ForumDb,
  terms: SearchTerm[],
  select: (json: string) => RawBuilder<{ text: string | null }>,
): Promise<string[] | null> {
  const found = await rows(db, select(JSON.stringify(terms.map((term) => term.text))));
  const texts = found.map((row) => (row.text ?? "").replace(/\s+/g, " ").trim());
  return texts.length === terms.length && texts.every((text) => text !== "") ? texts : null;
}

/** A join to posts and its condition, only with a category filter. */
export const categoryJoin = (idColumn: string, categoryId: number | undefined) =>
  categoryId === undefined ? sql`` : sql`join posts p on p.id = ${sql.ref(idColumn)}`;
export const inCategory = (categoryId: number | undefined) =>
  categoryId === undefined ? sql`` : sql`and p."categoryId" = ${categoryId}`;
