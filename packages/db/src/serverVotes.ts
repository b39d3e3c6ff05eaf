// A vote as one statement on PostgreSQL: migration 0033's functions lock the post or reply,
// apply the member's vote and update the counts (and a post's scores) in the database, in one
// round trip instead of seven. SQLite runs votes in process (packages/api/src/services/votes.ts):
// there is nothing to save, and that code defines what a vote does.
import { type RawBuilder, sql } from "kysely";
import { engineOf } from "./engine";
import type { ForumDb } from "./handle";

/** The post's place columns as read under its lock, before the vote (for the lists' cache). */
export type VotedPostPlace = {
  id: number;
  categoryId: number;
  authorId: number;
  pinned: number;
  hotScore: number;
  createdAt: number;
  score: number;
  controversialScore: number;
  replyCount: number;
};

/** The target's counts after the vote and the member's vote now (null: taken back). */
type Counts = { upvotes: number; downvotes: number; myVote: number | null };

export type ServerPostVote = Counts &
  VotedPostPlace & { newScore: number; newHotScore: number; newControversialScore: number };
export type ServerReplyVote = Counts & VotedPostPlace;

type Vote = { targetId: number; userId: number; value: 1 | -1; now: number };

/**
 * Votes a post in the database: undefined when the engine votes in the application (SQLite),
 * null when the post does not exist.
 */
export function votePostOnServer(db: ForumDb, vote: Vote): Promise<ServerPostVote | null | undefined> {
  return callVoteFunction<ServerPostVote>(db, sql`forum_vote_post`, vote);
}

/** As votePostOnServer, for a reply (the place columns are its post's). */
export function voteReplyOnServer(db: ForumDb, vote: Vote): Promise<ServerReplyVote | null | undefined> {
  return callVoteFunction<ServerReplyVote>(db, sql`forum_vote_reply`, vote);
}

async function callVoteFunction<Row>(db: ForumDb, name: RawBuilder<unknown>, vote: Vote) {
  if (engineOf(db) !== "postgres") return undefined;
  const { rows } =
    await sql<Row>`select * from ${name}(${vote.targetId}, ${vote.userId}, ${vote.value}, ${vote.now})`.execute(db);
  return rows[0] ?? null;
}
