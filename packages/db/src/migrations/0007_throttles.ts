// Throttle counters (login, sign-up and new-account posting limits) live in the database, so
// every app instance counts against the same numbers. One row per throttled subject: the count
// of events in the window that started with the first of them. Times are milliseconds (bigint on
// PostgreSQL); the key is text, so nothing depends on an engine's auto-increment.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("throttles")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("windowStart", "bigint", (col) => col.notNull())
    .addColumn("expiresAt", "bigint", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .execute();
  // Expired windows are swept by expiry.
  await db.schema.createIndex("throttles_expires").on("throttles").column("expiresAt").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("throttles").execute();
}
