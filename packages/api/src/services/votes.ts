// Votes on posts and on replies: one per member per post or reply. The same vote again takes it
// back; the other kind switches it. Counts (and a post's ranking scores) change in the same
// transaction as the vote.
import { MESSAGES, type VoteResult, type VoteType } from "@forum/contracts";
import { compiledOnce, type ForumDb, lockRow, voteColumns, votePostOnServer, voteReplyOnServer } from "@forum/db";
import type { PostMove } from "../cache/placement";
import { notFound } from "../errors";
import { myVoteOf } from "./mappers";
import { POST_PLACE_COLUMNS, postMoveOf } from "./postOrder";

export type VoteTarget = { postId: number } | { replyId: number };

/** The vote's answer, and what it did to its post's place in the lists (cache/placement.ts). */
export type CastVote = { result: VoteResult; move: PostMove };

/** What a vote does to the member's stored vote: none before, or its value. */
type Change = { removed: number | null; added: number | null };

export function castVote(
  db: ForumDb,
  userId: number,
  target: VoteTarget,
  type: VoteType,
  now = Date.now(),
): Promise<CastVote> {
  return "postId" in target
    ? votePost(db, userId, target.postId, type, now)
    : voteReply(db, userId, target.replyId, type, now);
}

/**
 * Applies a vote against the member's existing one (by id and value, or none): deletes, switches
 * or inserts the row, and says which value left and which came.
 */
async function applyVote(
  trx: ForumDb,
  existing: { id: number; value: number } | null,
  insert: () => Promise<unknown>,
  value: number,
  now: number,
): Promise<Change> {
  if (existing && existing.value === value) {
    await trx.deleteFrom("votes").where("id", "=", existing.id).execute();
    return { removed: value, added: null };
  }
  if (existing) {
    await trx.updateTable("votes").set({ value, createdAt: now }).where("id", "=", existing.id).execute();
    return { removed: existing.value, added: value };
  }
  await insert();
  return { removed: null, added: value };
}

// A vote on a post is the hottest write: its statements are compiled once (compiledOnce).
const postAndMyVote = compiledOnce(["postId", "userId"], (db, a: { postId: number; userId: number }) =>
  db
    .selectFrom("posts")
    .leftJoin("votes", (join) => join.onRef("votes.postId", "=", "posts.id").on("votes.userId", "=", a.userId))
    .select([
      ...POST_PLACE_COLUMNS,
      "posts.upvotes",
      "posts.downvotes",
      "votes.id as voteId",
      "votes.value as voteValue",
    ])
    .where("posts.id", "=", a.postId),
);
const insertPostVote = compiledOnce(
  ["userId", "postId", "value", "createdAt"],
  (db, a: { userId: number; postId: number; value: number; createdAt: number }) =>
    db
      .insertInto("votes")
      .values({ userId: a.userId, postId: a.postId, replyId: null, value: a.value, createdAt: a.createdAt }),
);
const setPostVotes = compiledOnce(
  ["id", "upvotes", "downvotes", "score", "hotScore", "controversialScore"],
  (db, a: { id: number } & ReturnType<typeof voteColumns>) =>
    db
      .updateTable("posts")
      .set({
        upvotes: a.upvotes,
        downvotes: a.downvotes,
        score: a.score,
        hotScore: a.hotScore,
        controversialScore: a.controversialScore,
      })
      .where("id", "=", a.id),
);

const delta = (change: Change, value: number) => (change.added === value ? 1 : 0) - (change.removed === value ? 1 : 0);

async function votePost(db: ForumDb, userId: number, postId: number, type: VoteType, now: number) {
  const value = type === "upvote" ? 1 : -1;
  // On PostgreSQL the same steps run in the database, in one round trip (migration 0033).
  const onServer = await votePostOnServer(db, { targetId: postId, userId, value, now });
  if (onServer === null) throw notFound(MESSAGES.postNotFound);
  if (onServer) {
    const { upvotes, downvotes, myVote } = onServer;
    return {
      result: { postId, replyId: null, upvotes, downvotes, votes: upvotes - downvotes, myVote: myVoteOf(myVote) },
      move: postMoveOf(onServer, {
        score: onServer.newScore,
        hotScore: onServer.newHotScore,
        controversialScore: onServer.newControversialScore,
      }),
    };
  }
  return db.transaction().execute(async (trx): Promise<CastVote> => {
    // Votes on one post take turns until they commit, so none is lost from the counts and the
    // scores computed from them (and a double click counts once).
    await lockRow(trx, "posts", postId);
    // The post and the member's vote on it, if any, in one statement.
    const [post] = (await trx.executeQuery(postAndMyVote(trx, { postId, userId }))).rows;
    if (!post) throw notFound(MESSAGES.postNotFound);
    const existing =
      post.voteId === null || post.voteValue === null ? null : { id: post.voteId, value: post.voteValue };
    const change = await applyVote(
      trx,
      existing,
      () => trx.executeQuery(insertPostVote(trx, { userId, postId, value, createdAt: now })),
      value,
      now,
    );
    // The scores follow from both counts, so they are computed here from the locked row.
    const upvotes = post.upvotes + delta(change, 1);
    const downvotes = post.downvotes + delta(change, -1);
    const columns = voteColumns(upvotes, downvotes, post.createdAt);
    await trx.executeQuery(setPostVotes(trx, { id: postId, ...columns }));
    return {
      result: { postId, replyId: null, upvotes, downvotes, votes: upvotes - downvotes, myVote: myVoteOf(change.added) },
      move: postMoveOf(post, columns),
    };
  });
}

async function voteReply(db: ForumDb, userId: number, replyId: number, type: VoteType, now: number) {
  const value = type === "upvote" ? 1 : -1;
  // On PostgreSQL the same steps run in the database, in one round trip (migration 0033).
  const onServer = await voteReplyOnServer(db, { targetId: replyId, userId, value, now });
  if (onServer === null) throw notFound(MESSAGES.replyNotFound);
  if (onServer) {
    const { upvotes, downvotes, myVote } = onServer;
    return {
      result: { postId: null, replyId, upvotes, downvotes, votes: upvotes - downvotes, myVote: myVoteOf(myVote) },
      move: postMoveOf(onServer, {}),
    };
  }
  return db.transaction().execute(async (trx): Promise<CastVote> => {
    // As for posts: one member's votes on a reply take turns (a double click counts once).
    await lockRow(trx, "replies", replyId);
    const reply = await trx
      .selectFrom("replies")
      .innerJoin("posts", "posts.id", "replies.postId")
      .leftJoin("votes", (join) => join.onRef("votes.replyId", "=", "replies.id").on("votes.userId", "=", userId))
      .select([...POST_PLACE_COLUMNS, "votes.id as voteId", "votes.value as voteValue"])
      .where("replies.id", "=", replyId)
      .executeTakeFirst();
    if (!reply) throw notFound(MESSAGES.replyNotFound);
    const existing =
      reply.voteId === null || reply.voteValue === null ? null : { id: reply.voteId, value: reply.voteValue };
    const change = await applyVote(
      trx,
      existing,
      () => trx.insertInto("votes").values({ userId, postId: null, replyId, value, createdAt: now }).execute(),
      value,
      now,
    );
    // Replies have no scores to recompute: the counts move by atomic increments.
    const counts = await trx
      .updateTable("replies")
      .set((eb) => ({
        upvotes: eb("upvotes", "+", delta(change, 1)),
        downvotes: eb("downvotes", "+", delta(change, -1)),
      }))
      .where("id", "=", replyId)
      .returning(["upvotes", "downvotes"])
      .executeTakeFirstOrThrow();
    return {
      result: {
        postId: null,
        replyId,
        upvotes: counts.upvotes,
        downvotes: counts.downvotes,
        votes: counts.upvotes - counts.downvotes,
        myVote: myVoteOf(change.added),
      },
      // The reply's post stays where it was in every list.
      move: postMoveOf(reply, {}),
    };
  });
}
