// Categories and the trending-topics summary built from them.
import { DEFAULT_CATEGORY_COLOR, MESSAGES, type TrendingTopic } from "@forum/contracts";
import { type CategoryRow, type ForumDb, inTransaction } from "@forum/db";
import { sql } from "kysely";
import { conflict, notFound, withUniqueGuard } from "../errors";
import { uniqueSlug } from "./slugs";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export async function listCategories(db: ForumDb): Promise<CategoryRow[]> {
  return db.selectFrom("categories").selectAll().orderBy("name").execute();
}

export async function findCategoryBySlug(db: ForumDb, slug: string): Promise<CategoryRow> {
  const category = await db.selectFrom("categories").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!category) throw notFound(MESSAGES.categoryNotFound);
  return category;
}

/**
 * Names are unique, case-insensitively (the unique index on lower(name), migration 0007): a
 * taken name answers 409 with a message, checked first so the answer is clear, and guarded by
 * the index against a race.
 */
async function assertNameFree(db: ForumDb, name: string, exceptId?: number): Promise<void> {
  let query = db.selectFrom("categories").select("id").where(sql<string>`lower(name)`, "=", name.toLowerCase());
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  if (await query.executeTakeFirst()) throw conflict(MESSAGES.categoryNameTaken);
}

export async function createCategory(
  db: ForumDb,
  fields: { name: string; description: string; color?: string | undefined },
  now = Date.now(),
): Promise<CategoryRow> {
  return withUniqueGuard(
    () =>
      inTransaction(db, async (trx) => {
        await assertNameFree(trx, fields.name);
        return trx
          .insertInto("categories")
          .values({
            name: fields.name,
            slug: await uniqueSlug(trx, "categories", fields.name),
            description: fields.description,
            color: fields.color ?? DEFAULT_CATEGORY_COLOR,
            createdAt: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      }),
    MESSAGES.categoryNameTaken,
  );
}

/** Renaming keeps the slug, so links to the category keep working. */
export async function updateCategory(
  db: ForumDb,
  id: number,
  fields: { name: string; description?: string | null | undefined; color?: string | undefined },
): Promise<CategoryRow> {
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const category = await withUniqueGuard(
    () =>
      inTransaction(db, async (trx) => {
        await assertNameFree(trx, fields.name, id);
        return trx.updateTable("categories").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
      }),
    MESSAGES.categoryNameTaken,
  );
  if (!category) throw notFound(MESSAGES.categoryNotFound);
  return category;
}

export async function deleteCategory(db: ForumDb, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const category = await trx.selectFrom("categories").select("id").where("id", "=", id).executeTakeFirst();
    if (!category) throw notFound(MESSAGES.categoryNotFound);
    const post = await trx.selectFrom("posts").select("id").where("categoryId", "=", id).limit(1).executeTakeFirst();
    if (post) throw conflict(MESSAGES.categoryHasPosts);
    await trx.deleteFrom("categories").where("id", "=", id).execute();
  });
}

/** Categories by discussions started in the last 7 days, busiest first. */
export async function trendingTopics(db: ForumDb, now = Date.now(), limit = 10): Promise<TrendingTopic[]> {
  const rows = await db
    .selectFrom("posts")
    .innerJoin("categories", "categories.id", "posts.categoryId")
    .select((eb) => [
      "categories.id",
      "categories.name",
      "categories.slug",
      "categories.color",
      eb.fn.countAll<number>().as("count"),
    ])
    .where("posts.createdAt", ">=", now - WEEK_MS)
    .groupBy("categories.id")
    .orderBy("count", "desc")
    .orderBy("categories.name")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
