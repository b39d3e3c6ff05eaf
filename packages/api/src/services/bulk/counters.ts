// Stored counters grow by the rows an import adds: one UPDATE per distinct increment and chunk
// of ids (usually "+1 for these 500 posts"), not one per imported row.
import type { ForumDb } from "@forum/db";
import { sql } from "kysely";

const ID_CHUNK = 500;

export async function addToCounter(
  db: ForumDb,
  target: "categories" | "posts",
  counter: "postCount" | "replyCount",
  /** The id each imported row counts towards, once per row. */
  ids: readonly number[],
): Promise<void> {
  const increments = new Map<number, number>();
  for (const id of ids) increments.set(id, (increments.get(id) ?? 0) + 1);
  const byIncrement = new Map<number, number[]>();
  for (const [id, increment] of increments) {
    const group = byIncrement.get(increment);
    if (group) group.push(id);
    else byIncrement.set(increment, [id]);
  }
  for (const [increment, group] of byIncrement) {
    for (let start = 0; start < group.length; start += ID_CHUNK) {
      const chunk = group.slice(start, start + ID_CHUNK);
      await sql`update ${sql.table(target)} set ${sql.ref(counter)} = ${sql.ref(counter)} + ${increment}
        where id in (${sql.join(chunk)})`.execute(db);
    }
  }
}
