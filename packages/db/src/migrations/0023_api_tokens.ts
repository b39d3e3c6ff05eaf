// API tokens (issue 29): a member's personal access tokens for scripts. Only the SHA-256 of a
// token is stored. A revoked token keeps its row (revokedAt set) so a request with it can be told
// it was revoked rather than that it is unknown; a deleted member's tokens go with the account.
// "lastUsedAt" is written at most once a minute per token (packages/api/src/auth/apiTokens.ts).
// No NOTIFY trigger (see 0006): no cached read shows this table, and every request looks its
// token up by primary key, so a revoke takes effect on every instance at the next request.
import { type Kysely, sql } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("api_tokens")
    .addColumn("id", "integer", types.id)
    .addColumn("userId", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("scope", "text", (col) => col.notNull().check(sql`scope in ('read', 'write')`))
    .addColumn("tokenHash", "text", (col) => col.notNull().unique())
    .addColumn("createdAt", types.time, (col) => col.notNull())
    .addColumn("expiresAt", types.time)
    .addColumn("lastUsedAt", types.time)
    .addColumn("revokedAt", types.time)
    .execute();
  await db.schema.createIndex("api_tokens_user").on("api_tokens").columns(["userId", "createdAt"]).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("api_tokens").execute();
}
