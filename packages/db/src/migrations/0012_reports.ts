// Reports: a member flags a post or a reply for the moderators, once per post or reply. A
// resolution (dismissed, content deleted, author banned) records who resolved it and when.
// Deleting the reported content keeps its reports (the references go null), so the record of a
// resolution stays; open reports whose content is gone are no longer listed. Deleting the
// reporter removes their reports. No NOTIFY trigger (see 0006): no cached read shows reports,
// the Reports screen and its count read the database each time.
import { type Kysely, sql } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("reports")
    .addColumn("id", "integer", types.id)
    .addColumn("reporterId", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("postId", "integer", (col) => col.references("posts.id").onDelete("set null"))
    .addColumn("replyId", "integer", (col) => col.references("replies.id").onDelete("set null"))
    .addColumn("reason", "text", (col) => col.notNull().check(sql`reason in ('Spam', 'Abuse', 'Off-topic', 'Other')`))
    .addColumn("text", "text")
    .addColumn("createdAt", types.time, (col) => col.notNull())
    .addColumn("resolvedAt", types.time)
    .addColumn("resolvedById", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("resolution", "text", (col) => col.check(sql`resolution in ('dismissed', 'deleted', 'banned')`))
    // One target when made; none once the content is deleted.
    .addCheckConstraint("reports_one_target", sql`"postId" is null or "replyId" is null`)
    .execute();
  // Once per member and post or reply; also the reporter's cascade.
  await db.schema
    .createIndex("reports_reporter_post")
    .on("reports")
    .columns(["reporterId", "postId"])
    .unique()
    .where(sql.ref("postId"), "is not", null)
    .execute();
  await db.schema
    .createIndex("reports_reporter_reply")
    .on("reports")
    .columns(["reporterId", "replyId"])
    .unique()
    .where(sql.ref("replyId"), "is not", null)
    .execute();
  await db.schema.createIndex("reports_reporter").on("reports").column("reporterId").execute();
  // The reports of one post or reply (resolving them, the content's cascade).
  await db.schema
    .createIndex("reports_post")
    .on("reports")
    .column("postId")
    .where(sql.ref("postId"), "is not", null)
    .execute();
  await db.schema
    .createIndex("reports_reply")
    .on("reports")
    .column("replyId")
    .where(sql.ref("replyId"), "is not", null)
    .execute();
  // The open ones, oldest first: the Reports screen and the admin menu's count.
  await db.schema
    .createIndex("reports_open")
    .on("reports")
    .columns(["createdAt", "id"])
    .where(sql.ref("resolvedAt"), "is", null)
    .execute();
  await db.schema
    .createIndex("reports_resolver")
    .on("reports")
    .column("resolvedById")
    .where(sql.ref("resolvedById"), "is not", null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("reports").execute();
}
