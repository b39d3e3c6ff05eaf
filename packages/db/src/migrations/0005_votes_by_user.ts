// Votes findable by member: the unique (userId, postId) index covered post votes only (it was
// partial), so deleting a member (its votes cascade) or checking a new member's foreign keys read
// every vote (found by the query-plan test). NULLs are distinct in a unique index, so the full
// index still allows one vote per member and post and any number of reply votes.
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("votes_user_post").execute();
  await db.schema.createIndex("votes_user_post").on("votes").columns(["userId", "postId"]).unique().execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("votes_user_post").execute();
  await db.schema
    .createIndex("votes_user_post")
    .on("votes")
    .columns(["userId", "postId"])
    .unique()
    .where(sql.ref("postId"), "is not", null)
    .execute();
}
