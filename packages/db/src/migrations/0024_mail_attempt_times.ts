// The outbox's times, each in a column of its own (issue 28's loose ends):
// - "lastErrorAt": when the last attempt failed. The admin Mail screen showed the next attempt's
//   time in its place (the only time a failure left behind).
// - "retriedAt": when an admin last pressed Retry. The sender gives a mail up a day after this (or
//   after "createdAt" until then); Retry used to move "createdAt" instead, so the outbox showed a
//   mail as written at the time of its retry.
import type { Kysely } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema.alterTable("mail_outbox").addColumn("lastErrorAt", types.time).execute();
  await db.schema.alterTable("mail_outbox").addColumn("retriedAt", types.time).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("retriedAt").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("lastErrorAt").execute();
}
