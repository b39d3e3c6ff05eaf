// "What is new to me" (issue 31): how far each member has read each discussion, and when their
// previous visit was.
// - read_states: per member and post, the highest reply id the member had on screen. The web app
//   sends it as they scroll; it only ever grows. A discussion's unread replies are its replies
//   with a higher id (counted from replies, so a deleted reply is no longer counted). Keyed by
//   (userId, postId): a page of a list looks up its posts' rows with one range of that key.
//   Both keys cascade: a deleted post or account takes its read states with it (an anonymised
//   account's are deleted by services/accountDeletion.ts).
// - member_visits: per member, when the forum last noted them (with their session's "last seen",
//   at most once a minute) and when their previous visit ended; posts created after that, which
//   they have not opened, are "New" to them. Its own table rather than users columns: on
//   PostgreSQL every users update notifies "users" (0018) and drops cached answers of every
//   instance, which a note per member per minute must not do.
// - replies_post_id: a post's replies by id, for the unread counts (replies with an id above the
//   member's position) and each discussion's last reply.
// No NOTIFY trigger (see 0006): no cached read shows these tables; they are read per request on
// top of the shared answers.
import type { Kysely } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("read_states")
    .addColumn("userId", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("postId", "integer", (col) => col.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("lastReadReplyId", "integer", (col) => col.notNull())
    .addColumn("updatedAt", types.time, (col) => col.notNull())
    .addPrimaryKeyConstraint("read_states_pk", ["userId", "postId"])
    .execute();
  // A post's deletion cascades here: found by post, not by a scan.
  await db.schema.createIndex("read_states_post").on("read_states").column("postId").execute();
  await db.schema
    .createTable("member_visits")
    .addColumn("userId", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("lastSeenAt", types.time, (col) => col.notNull())
    .addColumn("previousVisitAt", types.time)
    .execute();
  await db.schema.createIndex("replies_post_id").on("replies").columns(["postId", "id"]).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("replies_post_id").execute();
  await db.schema.dropTable("member_visits").execute();
  await db.schema.dropTable("read_states").execute();
}
