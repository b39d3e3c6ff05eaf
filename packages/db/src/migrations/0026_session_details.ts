// Sessions a member can see and end (issue 30): the browser's User-Agent when the session began
// (shown as "Firefox on Linux") and when it was last used (written at most once a minute per
// session, packages/api/src/auth/sessions.ts). Sessions made before this migration show neither
// until their next use.
import type { Kysely } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema.alterTable("sessions").addColumn("userAgent", "text").execute();
  await db.schema.alterTable("sessions").addColumn("lastSeenAt", types.time).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("lastSeenAt").execute();
  await db.schema.alterTable("sessions").dropColumn("userAgent").execute();
}
