// The hottest writes as functions of the write connection alone. On SQLite the server runs them
// whole on the writer thread (runner.ts; packages/db writerThread.ts), where a transaction costs
// one message each way instead of one per statement; elsewhere they run here with the pool.
// Each answers what its procedure returns, so the read that follows the write runs there too.
// Arguments and answers cross threads by structured clone: plain data only.
import { MESSAGES, type PostView, type ReplyView, type VoteType } from "@forum/contracts";
import type { ForumDb, WriterProcedures } from "@forum/db";
import type { PostMove } from "../cache/placement";
import { notFound } from "../errors";
import { createPost, findPostView, type PostDraft, toPostView } from "../services/posts";
import { createReply, findReplyView, type NewReply } from "../services/replies";
import { type CastVote, castVote, type VoteTarget } from "../services/votes";

export const writerProcedures = {
  /** The member's vote, the target's counts after it, and its post's move in the lists. */
  castVote: (db: ForumDb, vote: { userId: number; target: VoteTarget; type: VoteType }): Promise<CastVote> =>
    castVote(db, vote.userId, vote.target, vote.type),

  /** A new reply, as the thread shows it, its post's move in the lists, and the members it notified. */
  createReply: async (
    db: ForumDb,
    reply: NewReply,
  ): Promise<{ reply: ReplyView; move: PostMove; notified: number[] }> => {
    const { id, move, notified } = await createReply(db, reply);
    return { reply: await findReplyView(db, id), move, notified };
  },

  /** A new post, as its page shows it to its author, and the members its mentions notified. */
  createPost: async (
    db: ForumDb,
    post: { authorId: number; draft: PostDraft },
  ): Promise<{ post: PostView; notified: number[] }> => {
    const { id, notified } = await createPost(db, post.authorId, post.draft);
    const row = await findPostView(db, { id }, post.authorId);
    if (!row) throw notFound(MESSAGES.postNotFound);
    return { post: toPostView(row), notified };
  },
} satisfies WriterProcedures;
