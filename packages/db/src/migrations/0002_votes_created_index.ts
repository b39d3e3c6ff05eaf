// Rising Stars ranks members by upvotes received in a time range: an index on the vote time
// keeps that a range scan.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("votes_created").on("votes").columns(["createdAt", "value"]).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("votes_created").execute();
}
