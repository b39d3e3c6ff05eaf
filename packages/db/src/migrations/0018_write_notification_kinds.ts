// The write notifications of migration 0006 said only which instance wrote, so every write on
// one instance dropped every cached answer on the others. From here on each notification also
// names the kind of data that changed (packages/db/src/dataKinds.ts), as the mutations declare
// it on the writing instance: "<instance id> <kind>". A vote updates a post's counters, and
// that must drop what shows votes, not every post list's text: on tables with counters a row
// trigger tells counter columns (their own kinds) from the rest (the table's kind). Columns
// added later fall in the table's kind, the safe side. SQLite has nothing to do here.
import { type Kysely, sql } from "kysely";
import { columnTypes } from "./columns";

/** Each table with the kind its rows are, and on update the kinds of its counter columns. */
const TABLES: { table: string; kind: string; counters?: Record<string, string[]> }[] = [
  { table: "users", kind: "users" },
  { table: "categories", kind: "categories", counters: { posts: ["postCount"] } },
  {
    table: "posts",
    kind: "posts",
    counters: {
      votes: ["upvotes", "downvotes", "score", "hotScore", "controversialScore"],
      views: ["views"],
      replies: ["replyCount"],
    },
  },
  { table: "replies", kind: "replies", counters: { votes: ["upvotes", "downvotes"] } },
  { table: "votes", kind: "votes" },
  { table: "advertisements", kind: "ads", counters: { adStats: ["impressions", "clickCount"] } },
  { table: "adSettings", kind: "adSettings" },
];

const OLD_TRIGGER = (table: string) => sql.id(`${table}_notify_write`);
const STATEMENT_TRIGGER = (table: string) => sql.id(`${table}_notify_kind`);
const UPDATE_TRIGGER = (table: string) => sql.id(`${table}_notify_update`);

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  await sql`
    create function forum_notify_kind() returns trigger language plpgsql as $$
    begin
      perform pg_notify('forum_writes', current_setting('application_name') || ' ' || TG_ARGV[0]);
      return null;
    end
    $$`.execute(db);
  // Arguments: the table's kind, then "kind:column,column" per group of counter columns.
  await sql`
    create function forum_notify_row_update() returns trigger language plpgsql as $$
    declare
      old_rest jsonb := to_jsonb(OLD);
      new_rest jsonb := to_jsonb(NEW);
      counter_kind text;
      counter_columns text[];
      counter_column text;
    begin
      for i in 1 .. TG_NARGS - 1 loop
        counter_kind := split_part(TG_ARGV[i], ':', 1);
        counter_columns := string_to_array(split_part(TG_ARGV[i], ':', 2), ',');
        foreach counter_column in array counter_columns loop
          if old_rest -> counter_column is distinct from new_rest -> counter_column then
            perform pg_notify('forum_writes', current_setting('application_name') || ' ' || counter_kind);
            exit;
          end if;
        end loop;
        old_rest := old_rest - counter_columns;
        new_rest := new_rest - counter_columns;
      end loop;
      if old_rest is distinct from new_rest then
        perform pg_notify('forum_writes', current_setting('application_name') || ' ' || TG_ARGV[0]);
      end if;
      return null;
    end
    $$`.execute(db);
  for (const { table, kind, counters } of TABLES) {
    await sql`drop trigger ${OLD_TRIGGER(table)} on ${sql.table(table)}`.execute(db);
    const events = counters ? sql`insert or delete or truncate` : sql`insert or update or delete or truncate`;
    await sql`create trigger ${STATEMENT_TRIGGER(table)} after ${events} on ${sql.table(table)}
      for each statement execute function forum_notify_kind(${sql.lit(kind)})`.execute(db);
    if (!counters) continue;
    const groups = Object.entries(counters).map(([group, columns]) => sql.lit(`${group}:${columns.join(",")}`));
    await sql`create trigger ${UPDATE_TRIGGER(table)} after update on ${sql.table(table)}
      for each row execute function forum_notify_row_update(${sql.join([sql.lit(kind), ...groups])})`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  for (const { table, counters } of TABLES) {
    await sql`drop trigger ${STATEMENT_TRIGGER(table)} on ${sql.table(table)}`.execute(db);
    if (counters) await sql`drop trigger ${UPDATE_TRIGGER(table)} on ${sql.table(table)}`.execute(db);
    await sql`create trigger ${OLD_TRIGGER(table)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function forum_notify_write()`.execute(db);
  }
  await sql`drop function forum_notify_row_update()`.execute(db);
  await sql`drop function forum_notify_kind()`.execute(db);
}
