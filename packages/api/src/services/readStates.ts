// "What is new to me" (issue 31): how far each member has read each discussion (read_states,
// migration 0030) and what follows from it: the unread counts and "New" markers on their lists,
// where a discussion opens for them, their "Unread" list, and marking everything read.
//
// Lists are kept for everyone as a visitor sees them (unreadCount 0, isNew false); a member's part
// goes on top per request (withMyReadStates), from their own rows for the page's posts only: one
// lookup of (userId, postId) keys, never a walk over all their read states.
import { MESSAGES, type PostView, READ_STATE_MESSAGES, type ReadPositionView } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { sql } from "kysely";
import { badRequest, notFound } from "../errors";
import { previousVisitOf, startNewVisit } from "./memberVisits";
import { selectPosts, toPostView, withMyVotes } from "./posts";

/** What a member's list items carry of their reading. */
type ReadMarks = { id: number; authorId: number; createdAt: string; unreadCount: number; isNew: boolean };

/** Replies of the read state's post after its position: counted from replies, so deleted ones are not. */
const unreadRepliesOf = sql<number>`(select count(*) from replies where replies."postId" = read_states."postId" and replies.id > read_states."lastReadReplyId")`;

/**
 * The page's posts with the member's unread counts and "New" markers. Two small reads: their
 * previous visit, and their read states for these posts with the count of each one's unread
 * replies (an index range per post, replies_post_id).
 */
export async function withMyReadStates<T extends ReadMarks>(
  db: ForumDb,
  userId: number | null,
  posts: T[],
): Promise<T[]> {
  if (userId === null || posts.length === 0) return posts;
  const [since, rows] = await Promise.all([
    previousVisitOf(db, userId),
    db
      .selectFrom("read_states")
      .select(["postId", unreadRepliesOf.as("unread")])
      .where("userId", "=", userId)
      .where(
        "postId",
        "in",
        posts.map((post) => post.id),
      )
      .execute(),
  ]);
  const unreadByPost = new Map(rows.map((row) => [row.postId, Number(row.unread)]));
  return posts.map((post) => {
    const unread = unreadByPost.get(post.id);
    const isNew = unread === undefined && post.authorId !== userId && Date.parse(post.createdAt) > since;
    return unread || isNew ? { ...post, unreadCount: unread ?? 0, isNew } : post;
  });
}

/** Where the member stands in one discussion (where the web app opens it). */
export async function readPosition(db: ForumDb, userId: number, postId: number): Promise<ReadPositionView> {
  const row = await db
    .selectFrom("read_states")
    .select([
      "lastReadReplyId",
      unreadRepliesOf.as("unread"),
      sql<
        number | null
      >`(select min(replies.id) from replies where replies."postId" = read_states."postId" and replies.id > read_states."lastReadReplyId")`.as(
        "firstUnread",
      ),
    ])
    .where("userId", "=", userId)
    .where("postId", "=", postId)
    .executeTakeFirst();
  return {
    postId,
    lastReadReplyId: row?.lastReadReplyId ?? null,
    firstUnreadReplyId: row?.firstUnread ?? null,
    unreadCount: Number(row?.unread ?? 0),
  };
}

/**
 * Notes that the member has had the post's replies up to `upTo` on screen (0: the discussion
 * opened, no reply yet). The position only grows: a late report of an earlier reply (another tab,
 * a slow request) leaves it where it is.
 */
export async function markRead(
  db: ForumDb,
  userId: number,
  postId: number,
  upTo: number,
  now = Date.now(),
): Promise<ReadPositionView> {
  await db.transaction().execute(async (trx) => {
    const post = await trx.selectFrom("posts").select("id").where("id", "=", postId).executeTakeFirst();
    if (!post) throw notFound(MESSAGES.postNotFound);
    if (upTo > 0) {
      const reply = await trx.selectFrom("replies").select("postId").where("id", "=", upTo).executeTakeFirst();
      if (reply?.postId !== postId) throw badRequest(READ_STATE_MESSAGES.replyNotInPost);
    }
    await trx
      .insertInto("read_states")
      .values({ userId, postId, lastReadReplyId: upTo, updatedAt: now })
      .onConflict((conflict) =>
        conflict.columns(["userId", "postId"]).doUpdateSet({
          lastReadReplyId: sql<number>`case when excluded."lastReadReplyId" > read_states."lastReadReplyId" then excluded."lastReadReplyId" else read_states."lastReadReplyId" end`,
          updatedAt: sql<number>`case when excluded."lastReadReplyId" > read_states."lastReadReplyId" then excluded."updatedAt" else read_states."updatedAt" end`,
        }),
      )
      .execute();
  });
  return readPosition(db, userId, postId);
}

/**
 * "Mark all as read": every discussion the member has unread replies in moves to its last reply,
 * and what is "New" starts from now. Returns how many discussions moved.
 */
export async function markAllRead(db: ForumDb, userId: number, now = Date.now()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const lastReply = sql<number>`(select max(replies.id) from replies where replies."postId" = read_states."postId")`;
    const result = await trx
      .updateTable("read_states")
      .set({ lastReadReplyId: lastReply, updatedAt: now })
      .where("userId", "=", userId)
      .where(sql<boolean>`${lastReply} > read_states."lastReadReplyId"`)
      .executeTakeFirst();
    await startNewVisit(trx, userId, now);
    return Number(result.numUpdatedRows);
  });
}

/**
 * A page of the member's "Unread" list: discussions they have read before that have replies after
 * their position, the latest reply first (reply ids grow with time). Walks the member's read
 * states (their primary key's range) with an index probe each.
 */
export async function unreadPostIds(db: ForumDb, userId: number, offset: number, limit: number): Promise<number[]> {
  const lastReply = sql<number>`(select max(replies.id) from replies where replies."postId" = read_states."postId")`;
  const rows = await db
    .selectFrom("read_states")
    .select(["postId", lastReply.as("lastReplyId")])
    .where("userId", "=", userId)
    .where(sql<boolean>`${lastReply} > read_states."lastReadReplyId"`)
    .orderBy("lastReplyId", "desc")
    .orderBy("postId", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => row.postId);
}

/** What a member's lists add on top of the shared answer: their own votes and their reading. */
export async function withMyPart<T extends ReadMarks & { myVote: PostView["myVote"] }>(
  db: ForumDb,
  userId: number | null,
  posts: T[],
): Promise<T[]> {
  return withMyReadStates(db, userId, await withMyVotes(db, userId, posts));
}

/** A page of the member's "Unread" list, as whole posts with their votes and reading. */
export async function listUnreadPosts(db: ForumDb, userId: number, offset: number, limit: number): Promise<PostView[]> {
  const ids = await unreadPostIds(db, userId, offset, limit);
  if (ids.length === 0) return [];
  const rows = await selectPosts(db, userId).where("posts.id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, toPostView(row)]));
  const posts = ids.flatMap((id) => byId.get(id) ?? []);
  return withMyReadStates(db, userId, posts);
}
