// Votes on posts: one per member per post. The same vote again takes it back; the other kind
// switches it. Counts and ranking scores change in the same transaction as the vote.
import { MESSAGES, type VoteResult, type VoteType } from "@forum/contracts";
import { type ForumDb, lockRow, voteColumns } from "@forum/db";
import { notFound } from "../errors";
import { myVoteOf } from "./mappers";

export async function castVote(
  db: ForumDb,
  userId: number,
  postId: number,
  type: VoteType,
  now = Date.now(),
): Promise<VoteResult> {
  const value = type === "upvote" ? 1 : -1;
  return db.transaction().execute(async (trx) => {
    // Votes on one post take turns until they commit, so none is lost from the counts and the
    // scores computed from them (and a double click counts once).
    await lockRow(trx, "posts", postId);
    // The post and the member's vote on it, if any, in one statement.
    const post = await trx
      .selectFrom("posts")
      .leftJoin("votes", (join) => join.onRef("votes.postId", "=", "posts.id").on("votes.userId", "=", userId))
      .select(["posts.upvotes", "posts.downvotes", "posts.createdAt", "votes.id as voteId", "votes.value as voteValue"])
      .where("posts.id", "=", postId)
      .executeTakeFirst();
    if (!post) throw notFound(MESSAGES.postNotFound);
    const existing =
      post.voteId === null || post.voteValue === null ? null : { id: post.voteId, value: post.voteValue };

    let { upvotes, downvotes } = post;
    const tally = (vote: number, delta: number) => {
      if (vote === 1) upvotes += delta;
      else downvotes += delta;
    };
    let finalValue: number | null;
    if (existing && existing.value === value) {
      await trx.deleteFrom("votes").where("id", "=", existing.id).execute();
      tally(value, -1);
      finalValue = null;
    } else if (existing) {
      await trx.updateTable("votes").set({ value, createdAt: now }).where("id", "=", existing.id).execute();
      tally(existing.value, -1);
      tally(value, 1);
      finalValue = value;
    } else {
      await trx.insertInto("votes").values({ userId, postId, replyId: null, value, createdAt: now }).execute();
      tally(value, 1);
      finalValue = value;
    }
    await trx
      .updateTable("posts")
      .set(voteColumns(upvotes, downvotes, post.createdAt))
      .where("id", "=", postId)
      .execute();
    return { postId, upvotes, downvotes, votes: upvotes - downvotes, myVote: myVoteOf(finalValue) };
  });
}
