// The staff log (issue 32): one row per moderator's or admin's action, written in the action's own
// transaction. Who did it is kept by id and by the username they had then, and what it was done to
// by type, id and the name it had then: neither references another table, so deleting a member,
// a post or an admin leaves the record as it was. `changes` is JSON ([{field, before, after}]),
// `details` JSON too (an import's counts, a resolution's reason). actorId is null for work done
// outside the forum (the restore command).
// Indexes: newest first (the primary key), and newest first per staff member, per action and per
// target, for the screen's filters.
// No NOTIFY trigger (see 0006): no cached read shows this table.
import type { Kysely } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("staff_log")
    .addColumn("id", "integer", types.id)
    .addColumn("createdAt", types.time, (col) => col.notNull())
    .addColumn("actorId", "integer")
    .addColumn("actorUsername", "text")
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("targetType", "text", (col) => col.notNull())
    .addColumn("targetId", "integer")
    .addColumn("targetLabel", "text", (col) => col.notNull())
    .addColumn("changes", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("details", "text", (col) => col.notNull().defaultTo("{}"))
    .execute();
  await db.schema.createIndex("staff_log_actor").on("staff_log").columns(["actorId", "id"]).execute();
  await db.schema.createIndex("staff_log_action").on("staff_log").columns(["action", "id"]).execute();
  await db.schema.createIndex("staff_log_target").on("staff_log").columns(["targetType", "targetId", "id"]).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("staff_log").execute();
}
