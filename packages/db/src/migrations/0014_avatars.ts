// Members' avatars, kept in the database so that every app instance serves the same picture
// (no instance-local upload folder). One row per member, removed with the account. Cached reads
// never read this table: they show users."profileImageUrl", which the same transaction points at
// the new picture, so the users trigger of 0006 already tells the other instances; this table
// needs no trigger of its own.
import type { Kysely } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("avatars")
    .addColumn("userId", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("image", types.bytes, (col) => col.notNull())
    .addColumn("contentType", "text", (col) => col.notNull())
    .addColumn("hash", "text", (col) => col.notNull())
    .addColumn("updatedAt", types.time, (col) => col.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("avatars").execute();
}
