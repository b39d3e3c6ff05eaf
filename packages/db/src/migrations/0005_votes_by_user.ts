// Vote indexes that fit what each vote is:
// - votes by member: the unique (userId, postId) index covered post votes only (it was partial),
//   so deleting a member (its votes cascade) or checking a new member's foreign keys read every
//   vote (found by the query-plan test). NULLs are distinct in a unique index, so the full index
//   still allows one vote per member and post and any number of reply votes.
// - votes by post and by reply: each held an entry for every vote, with NULL for the other kind,
//   so every vote wrote to both; now each holds its own kind only (a lookup by postId = ? or
//   replyId = ? implies NOT NULL, so SQLite still uses them).
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("votes_user_post").execute();
  await db.schema.createIndex("votes_user_post").on("votes").columns(["userId", "postId"]).unique().execute();
  await db.schema.dropIndex("votes_post").execute();
  await db.schema
    .createIndex("votes_post")
    .on("votes")
    .columns(["postId", "createdAt"])
    .where(sql.ref("postId"), "is not", null)
    .execute();
  await db.schema.dropIndex("votes_reply").execute();
  await db.schema
    .createIndex("votes_reply")
    .on("votes")
    .column("replyId")
    .where(sql.ref("replyId"), "is not", null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ["votes_user_post", "votes_post", "votes_reply"]) await db.schema.dropIndex(index).execute();
  await db.schema
    .createIndex("votes_user_post")
    .on("votes")
    .columns(["userId", "postId"])
    .unique()
    .where(sql.ref("postId"), "is not", null)
    .execute();
  await db.schema.createIndex("votes_post").on("votes").columns(["postId", "createdAt"]).execute();
  await db.schema.createIndex("votes_reply").on("votes").column("replyId").execute();
}
