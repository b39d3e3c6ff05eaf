// The forum's identity (issue 32): name, one-line description, contact address and logo, one row.
// A table of its own rather than new columns of forumSettings (0022): every server-rendered page
// and every mail shows the name, so a change must drop every kept page on every instance (kind
// "site", notified on PostgreSQL by the trigger below), while a change of the posting rules
// (kind "forumSettings") must not. The logo sits in the row (re-encoded like an avatar, a few KB):
// it is read only when its URL is served, never by the identity's reads.
import { type Kysely, sql } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("site_settings")
    .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("contact", "text")
    .addColumn("logoImage", types.bytes)
    .addColumn("logoContentType", "text")
    .addColumn("logoHash", "text")
    .addColumn("updatedAt", types.time)
    .execute();
  await db
    .insertInto("site_settings")
    .values({ id: 1, name: "Tech Forum", description: "A community forum for technology discussions." })
    .execute();
  if (!types.postgres) return;
  await sql`create trigger "site_settings_notify_kind" after insert or update or delete or truncate on "site_settings"
    for each statement execute function forum_notify_kind('site')`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("site_settings").execute();
}
