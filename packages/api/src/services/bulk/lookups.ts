// Checks against the database for a whole upload at once: one query per LOOKUP_CHUNK distinct
// values, never one per row.
import type { ForumDb } from "@forum/db";
import { sql } from "kysely";
import type { Problems } from "./problems";
import { column, type Table } from "./table";

const LOOKUP_CHUNK = 500;

function* chunks<T>(values: readonly T[]): Generator<T[]> {
  for (let start = 0; start < values.length; start += LOOKUP_CHUNK) yield values.slice(start, start + LOOKUP_CHUNK);
}

async function existingIds(db: ForumDb, target: "users" | "categories" | "posts", ids: Set<number>) {
  const found = new Set<number>();
  for (const chunk of chunks([...ids])) {
    const rows = await db.selectFrom(target).select("id").where("id", "in", chunk).execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

const NOUN = { users: "user", categories: "category", posts: "post" } as const;

/** Every id of the column must name an existing row of `target` ("ids must match existing records"). */
export async function checkReferences(
  db: ForumDb,
  table: Table,
  problems: Problems,
  name: string,
  target: keyof typeof NOUN,
): Promise<Set<number>> {
  const ids = column<number | null>(table, name);
  const wanted = new Set<number>();
  for (const id of ids) if (id !== null) wanted.add(id);
  const found = await existingIds(db, target, wanted);
  problems.nextPass();
  for (const [i, id] of ids.entries()) {
    if (id !== null && !found.has(id)) {
      problems.add(table.rowNumbers[i] as number, name, `No ${NOUN[target]} with id ${id}`);
    }
  }
  return found;
}

/** What a taken value is called: "username alice is already registered". */
const TAKEN = {
  users: (name: string, value: string) => `${name} ${value} is already registered`,
  categories: (_name: string, value: string) => `A category named ${value} already exists`,
} as const;

/**
 * The column's values must be unique, case-insensitively, within the file and against the
 * target table (the same rule as registration and the category form: "Alice" and "alice" are
 * one member, "Security" and "security" one category).
 */
export async function checkUniqueField(
  db: ForumDb,
  table: Table,
  problems: Problems,
  target: "users" | "categories",
  name: "username" | "email" | "name",
): Promise<void> {
  const values = column<string | null>(table, name);
  const keys = values.map((value) => value?.toLowerCase() ?? null);
  const taken = new Set<string>();
  const distinct = [...new Set(keys)].filter((key): key is string => key !== null);
  for (const chunk of chunks(distinct)) {
    // lower(column) is what the unique index is built on, so this is an index lookup.
    const rows = await db
      .selectFrom(target)
      .select(sql<string>`lower(${sql.ref(name)})`.as("key"))
      .where(sql<string>`lower(${sql.ref(name)})`, "in", chunk)
      .execute();
    for (const row of rows) taken.add(row.key);
  }
  problems.nextPass();
  const firstRow = new Map<string, number>();
  for (const [i, key] of keys.entries()) {
    if (key === null) continue;
    const row = table.rowNumbers[i] as number;
    const earlier = firstRow.get(key);
    if (taken.has(key)) problems.add(row, name, TAKEN[target](name, String(values[i])));
    else if (earlier !== undefined) problems.add(row, name, `${name} ${values[i]} is also on row ${earlier}`);
    else firstRow.set(key, row);
  }
}
