// Webhooks (issue 29): endpoints an admin adds, and their deliveries.
// - webhooks: the URL, the events it wants (a JSON array of names), its signing secret sealed
//   with the server key (AES-256-GCM, packages/api/src/secrets; a copy of the database does not
//   give the secret away, yet the sender can sign with it), enabled or not, and since when it
//   has failed (an endpoint failing for a day is disabled, with the reason kept).
// - webhook_deliveries: the durable outbox of webhook calls, inserted in the transaction of the
//   event (a new post, a report) and sent later by a background sender that claims due rows with
//   a lease, as mail_outbox (0020). The JSON body is fixed when queued, so a retry or a
//   redelivery sends the same bytes with the same delivery id.
// No NOTIFY trigger (see 0006): no cached read shows these tables.
import { type Kysely, sql } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("webhooks")
    .addColumn("id", "integer", types.id)
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("events", "text", (col) => col.notNull())
    .addColumn("secretSealed", "text", (col) => col.notNull())
    .addColumn("enabled", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("disabledReason", "text")
    .addColumn("failingSince", types.time)
    .addColumn("createdBy", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("createdAt", types.time, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "integer", types.id)
    .addColumn("webhookId", "integer", (col) => col.notNull().references("webhooks.id").onDelete("cascade"))
    .addColumn("event", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) =>
      col.notNull().check(sql`state in ('queued', 'sending', 'delivered', 'failed')`),
    )
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("nextAttemptAt", types.time, (col) => col.notNull())
    .addColumn("createdAt", types.time, (col) => col.notNull())
    .addColumn("retriedAt", types.time)
    .addColumn("lastAttemptAt", types.time)
    .addColumn("lastStatus", "integer")
    .addColumn("lastError", "text")
    .addColumn("lastResponse", "text")
    .addColumn("deliveredAt", types.time)
    .execute();
  // The sender's claim: due rows of the states it sends.
  await db.schema
    .createIndex("webhook_deliveries_due")
    .on("webhook_deliveries")
    .columns(["nextAttemptAt", "id"])
    .where(sql.ref("state"), "in", ["queued", "sending"])
    .execute();
  // The Webhooks screen: an endpoint's recent deliveries, newest first.
  await db.schema
    .createIndex("webhook_deliveries_recent")
    .on("webhook_deliveries")
    .columns(["webhookId", "createdAt", "id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("webhooks").execute();
}
