// Notification mail and the weekly digest (issue 28):
// - mail_settings: one row (id 1), the admin's choice of when the weekly digest goes out, as an
//   ISO weekday (1 Monday … 7 Sunday) and an hour, in the forum's time zone (FORUM_TIME_ZONE).
// - periodic_runs."cursor": how far a run has got (the last member id dealt with). A digest run is
//   done in batches; each batch moves the cursor from the value it read to its last member in the
//   same transaction as its mails, so a batch is mailed once even when two instances, or one that
//   restarted mid-run, work on the same run. "finishedAt" is set when no member is left.
// - unsubscribe_tokens: the one-click links of notification and digest mail (RFC 8058). Only the
//   SHA-256 of each token is kept; a link works (any number of times) until it expires.
// No NOTIFY trigger (see 0006): no cached read shows these tables.
import { type Kysely, sql } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("mail_settings")
    .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn("digestWeekday", "integer", (col) =>
      col.notNull().defaultTo(1).check(sql`"digestWeekday" between 1 and 7`),
    )
    .addColumn("digestHour", "integer", (col) => col.notNull().defaultTo(9).check(sql`"digestHour" between 0 and 23`))
    .execute();
  await db.insertInto("mail_settings").values({ id: 1, digestWeekday: 1, digestHour: 9 }).execute();

  await db.schema
    .alterTable("periodic_runs")
    .addColumn("cursor", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("periodic_runs").addColumn("finishedAt", types.time).execute();

  await db.schema
    .createTable("unsubscribe_tokens")
    .addColumn("tokenHash", "text", (col) => col.primaryKey())
    .addColumn("userId", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("list", "text", (col) => col.notNull().check(sql`list in ('notify', 'digest')`))
    .addColumn("expiresAt", types.time, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("unsubscribe_tokens_user")
    .on("unsubscribe_tokens")
    .columns(["userId", "expiresAt"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("unsubscribe_tokens").execute();
  await db.schema.alterTable("periodic_runs").dropColumn("finishedAt").execute();
  await db.schema.alterTable("periodic_runs").dropColumn("cursor").execute();
  await db.schema.dropTable("mail_settings").execute();
}
