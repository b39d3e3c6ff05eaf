// Deleting an account (issue 30).
// - users."deletedAt": set on the row of a member who deleted their account but kept what they
//   wrote. The row stays so their posts, replies and votes keep an author (and every counter its
//   count), but it holds nothing of them any more: the username becomes "deleted member #<id>"
//   (which no one can register), the address an unusable placeholder, the profile fields null,
//   and the password hash one no password matches. Member lists and sign-in leave such rows out.
// - reserved_usernames: the lower-case SHA-256 of each deleted member's username, which cannot be
//   registered again (packages/api/src/services/accountDeletion.ts says why). Only the hash is
//   kept: the name itself is gone with the account.
// NOTIFY triggers (0018): users keeps its statement trigger for every update, so the anonymised
// row drops cached author names ("users"). reserved_usernames is written with users, in the same
// transaction, and counts as their kind (packages/db/src/dataKinds.ts): on PostgreSQL it notifies
// "users" like the users table does. The posts, replies, votes and categories deletions go
// through their tables' own triggers.
import { type Kysely, sql } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema.alterTable("users").addColumn("deletedAt", types.time).execute();
  await db.schema
    .createTable("reserved_usernames")
    .addColumn("nameHash", "text", (col) => col.primaryKey())
    .addColumn("createdAt", types.time, (col) => col.notNull())
    .execute();
  if (types.postgres) {
    await sql`create trigger reserved_usernames_notify_kind after insert or update or delete or truncate
      on reserved_usernames for each statement execute function forum_notify_kind('users')`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("reserved_usernames").execute();
  await db.schema.alterTable("users").dropColumn("deletedAt").execute();
}
