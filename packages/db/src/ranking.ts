// Ranking scores stored on each post and recomputed in the transaction of every vote.

// The constants are also written into PostgreSQL's vote function (migration 0033, which computes
// the same scores in the database): a change here needs a migration that makes it again.

/** Seconds since 2024-01-01, the origin of the hot score's time term. */
export const HOT_EPOCH_SECONDS = 1_704_067_200;
/** Seconds for one order of magnitude of votes: 12.5 hours, as in Reddit's published formula. */
export const HOT_DECAY_SECONDS = 45_000;

/**
 * Hot: Reddit's formula, log10 of the net score plus a term that grows with the creation time.
 * Because the time term depends only on createdAt, the score never needs refreshing as time
 * passes: newer posts outrank older ones by a constant offset, so it can be stored and indexed,
 * and it only changes when a vote does.
 */
export function hotScore(upvotes: number, downvotes: number, createdAtMs: number): number {
  const net = upvotes - downvotes;
  const order = Math.log10(Math.max(Math.abs(net), 1));
  const sign = Math.sign(net);
  const seconds = createdAtMs / 1000 - HOT_EPOCH_SECONDS;
  return sign * order + seconds / HOT_DECAY_SECONDS;
}

/**
 * Controversial: Reddit's formula, many votes split evenly score highest. The total is raised
 * to the balance (minority / majority), so 50/50 with 100 votes beats 90/10 with 100 votes,
 * and a post nobody disagrees with scores 0.
 */
export function controversialScore(upvotes: number, downvotes: number): number {
  if (upvotes <= 0 || downvotes <= 0) return 0;
  const magnitude = upvotes + downvotes;
  const balance = upvotes > downvotes ? downvotes / upvotes : upvotes / downvotes;
  return magnitude ** balance;
}

/** Every stored column that follows from a post's vote counts. */
export function voteColumns(upvotes: number, downvotes: number, createdAtMs: number) {
  return {
    upvotes,
    downvotes,
    score: upvotes - downvotes,
    hotScore: hotScore(upvotes, downvotes, createdAtMs),
    controversialScore: controversialScore(upvotes, downvotes),
  };
}
