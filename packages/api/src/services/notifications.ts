// Notifications, written in the transaction of the post or reply that causes them, never for the
// member's own action:
// - reply: to the post's author and every member who replied in the discussion before, unless
//   they turned Reply Notifications off;
// - mention: to each member named as @username in the text, whatever their preferences. A
//   member both mentioned and replied to gets the mention alone. Editing a text notifies only
//   the members it newly mentions.
import { mentionedUsernames, type NotificationView, shownUsername } from "@forum/contracts";
import { summaryOf } from "@forum/contracts/plain-text";
import type { ForumDb } from "@forum/db";
import { sql } from "kysely";
import { iso, preferencesOf } from "./mappers";

/** Where a notification points: a post, and the reply within it (null: the post itself). */
export type NotificationSource = { postId: number; replyId: number | null; actorId: number; content: string };

const INSERT_BATCH = 500;

type NewNotification = { userId: number; type: "reply" | "mention" };

/** Writes the notifications; answers the members told (the live stream tells them their new count). */
async function insertNotifications(
  trx: ForumDb,
  source: NotificationSource,
  rows: NewNotification[],
  now: number,
): Promise<number[]> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await trx
      .insertInto("notifications")
      .values(
        rows.slice(i, i + INSERT_BATCH).map((row) => ({
          userId: row.userId,
          type: row.type,
          actorId: source.actorId,
          postId: source.postId,
          replyId: source.replyId,
          createdAt: now,
        })),
      )
      .execute();
  }
  return rows.map((row) => row.userId);
}

/** The members `text` mentions (ids), the actor left out. */
async function mentionedMembers(trx: ForumDb, text: string, actorId: number): Promise<number[]> {
  const names = mentionedUsernames(text);
  if (names.length === 0) return [];
  const rows = await trx.selectFrom("users").select("id").where(sql<string>`lower(username)`, "in", names).execute();
  return rows.map((row) => row.id).filter((id) => id !== actorId);
}

/**
 * A new reply: its mentions, then everyone else in the discussion who wants reply notifications.
 * The post's author comes with it (the caller has the post's row: one statement fewer).
 */
export async function notifyNewReply(
  trx: ForumDb,
  source: NotificationSource & { replyId: number; postAuthorId: number },
  now: number,
): Promise<number[]> {
  const mentioned = await mentionedMembers(trx, source.content, source.actorId);
  const repliers = await trx
    .selectFrom("replies")
    .select("authorId")
    .distinct()
    .where("postId", "=", source.postId)
    .where("id", "!=", source.replyId)
    .execute();
  const skip = new Set([source.actorId, ...mentioned]);
  const candidates = [...new Set([source.postAuthorId, ...repliers.map((row) => row.authorId)])].filter(
    (id) => !skip.has(id),
  );
  const wanting = await membersWantingReplies(trx, candidates);
  return insertNotifications(
    trx,
    source,
    [
      ...mentioned.map((userId) => ({ userId, type: "mention" as const })),
      ...wanting.map((userId) => ({ userId, type: "reply" as const })),
    ],
    now,
  );
}

async function membersWantingReplies(trx: ForumDb, ids: number[]): Promise<number[]> {
  const wanting: number[] = [];
  for (let i = 0; i < ids.length; i += INSERT_BATCH) {
    const rows = await trx
      .selectFrom("users")
      .select(["id", "preferences"])
      .where("id", "in", ids.slice(i, i + INSERT_BATCH))
      .execute();
    for (const row of rows) if (preferencesOf(row.preferences).replyNotifications) wanting.push(row.id);
  }
  return wanting;
}

/**
 * A new or edited post or reply: mentions of members not yet told about this text. A new text
 * has told nobody, so every mention counts.
 */
export async function notifyMentions(trx: ForumDb, source: NotificationSource, now: number): Promise<number[]> {
  const mentioned = await mentionedMembers(trx, source.content, source.actorId);
  if (mentioned.length === 0) return [];
  let told = trx
    .selectFrom("notifications")
    .select("userId")
    .where("type", "=", "mention")
    .where("userId", "in", mentioned)
    .where("postId", "=", source.postId);
  told = source.replyId === null ? told.where("replyId", "is", null) : told.where("replyId", "=", source.replyId);
  const already = new Set((await told.execute()).map((row) => row.userId));
  const fresh = mentioned.filter((id) => !already.has(id));
  return insertNotifications(
    trx,
    source,
    fresh.map((userId) => ({ userId, type: "mention" as const })),
    now,
  );
}

export async function listNotifications(
  db: ForumDb,
  userId: number,
  offset: number,
  limit: number,
): Promise<NotificationView[]> {
  const rows = await db
    .selectFrom("notifications as n")
    .innerJoin("users as actor", "actor.id", "n.actorId")
    .innerJoin("posts as post", "post.id", "n.postId")
    .leftJoin("replies as reply", "reply.id", "n.replyId")
    .select([
      "n.id",
      "n.type",
      "n.read",
      "n.createdAt",
      "n.replyId",
      "actor.username as actorUsername",
      "post.id as postId",
      "post.slug as postSlug",
      "post.title as postTitle",
      "post.content as postContent",
      "reply.content as replyContent",
    ])
    .where("n.userId", "=", userId)
    .orderBy("n.createdAt", "desc")
    .orderBy("n.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    read: row.read === 1,
    createdAt: iso(row.createdAt),
    actor: { username: shownUsername(row.actorUsername) },
    post: { id: row.postId, slug: row.postSlug, title: row.postTitle },
    replyId: row.replyId,
    excerpt: summaryOf(row.replyContent ?? row.postContent, null),
  }));
}

export async function unreadCount(db: ForumDb, userId: number): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("userId", "=", userId)
    .where("read", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the caller's notifications read: those of `ids` that are theirs, or all of them. */
export async function markRead(db: ForumDb, userId: number, ids: number[] | undefined): Promise<number> {
  if (ids === undefined || ids.length > 0) {
    let update = db.updateTable("notifications").set({ read: 1 }).where("userId", "=", userId).where("read", "=", 0);
    if (ids !== undefined) update = update.where("id", "in", ids);
    await update.execute();
  }
  return unreadCount(db, userId);
}
