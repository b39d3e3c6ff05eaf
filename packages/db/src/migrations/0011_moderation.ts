// Moderation and threads (issue 15):
// - posts.pinned: pinned posts come first on the home feed and their category's first page, in
//   every sort. Few posts are pinned, so a partial index holds only them: the feed finds them
//   without reading the others.
// - posts.locked: a locked discussion takes no new replies (moderators and admins excepted).
// - posts.editedAt, replies.editedAt: when the text was last edited (null until then); votes,
//   views, pins and locks leave them alone.
// - replies.replyToId: the reply of the same post this reply answers; it goes back to null when
//   that reply is deleted (the index finds the answers without a scan).
import { type Kysely, sql } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .alterTable("posts")
    .addColumn("pinned", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("posts")
    .addColumn("locked", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("posts").addColumn("editedAt", types.time).execute();
  await db.schema.alterTable("replies").addColumn("editedAt", types.time).execute();
  await db.schema
    .alterTable("replies")
    .addColumn("replyToId", "integer", (col) => col.references("replies.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("posts_pinned")
    .on("posts")
    .columns(["categoryId", "id"])
    .where(sql.ref("pinned"), "=", sql.lit(1))
    .execute();
  await db.schema
    .createIndex("replies_reply_to")
    .on("replies")
    .column("replyToId")
    .where(sql.ref("replyToId"), "is not", null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("replies_reply_to").execute();
  await db.schema.dropIndex("posts_pinned").execute();
  await db.schema.alterTable("replies").dropColumn("replyToId").execute();
  await db.schema.alterTable("replies").dropColumn("editedAt").execute();
  for (const column of ["editedAt", "locked", "pinned"]) {
    await db.schema.alterTable("posts").dropColumn(column).execute();
  }
}
