// The exported ids are positions, not database ids: the n-th member of the members file is id n,
// the n-th category id n, the n-th post id n. Those are exactly the ids an empty forum gives the
// rows when the files are imported in order (members, categories, posts, replies), so a forum
// whose rows were deleted here and there still comes back with every reference right.
import type { ForumDb } from "@forum/db";

const PAGE = 10_000;

/** Every id of the table, ascending, in a typed array (4 bytes an id: 100,000 posts are 400 kB). */
export async function idsOf(db: ForumDb, table: "users" | "categories" | "posts"): Promise<Int32Array> {
  let ids = new Int32Array(1024);
  let length = 0;
  let after = 0;
  for (;;) {
    const page = await db.selectFrom(table).select("id").where("id", ">", after).orderBy("id").limit(PAGE).execute();
    for (const { id } of page) {
      if (length === ids.length) {
        const grown = new Int32Array(ids.length * 2);
        grown.set(ids);
        ids = grown;
      }
      ids[length++] = Number(id);
    }
    if (page.length < PAGE) return ids.subarray(0, length);
    after = Number(page[page.length - 1]?.id);
  }
}

/** The 1-based position of `id` among `ids` (ascending); 0 when it is not there. */
export function positionOf(ids: Int32Array, id: number): number {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = ids[middle] as number;
    if (found === id) return middle + 1;
    if (found < id) low = middle + 1;
    else high = middle - 1;
  }
  return 0;
}
