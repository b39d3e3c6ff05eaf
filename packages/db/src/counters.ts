// Recomputes stored counters from the rows they count. Used where many counters change at
// once (deleting a user, seeding); single writes update their counters incrementally.
import { sql } from "kysely";
import { lockRows } from "./engine";
import type { ForumDb } from "./handle";
import { voteColumns } from "./ranking";

type Ids = readonly number[] | "all";

const CHUNK = 500;
function chunks(ids: readonly number[]): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(ids.slice(i, i + CHUNK));
  return out;
}

export async function recountPosts(db: ForumDb, ids: Ids): Promise<void> {
  const idLists = ids === "all" ? [null] : chunks([...new Set(ids)]);
  for (const list of idLists) {
    if (list && list.length === 0) continue;
    // Votes and replies arriving meanwhile wait, so the counts written are the counts.
    if (list) await lockRows(db, "posts", list);
    let query = db
      .selectFrom("posts")
      .select([
        "posts.id",
        "posts.createdAt",
        sql<number>`(select count(*) from replies r where r."postId" = posts.id)`.as("replies"),
        sql<number>`(select count(*) from votes v where v."postId" = posts.id and v.value = 1)`.as("up"),
        sql<number>`(select count(*) from votes v where v."postId" = posts.id and v.value = -1)`.as("down"),
      ]);
    if (list) query = query.where("posts.id", "in", list);
    const rows = await query.execute();
    for (const row of rows) {
      await db
        .updateTable("posts")
        .set({ replyCount: row.replies, ...voteColumns(row.up, row.down, row.createdAt) })
        .where("id", "=", row.id)
        .execute();
    }
  }
}

export async function recountReplies(db: ForumDb, ids: Ids): Promise<void> {
  const idLists = ids === "all" ? [null] : chunks([...new Set(ids)]);
  for (const list of idLists) {
    if (list && list.length === 0) continue;
    let query = db.updateTable("replies").set({
      upvotes: sql`(select count(*) from votes v where v."replyId" = replies.id and v.value = 1)`,
      downvotes: sql`(select count(*) from votes v where v."replyId" = replies.id and v.value = -1)`,
    });
    if (list) query = query.where("id", "in", list);
    await query.execute();
  }
}

export async function recountCategories(db: ForumDb, ids: Ids): Promise<void> {
  const idLists = ids === "all" ? [null] : chunks([...new Set(ids)]);
  for (const list of idLists) {
    if (list && list.length === 0) continue;
    let query = db
      .updateTable("categories")
      .set({ postCount: sql`(select count(*) from posts p where p."categoryId" = categories.id)` });
    if (list) query = query.where("id", "in", list);
    await query.execute();
  }
}
