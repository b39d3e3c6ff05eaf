// Unique slugs: the base slug, or the base with the next free numeric suffix (-2, -3, ...).
import { slugify } from "@forum/contracts";
import { type ForumDb, serializeOn } from "@forum/db";

type SlugTable = "posts" | "categories";

/** Values per IN list, and index ranges per OR (SQLite plans a long OR slowly, so fewer). */
const EXACT_CHUNK = 500;
const RANGE_CHUNK = 50;

function* chunks<T>(values: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < values.length; start += size) yield values.slice(start, start + size);
}

/** Adds to `taken` every stored slug equal to one of `bases`. */
async function findExact(db: ForumDb, table: SlugTable, bases: readonly string[], taken: Set<string>) {
  for (const chunk of chunks(bases, EXACT_CHUNK)) {
    const rows = await db.selectFrom(table).select("slug").where("slug", "in", chunk).execute();
    for (const row of rows) taken.add(row.slug);
  }
}

/** Adds to `taken` every stored slug that is one of `bases` or one of them with a suffix. */
async function findWithSuffixes(db: ForumDb, table: SlugTable, bases: readonly string[], taken: Set<string>) {
  for (const chunk of chunks(bases, RANGE_CHUNK)) {
    // Slugs hold only [a-z0-9-], so "base" up to "base." ('.' follows '-' in ASCII) is the base
    // and every "base-<suffix>": one range of the unique slug index, on SQLite and PostgreSQL alike.
    const rows = await db
      .selectFrom(table)
      .select("slug")
      .where((eb) => eb.or(chunk.map((base) => eb.and([eb("slug", ">=", base), eb("slug", "<", `${base}.`)]))))
      .execute();
    for (const row of rows) taken.add(row.slug);
  }
}

/**
 * Unique slugs for many new rows at once (a bulk import): unique against the table and among
 * themselves, in the order of `texts`. One IN query per 500 distinct bases finds the bases
 * already used; only those, and bases repeated in `texts`, need their suffixed slugs looked up.
 */
export async function uniqueSlugs(db: ForumDb, table: SlugTable, texts: readonly string[]): Promise<string[]> {
  const bases = texts.map(slugify);
  const occurrences = new Map<string, number>();
  for (const base of bases) occurrences.set(base, (occurrences.get(base) ?? 0) + 1);
  const distinct = [...occurrences.keys()];
  const taken = new Set<string>();
  await findExact(db, table, distinct, taken);
  const withSuffixesKnown = new Set(distinct.filter((base) => taken.has(base) || (occurrences.get(base) ?? 0) > 1));
  await findWithSuffixes(db, table, [...withSuffixesKnown], taken);

  const nextSuffix = new Map<string, number>();
  const slugs: string[] = [];
  for (const base of bases) {
    let slug = base;
    if (taken.has(slug)) {
      // Rare: a base taken only by a slug given earlier in this batch ("Foo 2" after two "Foo"
      // rows took "foo-2"), so its own suffixes were not looked up yet.
      if (!withSuffixesKnown.has(base)) {
        await findWithSuffixes(db, table, [base], taken);
        withSuffixesKnown.add(base);
      }
      let suffix = nextSuffix.get(base) ?? 2;
      while (taken.has(`${base}-${suffix}`)) suffix += 1;
      slug = `${base}-${suffix}`;
      nextSuffix.set(base, suffix + 1);
    }
    taken.add(slug);
    slugs.push(slug);
  }
  return slugs;
}

/**
 * The slug for one new row. Call it inside the transaction that inserts the row: transactions
 * looking for a slug of the same text take turns until they commit, so two posts with the same
 * title at once get "title" and "title-2" rather than a unique violation.
 */
export async function uniqueSlug(trx: ForumDb, table: SlugTable, text: string): Promise<string> {
  await serializeOn(trx, `slug:${table}:${slugify(text)}`);
  const [slug] = await uniqueSlugs(trx, table, [text]);
  return slug as string;
}
