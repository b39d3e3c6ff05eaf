// Unique slugs: the base slug, or the base with the next free numeric suffix (-2, -3, ...).
import { slugify } from "@forum/contracts";
import type { ForumDb } from "@forum/db";

/** Bases looked up per query: a few hundred index ranges in one statement. */
const LOOKUP_CHUNK = 200;

/**
 * Unique slugs for many new rows at once (a bulk import): unique against the table and among
 * themselves, in the order of `texts`, with one query per LOOKUP_CHUNK distinct bases.
 */
export async function uniqueSlugs(db: ForumDb, table: "posts" | "categories", texts: readonly string[]) {
  const bases = texts.map(slugify);
  const distinct = [...new Set(bases)];
  const taken = new Set<string>();
  for (let start = 0; start < distinct.length; start += LOOKUP_CHUNK) {
    const chunk = distinct.slice(start, start + LOOKUP_CHUNK);
    // Slugs hold only [a-z0-9-], so "base" up to "base." ('.' follows '-' in ASCII) is the base
    // and every "base-<suffix>": one range of the unique slug index, on SQLite and PostgreSQL alike.
    const rows = await db
      .selectFrom(table)
      .select("slug")
      .where((eb) => eb.or(chunk.map((base) => eb.and([eb("slug", ">=", base), eb("slug", "<", `${base}.`)]))))
      .execute();
    for (const row of rows) taken.add(row.slug);
  }
  const nextSuffix = new Map<string, number>();
  return bases.map((base) => {
    let slug = base;
    if (taken.has(slug)) {
      let suffix = nextSuffix.get(base) ?? 2;
      while (taken.has(`${base}-${suffix}`)) suffix += 1;
      slug = `${base}-${suffix}`;
      nextSuffix.set(base, suffix + 1);
    }
    taken.add(slug);
    return slug;
  });
}

export async function uniqueSlug(db: ForumDb, table: "posts" | "categories", text: string): Promise<string> {
  const [slug] = await uniqueSlugs(db, table, [text]);
  return slug as string;
}
