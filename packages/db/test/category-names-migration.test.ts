// Migration 0007: an older database holding category names that differ only in case is made
// consistent (later twins renamed with a suffix), then the names are unique case-insensitively.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle, migrateToLatest } from "../src";
import { up } from "../src/migrations/0008_category_names_unique";

let handle: DbHandle;

beforeAll(async () => {
  handle = createDb({ path: ":memory:" });
  await migrateToLatest(handle.db);
  // Back to the state before 0007, with twins in it.
  await handle.db.schema.dropIndex("categories_name_unique").execute();
  const names = ["Security", "security", "Rust", "SECURITY", "Security (2)"];
  for (const [index, name] of names.entries()) {
    await handle.db
      .insertInto("categories")
      .values({ name, slug: `slug-${index}`, description: null, color: "#3b82f6", createdAt: 0 })
      .execute();
  }
  await up(handle.db);
});
afterAll(() => handle.close());

describe("migration 0008_category_names_unique", () => {
  it("keeps the first of each name and renames its later twins with a free suffix", async () => {
    const rows = await handle.db.selectFrom("categories").select("name").orderBy("id").execute();
    expect(rows.map((row) => row.name)).toEqual(["Security", "security (3)", "Rust", "SECURITY (4)", "Security (2)"]);
  });

  it("refuses a new name that differs only in case", async () => {
    const insert = handle.db
      .insertInto("categories")
      .values({ name: "rust", slug: "rust-again", description: null, color: "#3b82f6", createdAt: 0 })
      .execute();
    await expect(insert).rejects.toThrow(/UNIQUE/);
    const count = await sql<{ n: number }>`select count(*) as n from categories where lower(name) = 'rust'`.execute(
      handle.db,
    );
    expect(count.rows[0]?.n).toBe(1);
  });
});
