// Unique slugs: the base slug, or the base with the next free numeric suffix (-2, -3, ...).
import { slugify } from "@forum/contracts";
import type { ForumDb } from "@forum/db";

export async function uniqueSlug(db: ForumDb, table: "posts" | "categories", text: string): Promise<string> {
  const base = slugify(text);
  // "base-" up to "base." ('.' follows '-' in ASCII) is every "base-<suffix>": an index range
  // on the unique slug index, on SQLite and PostgreSQL alike.
  const rows = await db
    .selectFrom(table)
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", base), eb.and([eb("slug", ">=", `${base}-`), eb("slug", "<", `${base}.`)])]))
    .execute();
  if (rows.length === 0) return base;
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}
