// Several app instances on one PostgreSQL keep their read caches exact through the database
// itself: every statement that changes data a cached read shows sends a NOTIFY on the channel
// `forum_writes`, from a trigger, so it is part of the write's transaction and delivered exactly
// when (and only if) it commits, whichever code path wrote. The payload is the writer's
// application_name (its instance id), so an instance can skip its own writes, which it already
// dropped from its caches. Notifications of one transaction with the same payload are folded into
// one by PostgreSQL. SQLite has one process owning the file and nothing to do here.
import { type Kysely, sql } from "kysely";
import { columnTypes } from "./columns";

const TABLES = ["users", "categories", "posts", "replies", "votes", "advertisements", "adSettings"];

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  await sql`
    create function forum_notify_write() returns trigger language plpgsql as $$
    begin
      perform pg_notify('forum_writes', current_setting('application_name'));
      return null;
    end
    $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.id(`${table}_notify_write`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function forum_notify_write()`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  for (const table of TABLES) {
    await sql`drop trigger ${sql.id(`${table}_notify_write`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function forum_notify_write()`.execute(db);
}
