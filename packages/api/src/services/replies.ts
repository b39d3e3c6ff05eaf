// Replies: listed oldest first with their authors; writes keep the post's replyCount right.
import { MESSAGES, type ProfileReplyView, REPLY_SUMMARY_LENGTH, type ReplyView } from "@forum/contracts";
import { plainStartOf } from "@forum/contracts/plain-text";
import type { ForumDb } from "@forum/db";
import { notFound } from "../errors";
import { iso, toAuthor } from "./mappers";
import { notifyMentions, notifyNewReply } from "./notifications";

function selectReplies(db: ForumDb) {
  return db
    .selectFrom("replies")
    .innerJoin("users as author", "author.id", "replies.authorId")
    .select([
      "replies.id",
      "replies.postId",
      "replies.content",
      "replies.authorId",
      "replies.upvotes",
      "replies.downvotes",
      "replies.createdAt",
      "replies.updatedAt",
      "author.username as authorUsername",
      "author.firstName as authorFirstName",
      "author.lastName as authorLastName",
      "author.profileImageUrl as authorProfileImageUrl",
      "author.preferences as authorPreferences",
    ]);
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
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function listReplies(db: ForumDb, postId: number, offset: number, limit: number): Promise<ReplyView[]> {
  const post = await db.selectFrom("posts").select("id").where("id", "=", postId).executeTakeFirst();
  if (!post) throw notFound(MESSAGES.postNotFound);
  const rows = await selectReplies(db)
    .where("replies.postId", "=", postId)
    .orderBy("replies.createdAt", "asc")
    .orderBy("replies.id", "asc")
    .limit(limit)
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

export async function findReplyView(db: ForumDb, id: number): Promise<ReplyView> {
  const row = await selectReplies(db).where("replies.id", "=", id).executeTakeFirst();
  if (!row) throw notFound(MESSAGES.replyNotFound);
  return toReplyView(row);
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

export async function createReply(
  db: ForumDb,
  postId: number,
  authorId: number,
  content: string,
  now = Date.now(),
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const post = await trx.selectFrom("posts").select("id").where("id", "=", postId).executeTakeFirst();
    if (!post) throw notFound(MESSAGES.postNotFound);
    const reply = await trx
      .insertInto("replies")
      .values({ postId, authorId, content, createdAt: now, updatedAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("posts")
      .set((eb) => ({ replyCount: eb("replyCount", "+", 1) }))
      .where("id", "=", postId)
      .execute();
    await notifyNewReply(trx, { postId, replyId: reply.id, actorId: authorId, content }, now);
    return reply.id;
  });
}

/** Replaces a reply's text; members it newly mentions are told, as from `editorId`. */
export async function updateReply(
  db: ForumDb,
  id: number,
  editorId: number,
  content: string,
  now = Date.now(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const reply = await findReplyOwner(trx, id);
    await trx.updateTable("replies").set({ content, updatedAt: now }).where("id", "=", id).execute();
    await notifyMentions(trx, { postId: reply.postId, replyId: id, actorId: editorId, content }, now);
  });
}

export async function deleteReply(db: ForumDb, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const reply = await findReplyOwner(trx, id);
    await trx.deleteFrom("replies").where("id", "=", id).execute();
    await trx
      .updateTable("posts")
      .set((eb) => ({ replyCount: eb("replyCount", "-", 1) }))
      .where("id", "=", reply.postId)
      .execute();
  });
}
