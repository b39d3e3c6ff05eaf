// Replies: listed oldest first with their authors; writes keep the post's replyCount right.
import { MESSAGES, type ProfileReplyView, REPLY_SUMMARY_LENGTH, type ReplyView, shownUsername } from "@forum/contracts";
import { plainStartOf } from "@forum/contracts/plain-text";
import { compiledOnce, type ForumDb, inTransaction } from "@forum/db";
import type { PostMove } from "../cache/placement";
import { badRequest, forbidden, notFound } from "../errors";
import { queueWebhookEvent } from "../webhooks/queue";
import { iso, myVoteOf, toAuthor } from "./mappers";
import { notifyMentions, notifyNewReply } from "./notifications";
import { POST_PLACE_FIELDS, postMoveOf } from "./postOrder";

function selectReplies(db: ForumDb) {
  return (
    db
      .selectFrom("replies")
      .innerJoin("users as author", "author.id", "replies.authorId")
      // The reply answered and its author ("in reply to @name"), when there is one.
      .leftJoin("replies as replyTo", "replyTo.id", "replies.replyToId")
      .leftJoin("users as replyToAuthor", "replyToAuthor.id", "replyTo.authorId")
      .select([
        "replies.id",
        "replies.postId",
        "replies.content",
        "replies.authorId",
        "replies.upvotes",
        "replies.downvotes",
        "replies.createdAt",
        "replies.updatedAt",
        "replies.editedAt",
        "replies.replyToId",
        "replyToAuthor.username as replyToUsername",
        "author.username as authorUsername",
        "author.firstName as authorFirstName",
        "author.lastName as authorLastName",
        "author.profileImageUrl as authorProfileImageUrl",
        "author.preferences as authorPreferences",
      ])
  );
}

type ReplyQueryRow = Awaited<ReturnType<ReturnType<typeof selectReplies>["executeTakeFirstOrThrow"]>>;

function toReplyView(row: ReplyQueryRow): ReplyView {
  return {
    id: row.id,
    postId: row.postId,
    content: row.content,
    authorId: row.authorId,
    author: toAuthor(row),
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    myVote: "none",
    replyTo:
      row.replyToId === null
        ? null
        : {
            id: row.replyToId,
            username: row.replyToUsername === null ? null : shownUsername(row.replyToUsername),
          },
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    editedAt: row.editedAt === null ? null : iso(row.editedAt),
  };
}

/**
 * The caller's own votes on replies read without them (the answer every visitor shares, from
 * the read cache): one indexed query per list.
 */
export async function withMyReplyVotes<T extends ReplyView>(
  db: ForumDb,
  viewerId: number | null,
  replies: T[],
): Promise<T[]> {
  if (viewerId === null || replies.length === 0) return replies;
  const votes = await db
    .selectFrom("votes")
    .select(["replyId", "value"])
    .where("userId", "=", viewerId)
    .where(
      "replyId",
      "in",
      replies.map((reply) => reply.id),
    )
    .execute();
  if (votes.length === 0) return replies;
  const valueByReply = new Map(votes.map((vote) => [vote.replyId, vote.value]));
  return replies.map((reply) =>
    valueByReply.has(reply.id) ? { ...reply, myVote: myVoteOf(valueByReply.get(reply.id)) } : reply,
  );
}

/** A thread's replies oldest first, from `offset`; `limit` null: all of them (the whole thread). */
export async function listReplies(
  db: ForumDb,
  postId: number,
  offset: number,
  limit: number | null,
): Promise<ReplyView[]> {
  const post = await db.selectFrom("posts").select("id").where("id", "=", postId).executeTakeFirst();
  if (!post) throw notFound(MESSAGES.postNotFound);
  const rows = await selectReplies(db)
    .where("replies.postId", "=", postId)
    .orderBy("replies.createdAt", "asc")
    .orderBy("replies.id", "asc")
    // One SQL text either way (an offset needs a limit in SQLite): no limit is the largest one.
    .limit(limit ?? Number.MAX_SAFE_INTEGER)
    .offset(offset)
    .execute();
  return rows.map(toReplyView);
}

export async function listRepliesByAuthor(
  db: ForumDb,
  authorId: number,
  offset: number,
  limit: number,
): Promise<ProfileReplyView[]> {
  const rows = await selectReplies(db)
    .innerJoin("posts", "posts.id", "replies.postId")
    .select(["posts.slug as postSlug", "posts.title as postTitle"])
    .where("replies.authorId", "=", authorId)
    .orderBy("replies.createdAt", "desc")
    .orderBy("replies.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({
    ...toReplyView(row),
    post: { slug: row.postSlug, title: row.postTitle },
    summary: plainStartOf(row.content, REPLY_SUMMARY_LENGTH),
  }));
}

/** One reply, with the viewer's own vote on it when a viewer is given. */
export async function findReplyView(db: ForumDb, id: number, viewerId: number | null = null): Promise<ReplyView> {
  const row = await selectReplies(db).where("replies.id", "=", id).executeTakeFirst();
  if (!row) throw notFound(MESSAGES.replyNotFound);
  const [view = toReplyView(row)] = await withMyReplyVotes(db, viewerId, [toReplyView(row)]);
  return view;
}

export async function findReplyOwner(db: ForumDb, id: number) {
  const reply = await db
    .selectFrom("replies")
    .select(["id", "authorId", "postId"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!reply) throw notFound(MESSAGES.replyNotFound);
  return reply;
}

export type NewReply = {
  postId: number;
  authorId: number;
  content: string;
  /** The reply of the same post it answers. */
  replyToId?: number | null | undefined;
  /** Moderators and admins may still reply in a locked discussion. */
  mayReplyWhenLocked: boolean;
};

// Replying is the second hottest write: its fixed statements are compiled once (compiledOnce).
const postLock = compiledOnce(["postId"], (db, a: { postId: number }) =>
  db.selectFrom("posts").select(["id", "locked"]).where("id", "=", a.postId),
);
const insertReply = compiledOnce(
  ["postId", "authorId", "content", "replyToId", "createdAt"],
  (db, a: { postId: number; authorId: number; content: string; replyToId: number | null; createdAt: number }) =>
    db
      .insertInto("replies")
      .values({
        postId: a.postId,
        authorId: a.authorId,
        content: a.content,
        replyToId: a.replyToId,
        createdAt: a.createdAt,
        updatedAt: a.createdAt,
      })
      .returning("id"),
);
// Returns the post's place in the lists after the reply, under its row lock (cache/placement.ts).
const countNewReply = compiledOnce(["postId"], (db, a: { postId: number }) =>
  db
    .updateTable("posts")
    .set((eb) => ({ replyCount: eb("replyCount", "+", 1) }))
    .where("id", "=", a.postId)
    .returning([...POST_PLACE_FIELDS]),
);

/** A new reply's id, and what it did to its post's place in the lists (one more reply). */
export async function createReply(
  db: ForumDb,
  reply: NewReply,
  now = Date.now(),
): Promise<{ id: number; move: PostMove; notified: number[] }> {
  const { postId, authorId, content } = reply;
  return inTransaction(db, async (trx) => {
    const [post] = (await trx.executeQuery(postLock(trx, { postId }))).rows;
    if (!post) throw notFound(MESSAGES.postNotFound);
    if (post.locked === 1 && !reply.mayReplyWhenLocked) throw forbidden(MESSAGES.discussionLocked);
    const replyToId = reply.replyToId ?? null;
    if (replyToId !== null) {
      const answered = await trx.selectFrom("replies").select("postId").where("id", "=", replyToId).executeTakeFirst();
      if (answered?.postId !== postId) throw badRequest(MESSAGES.replyToOtherPost);
    }
    const [created] = (
      await trx.executeQuery(insertReply(trx, { postId, authorId, content, replyToId, createdAt: now }))
    ).rows;
    if (!created) throw new Error("the new reply's id was not returned");
    const [counted] = (await trx.executeQuery(countNewReply(trx, { postId }))).rows;
    if (!counted) throw notFound(MESSAGES.postNotFound);
    const notified = await notifyNewReply(
      trx,
      { postId, replyId: created.id, actorId: authorId, content, postAuthorId: counted.authorId },
      now,
    );
    await queueWebhookEvent(trx, "reply.created", () => findReplyView(trx, created.id), now);
    const move = postMoveOf({ ...counted, replyCount: counted.replyCount - 1 }, { replyCount: counted.replyCount });
    return { id: created.id, move, notified };
  });
}

/** Replaces a reply's text; members it newly mentions are told, as from `editorId`. */
export async function updateReply(
  db: ForumDb,
  id: number,
  editorId: number,
  content: string,
  now = Date.now(),
): Promise<{ postId: number; notified: number[] }> {
  return inTransaction(db, async (trx) => {
    const reply = await trx.selectFrom("replies").select(["postId", "content"]).where("id", "=", id).executeTakeFirst();
    if (!reply) throw notFound(MESSAGES.replyNotFound);
    // The same text sent again is no edit: the reply is not marked edited.
    const edited = reply.content !== content ? { editedAt: now } : {};
    await trx
      .updateTable("replies")
      .set({ content, updatedAt: now, ...edited })
      .where("id", "=", id)
      .execute();
    const notified = await notifyMentions(trx, { postId: reply.postId, replyId: id, actorId: editorId, content }, now);
    await queueWebhookEvent(trx, "reply.updated", () => findReplyView(trx, id), now);
    return { postId: reply.postId, notified };
  });
}

export async function deleteReply(db: ForumDb, id: number): Promise<void> {
  await inTransaction(db, (trx) => removeReply(trx, id));
}

/** deleteReply's work, inside a transaction the caller runs. */
export async function removeReply(trx: ForumDb, id: number, now = Date.now()): Promise<void> {
  const reply = await findReplyOwner(trx, id);
  // The event carries the reply as it was, read before it goes.
  await queueWebhookEvent(trx, "reply.deleted", () => findReplyView(trx, id), now);
  await trx.deleteFrom("replies").where("id", "=", id).execute();
  await trx
    .updateTable("posts")
    .set((eb) => ({ replyCount: eb("replyCount", "-", 1) }))
    .where("id", "=", reply.postId)
    .execute();
}
