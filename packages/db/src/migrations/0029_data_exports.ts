// "Download my data" (issue 30): a member's export, asked for on Settings and built later by a
// background worker that claims due rows with a lease, as mail_outbox (0020) and
// webhook_deliveries (0025) are sent. The built zip is kept in the row (SQLite's blob,
// PostgreSQL's bytea), so every app instance can serve it without a shared folder; the worker
// deletes it (file null, state "expired") once its week is over. A new request replaces the
// member's previous export.
// - state: queued (waiting for a worker), building (leased until nextAttemptAt), ready,
//   expired, failed (given up after repeated failures).
// No NOTIFY trigger (see 0006): no cached read shows this table.
import { type Kysely, sql } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("data_exports")
    .addColumn("id", "integer", types.id)
    .addColumn("userId", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("state", "text", (col) =>
      col.notNull().check(sql`state in ('queued', 'building', 'ready', 'expired', 'failed')`),
    )
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("nextAttemptAt", types.time, (col) => col.notNull())
    .addColumn("requestedAt", types.time, (col) => col.notNull())
    .addColumn("readyAt", types.time)
    .addColumn("expiresAt", types.time)
    .addColumn("fileName", "text")
    .addColumn("file", types.bytes)
    .addColumn("sizeBytes", "integer")
    .addColumn("lastError", "text")
    .execute();
  // The worker's claim: exports waiting to be built, or whose builder's lease ran out.
  await db.schema
    .createIndex("data_exports_due")
    .on("data_exports")
    .columns(["nextAttemptAt", "id"])
    .where(sql.ref("state"), "in", ["queued", "building"])
    .execute();
  // Its sweep: ready exports by when they expire.
  await db.schema
    .createIndex("data_exports_expiring")
    .on("data_exports")
    .columns(["expiresAt"])
    .where(sql.ref("state"), "=", "ready")
    .execute();
  // The Settings card: a member's latest export.
  await db.schema.createIndex("data_exports_user").on("data_exports").columns(["userId", "id"]).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("data_exports").execute();
}
