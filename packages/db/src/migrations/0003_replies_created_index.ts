// The admin dashboard counts replies per day over the last 30 days: an index on the reply time
// keeps that a range scan instead of a read of every reply.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("replies_created").on("replies").column("createdAt").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("replies_created").execute();
}
