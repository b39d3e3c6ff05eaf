// Category names are unique, case-insensitively ("Security" and "security" are one category,
// issue 13). Older databases may already hold such twins: the later ones (by id) are renamed
// "Name (2)", "Name (3)"... before the unique index on lower(name) is built. lower() is the same
// function on SQLite and PostgreSQL for the ASCII letters SQLite folds.
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const rows: { id: number; name: string }[] = await db
    .selectFrom("categories")
    .select(["id", "name"])
    .orderBy("id")
    .execute();
  const taken = new Set(rows.map((row) => row.name.toLowerCase()));
  const kept = new Set<string>();
  for (const row of rows) {
    const key = row.name.toLowerCase();
    if (!kept.has(key)) {
      kept.add(key);
      continue;
    }
    let suffix = 2;
    while (taken.has(`${key} (${suffix})`)) suffix += 1;
    const name = `${row.name} (${suffix})`;
    taken.add(name.toLowerCase());
    kept.add(name.toLowerCase());
    await db.updateTable("categories").set({ name }).where("id", "=", row.id).execute();
  }
  await db.schema
    .createIndex("categories_name_unique")
    .on("categories")
    .unique()
    .expression(sql`lower(name)`)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("categories_name_unique").execute();
}
