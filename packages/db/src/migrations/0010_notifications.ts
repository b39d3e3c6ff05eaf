// A member's notifications: someone replied to their post or in a discussion they replied to, or
// mentioned them. Written in the same transaction as the reply or post that causes them; the
// foreign keys remove them with their post, reply or either member. No NOTIFY trigger (see 0006):
// no cached read shows them, each member reads their own from the database.
import { type Kysely, sql } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("notifications")
    .addColumn("id", "integer", types.id)
    .addColumn("userId", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (col) => col.notNull().check(sql`type in ('reply', 'mention')`))
    .addColumn("actorId", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("postId", "integer", (col) => col.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("replyId", "integer", (col) => col.references("replies.id").onDelete("cascade"))
    .addColumn("read", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("createdAt", types.time, (col) => col.notNull())
    .execute();
  // A member's list, newest first; the unread count reads only the unread ones.
  await db.schema
    .createIndex("notifications_user")
    .on("notifications")
    .columns(["userId", "createdAt desc", "id desc"])
    .execute();
  await db.schema
    .createIndex("notifications_unread")
    .on("notifications")
    .column("userId")
    .where(sql.ref("read"), "=", 0)
    .execute();
  // The cascades find a post's, a reply's and an actor's notifications without a scan.
  await db.schema.createIndex("notifications_post").on("notifications").column("postId").execute();
  await db.schema
    .createIndex("notifications_reply")
    .on("notifications")
    .column("replyId")
    .where(sql.ref("replyId"), "is not", null)
    .execute();
  await db.schema.createIndex("notifications_actor").on("notifications").column("actorId").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("notifications").execute();
}
