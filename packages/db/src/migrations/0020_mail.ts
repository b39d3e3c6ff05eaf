// Email (issue 28): a durable outbox, the one-use tokens that mail carries, confirmed addresses,
// and the bookkeeping of the mail sent after the event (notification mail, the weekly digest).
// - mail_outbox: a mail is inserted in the same transaction as the event that causes it and sent
//   later by a background sender (packages/api/src/mail/sender.ts), which claims due rows with a
//   lease: a process killed mid-send leaves the row to be claimed again once the lease is over.
//   `state`: kept (no SMTP configured: never sent, readable by admins), queued, sending, sent,
//   failed (retries given up). The Message-ID is fixed when queued, so a retry keeps it.
// - mail_tokens: reset and confirmation links; only the SHA-256 of the token is stored.
// - users."emailConfirmedAt": null until the address is confirmed. The accounts that exist now
//   were made before addresses could be confirmed: they count as confirmed (as admins and bulk
//   imports do), so nobody's notification mail stops because of this migration.
//   users."pendingEmail": a new address waiting for its confirmation.
// - notifications."mailed": the notification-mail job has dealt with it (mailed or skipped).
// - periodic_runs: one row per (job, period), so a weekly job runs once across instances.
// No NOTIFY trigger (see 0006): no cached read shows these tables.
import { type Kysely, sql } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "integer", types.id)
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("userId", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("toAddress", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    .addColumn("html", "text", (col) => col.notNull())
    /** JSON object of extra headers (List-Unsubscribe, Auto-Submitted). */
    .addColumn("headers", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("messageId", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) =>
      col.notNull().check(sql`state in ('kept', 'queued', 'sending', 'sent', 'failed')`),
    )
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("nextAttemptAt", types.time, (col) => col.notNull())
    .addColumn("leaseUntil", types.time)
    .addColumn("lastError", "text")
    .addColumn("createdAt", types.time, (col) => col.notNull())
    .addColumn("sentAt", types.time)
    .execute();
  // The sender's claim: due rows of the states it sends.
  await db.schema
    .createIndex("mail_outbox_due")
    .on("mail_outbox")
    .columns(["nextAttemptAt", "id"])
    .where(sql.ref("state"), "in", ["queued", "sending"])
    .execute();
  // The admin Mail screen: newest first, all or one state.
  await db.schema.createIndex("mail_outbox_newest").on("mail_outbox").columns(["createdAt", "id"]).execute();
  await db.schema.createIndex("mail_outbox_state").on("mail_outbox").columns(["state", "createdAt", "id"]).execute();
  await db.schema.createIndex("mail_outbox_user").on("mail_outbox").column("userId").execute();

  await db.schema
    .createTable("mail_tokens")
    .addColumn("id", "integer", types.id)
    .addColumn("userId", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (col) => col.notNull().check(sql`purpose in ('reset', 'confirm')`))
    .addColumn("tokenHash", "text", (col) => col.notNull().unique())
    /** The address a confirmation confirms (the new one, for a change of address). */
    .addColumn("email", "text")
    .addColumn("expiresAt", types.time, (col) => col.notNull())
    .addColumn("createdAt", types.time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("mail_tokens_user").on("mail_tokens").columns(["userId", "purpose"]).execute();

  await db.schema.alterTable("users").addColumn("emailConfirmedAt", types.time).execute();
  await db.schema.alterTable("users").addColumn("pendingEmail", "text").execute();
  await db.updateTable("users").set({ emailConfirmedAt: sql`"createdAt"` }).execute();

  await db.schema
    .alterTable("notifications")
    .addColumn("mailed", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  // Only the notifications not yet dealt with: the job reads the due ones, oldest first.
  await db.schema
    .createIndex("notifications_unmailed")
    .on("notifications")
    .columns(["createdAt", "id"])
    .where(sql.ref("mailed"), "=", 0)
    .execute();

  await db.schema
    .createTable("periodic_runs")
    .addColumn("job", "text", (col) => col.notNull())
    .addColumn("period", "text", (col) => col.notNull())
    .addColumn("startedAt", types.time, (col) => col.notNull())
    .addPrimaryKeyConstraint("periodic_runs_key", ["job", "period"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("periodic_runs").execute();
  await db.schema.dropIndex("notifications_unmailed").execute();
  await db.schema.alterTable("notifications").dropColumn("mailed").execute();
  await db.schema.alterTable("users").dropColumn("pendingEmail").execute();
  await db.schema.alterTable("users").dropColumn("emailConfirmedAt").execute();
  await db.schema.dropTable("mail_tokens").execute();
  await db.schema.dropTable("mail_outbox").execute();
}
