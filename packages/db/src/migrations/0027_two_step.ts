// Two-step sign-in (issue 30): an authenticator app's secret per member, sealed with the server
// key (packages/api/src/secrets/sealed.ts), the last step a code was accepted for (a code is
// never accepted twice), ten single-use recovery codes kept as SHA-256 only, and the sign-ins
// waiting for their second step (a random token's SHA-256, minutes long).
// - users."totpPendingSealed": a secret shown for set-up, not yet confirmed by a code.
// - users."totpSealed" / "totpEnabledAt": the confirmed secret and since when it is on.
// - forumSettings."requireStaffTwoStep": admins and moderators must have it on (the row's own
//   NOTIFY trigger from 0022 already drops the cached settings).
// No cached read shows the new columns of users, but on PostgreSQL the table's statement trigger
// (0018) still says "users" for each write of them: a second step accepted (once per sign-in)
// drops the other instances' kept user answers, as a profile change does. Rare enough to keep
// the trigger whole rather than split off these columns.
import type { Kysely } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema.alterTable("users").addColumn("totpPendingSealed", "text").execute();
  await db.schema.alterTable("users").addColumn("totpSealed", "text").execute();
  await db.schema.alterTable("users").addColumn("totpEnabledAt", types.time).execute();
  await db.schema.alterTable("users").addColumn("totpLastStep", types.time).execute();
  await db.schema
    .alterTable("forumSettings")
    .addColumn("requireStaffTwoStep", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "integer", types.id)
    .addColumn("userId", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("codeHash", "text", (col) => col.notNull())
    .addColumn("usedAt", types.time)
    .execute();
  await db.schema.createIndex("recovery_codes_user").on("recovery_codes").column("userId").execute();
  await db.schema
    .createTable("login_challenges")
    .addColumn("tokenHash", "text", (col) => col.primaryKey())
    .addColumn("userId", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expiresAt", types.time, (col) => col.notNull())
    .addColumn("createdAt", types.time, (col) => col.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("login_challenges").execute();
  await db.schema.dropTable("recovery_codes").execute();
  await db.schema.alterTable("forumSettings").dropColumn("requireStaffTwoStep").execute();
  for (const column of ["totpLastStep", "totpEnabledAt", "totpSealed", "totpPendingSealed"]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}
