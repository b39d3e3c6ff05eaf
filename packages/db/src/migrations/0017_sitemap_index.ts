// The sitemap (issue 14) lists every post by id with its slug and last change: this index
// answers a file of 50,000 of them from the index alone, instead of reading every post's row
// (each carries its whole content).
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("posts_sitemap").on("posts").columns(["id", "slug", "updatedAt"]).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("posts_sitemap").execute();
}
