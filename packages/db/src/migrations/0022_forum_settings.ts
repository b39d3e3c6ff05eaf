// The forum's own settings (issue 28), one row like adSettings: rules an admin switches on for
// the whole forum, apart from the ads. First: "Members must confirm their email before posting"
// (requireConfirmedEmail, off). Its reads are cached (kind "forumSettings"), so on PostgreSQL a
// write notifies the other instances, as migration 0018 does for adSettings.
import { type Kysely, sql } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("forumSettings")
    .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn("requireConfirmedEmail", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.insertInto("forumSettings").values({ id: 1, requireConfirmedEmail: 0 }).execute();
  if (!columnTypes(db).postgres) return;
  await sql`create trigger "forumSettings_notify_kind" after insert or update or delete or truncate on "forumSettings"
    for each statement execute function forum_notify_kind('forumSettings')`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("forumSettings").execute();
}
