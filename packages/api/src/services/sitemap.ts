// What the sitemap lists (issue 14): every post and every category, with when each last changed.
// Posts go by id, 50,000 to a file (the sitemap protocol's limit), read from their own index
// (posts_sitemap, migration 0017) so a file never reads the posts' rows.
import type { ForumDb } from "@forum/db";
import { iso } from "./mappers";

/** At most this many URLs in one sitemap file (sitemaps.org). */
export const SITEMAP_URLS_PER_FILE = 50_000;

export type SitemapEntry = { path: string; lastModified: string };

export async function countPosts(db: ForumDb): Promise<number> {
  const row = await db
    .selectFrom("posts")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The posts of sitemap file `page` (from 0), oldest first: stable as new posts come. */
export async function sitemapPosts(
  db: ForumDb,
  page: number,
  perFile = SITEMAP_URLS_PER_FILE,
): Promise<SitemapEntry[]> {
  const rows = await db
    .selectFrom("posts")
    .select(["slug", "updatedAt"])
    .orderBy("id")
    .limit(perFile)
    .offset(page * perFile)
    .execute();
  return rows.map((row) => ({
    path: `/posts/${encodeURIComponent(row.slug)}`,
    lastModified: iso(Number(row.updatedAt)),
  }));
}

/** Every category, changed when its newest post was written (or when it was made, if empty). */
export async function sitemapCategories(db: ForumDb): Promise<SitemapEntry[]> {
  const rows = await db
    .selectFrom("categories")
    .select((eb) => [
      "categories.slug",
      "categories.createdAt",
      eb
        .selectFrom("posts")
        .whereRef("posts.categoryId", "=", "categories.id")
        .select((inner) => inner.fn.max("posts.createdAt").as("newest"))
        .as("newestPost"),
    ])
    .orderBy("categories.id")
    .execute();
  return rows.map((row) => ({
    path: `/cats/${encodeURIComponent(row.slug)}`,
    lastModified: iso(Math.max(Number(row.createdAt), Number(row.newestPost ?? 0))),
  }));
}
