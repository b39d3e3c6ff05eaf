// Indexes that answer hot aggregates from the index alone (measured with npm run bench):
// a profile's counts and reputation (count and sum of upvotes per author), trending topics
// (posts of the last week per category) and the trending list (a week's posts by votes and
// replies). Without them each of those read every matching row from the table.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("posts_author_upvotes").on("posts").columns(["authorId", "upvotes"]).execute();
  await db.schema.createIndex("replies_author_upvotes").on("replies").columns(["authorId", "upvotes"]).execute();
  await db.schema.createIndex("posts_created_category").on("posts").columns(["createdAt", "categoryId"]).execute();
  await db.schema
    .createIndex("posts_created_engagement")
    .on("posts")
    .columns(["createdAt", "score", "replyCount", "id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    "posts_author_upvotes",
    "replies_author_upvotes",
    "posts_created_category",
    "posts_created_engagement",
  ]) {
    await db.schema.dropIndex(index).execute();
  }
}
