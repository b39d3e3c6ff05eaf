// The synthetic forum of the performance benchmark: at scale 1, 10,000 members, 30 categories,
// 100,000 posts, 1,000,000 replies and 2,000,000 votes over two years, written straight into a
// migrated SQLite file. The same seed, scale and `now` give the same file.
//
// Speed: everything that decides a counter (who wrote what, when, how many replies and votes
// each post and reply gets, how many of those votes are up) is drawn first into typed arrays, so
// every row is inserted once with its final counters and scores; nothing is recounted with SQL.
// Rows go in through raw better-sqlite3 prepared statements in large transactions, with the
// journal and fsyncs off for the load only (a crashed build is simply rebuilt), then the file is
// switched back to WAL like every forum database.
import { CATEGORY_PRESET_COLORS, slugify } from "@forum/contracts";
import type SQLite from "better-sqlite3";
import { createDb } from "../connection";
import { migrateToLatest } from "../migrate";
import { voteColumns } from "../ranking";
import { createRandom, type Random } from "./random";
import {
  CONTENT_WORDS,
  FIRST_NAMES,
  FUNCTION_WORDS,
  LAST_NAMES,
  LOCATIONS,
  SYNTHETIC_CATEGORIES,
  TITLE_OPENERS,
} from "./synthetic-words";

/** Password of the two benchmark accounts, bench_admin (admin) and bench_user (member). */
export const BENCH_PASSWORD = "bench-password-1";
/** Password every other synthetic member shares (one argon2 hash, computed once, stored below). */
export const SYNTHETIC_MEMBER_PASSWORD = "synthetic-member-1";
export const BENCH_ACCOUNTS = { admin: "bench_admin", user: "bench_user" } as const;
// argon2id hashes with the API's parameters (m=19456, t=2, p=1, 32-byte output) of the two
// passwords above. Precomputed: hashing one password takes tens of milliseconds, and a fixed
// salt keeps the file deterministic.
const BENCH_PASSWORD_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$j7QVcbDOTw2W/0jVLmyhqQ$vzcy6DOgZa0BovqsaRQf/TvGKU6/ZV9Lx19CS5nXmhY";
const MEMBER_PASSWORD_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$dVC9CHsRZbwIdUAkmUJYIg$6eEG1iE4w63xCVTKe7Bvyr/eOtVEw0qrOqlsKg0s7K4";

/** The full data set; `scale` multiplies every count but the categories. */
export const SYNTHETIC_FULL = { users: 10_000, categories: 30, posts: 100_000, replies: 1_000_000, votes: 2_000_000 };
/** One post always has exactly this many replies (the "busy thread" of the benchmark). */
export const BUSY_POST_REPLIES = 500;
export const SYNTHETIC_DEFAULT_SEED = 20_260_101;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SPAN = 730 * DAY;
/** Share of all votes cast on posts; the rest go to replies. */
const POST_VOTE_SHARE = 0.35;
const MAX_REPLIES_PER_POST = 5_000;
/** Ids 1 and 2 are the benchmark accounts: they write and vote nothing in the data set. */
const FIRST_MEMBER_ID = 3;
const TEXT = {
  title: { min: 30, max: 120 },
  post: { min: 200, max: 3000 },
  reply: { min: 50, max: 800 },
};
const MAX_SENTENCE = 160;

export type SyntheticCounts = typeof SYNTHETIC_FULL;

export function syntheticCounts(scale: number): SyntheticCounts {
  if (!(scale > 0) || !Number.isFinite(scale)) throw new Error(`scale must be a positive number, got ${scale}`);
  return {
    users: Math.max(12, Math.round(SYNTHETIC_FULL.users * scale)),
    categories: SYNTHETIC_CATEGORIES.length,
    posts: Math.max(30, Math.round(SYNTHETIC_FULL.posts * scale)),
    replies: Math.round(SYNTHETIC_FULL.replies * scale),
    votes: Math.round(SYNTHETIC_FULL.votes * scale),
  };
}

export type SyntheticOptions = {
  scale?: number;
  seed?: number;
  /** The data set's "now": every date falls in the two years before it. Default: today, 00:00 UTC. */
  now?: number;
  log?: (line: string) => void;
};

export type SyntheticSummary = {
  seed: number;
  scale: number;
  now: number;
  counts: SyntheticCounts & { postVotes: number; replyVotes: number };
  busyPost: { id: number; slug: string; replies: number };
  mostActiveUser: { id: number; username: string; posts: number; replies: number };
  largestCategory: { id: number; slug: string; posts: number };
  benchAccounts: { admin: string; user: string; password: string };
  memberPassword: string;
  /** Milliseconds per phase, and in total (migrations included). */
  timings: Record<string, number>;
  totalMs: number;
};

/** Today at 00:00 UTC: the default `now`, so builds on the same day are identical. */
export function startOfUtcDay(time = Date.now()): number {
  return time - (time % DAY);
}

/**
 * Creates the database at `path` (which must not hold a forum yet) with the real migrations and
 * fills it with the synthetic forum.
 */
export async function buildSyntheticDatabase(path: string, options: SyntheticOptions = {}): Promise<SyntheticSummary> {
  const started = performance.now();
  const scale = options.scale ?? 1;
  const seed = options.seed ?? SYNTHETIC_DEFAULT_SEED;
  const now = options.now ?? startOfUtcDay();
  const log = options.log ?? (() => {});
  const timings: Record<string, number> = {};
  let phaseStart = started;
  const phase = (name: string) => {
    const at = performance.now();
    timings[name] = Math.round(at - phaseStart);
    log(`  ${name.padEnd(12)} ${((at - phaseStart) / 1000).toFixed(1)} s`);
    phaseStart = at;
  };

  // Alone on the file: the load below switches the journal off and back to WAL.
  const handle = createDb({ path, readConnection: false });
  try {
    await migrateToLatest(handle.db);
    const sqlite = handle.sqlite;
    const existing = sqlite.prepare("select count(*) as n from users").get() as { n: number };
    if (existing.n > 0) throw new Error(`${path} already holds a forum; build the synthetic one into a new file`);
    phase("migrations");

    // Bulk-load settings for this connection only: no rollback journal, no fsync, no foreign-key
    // lookups per row (the generator only writes ids it created), and a 1 GiB page cache so
    // index pages stay in memory. Restored below. better-sqlite3 runs SQLite in defensive mode,
    // which refuses journal_mode=OFF; unsafe mode lifts that for the load.
    sqlite.unsafeMode(true);
    sqlite.pragma("journal_mode = OFF");
    sqlite.pragma("synchronous = OFF");
    sqlite.pragma("foreign_keys = OFF");
    sqlite.pragma("cache_size = -1048576");

    const plan = planForum(syntheticCounts(scale), seed, now);
    phase("plan");
    const restoreSearchTriggers = withoutSearchTriggers(sqlite);
    const restoreIndexes = withoutIndexes(sqlite, LOADED_TABLES);
    const summary = writeForum(sqlite, plan, seed, phase);
    restoreIndexes();
    phase("indexes");
    rebuildSearchIndex(sqlite);
    restoreSearchTriggers();
    phase("search index");

    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("cache_size = -32000");
    sqlite.pragma("journal_mode = WAL");
    sqlite.unsafeMode(false);
    phase("finish");
    const totalMs = Math.round(performance.now() - started);
    return {
      seed,
      scale,
      now,
      ...summary,
      benchAccounts: { admin: BENCH_ACCOUNTS.admin, user: BENCH_ACCOUNTS.user, password: BENCH_PASSWORD },
      memberPassword: SYNTHETIC_MEMBER_PASSWORD,
      timings,
      totalMs,
    };
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Plan: every number that a stored counter depends on, drawn into typed arrays.

type Plan = ReturnType<typeof planForum>;

/** A stride coprime with n, to visit 0..n-1 in a scattered but deterministic order. */
function strideFor(n: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = 7919;
  while (n > 1 && gcd(stride, n) !== 1) stride += 2;
  return stride % Math.max(n, 1) || 1;
}

/** Splits `total` into integer parts proportional to `weights`, none above `cap`. */
function allocate(total: number, weights: Float64Array, cap: number): Int32Array {
  const n = weights.length;
  const counts = new Int32Array(n);
  if (total > cap * n) throw new Error(`cannot place ${total} items in ${n} slots of at most ${cap}`);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += weights[i] as number;
  let left = total;
  if (sum > 0) {
    for (let i = 0; i < n; i++) {
      const count = Math.min(cap, Math.floor((total * (weights[i] as number)) / sum));
      counts[i] = count;
      left -= count;
    }
  }
  // The rounding remainder and whatever the cap cut off: one more each, in a scattered order,
  // first to slots that have a weight, then (only if they are all full) to any slot.
  const stride = strideFor(n);
  for (const anySlot of [false, true]) {
    while (left > 0) {
      let placed = 0;
      for (let j = 0, i = 0; j < n && left > 0; j++, i = (i + stride) % n) {
        if ((counts[i] as number) < cap && (anySlot || (weights[i] as number) > 0)) {
          counts[i] = (counts[i] as number) + 1;
          left--;
          placed++;
        }
      }
      if (placed === 0) break;
    }
  }
  return counts;
}

/** Sets counts[index] to target, taking the difference from (or giving it to) the other slots. */
function forceCount(counts: Int32Array, index: number, target: number, cap: number): void {
  let delta = target - (counts[index] as number);
  counts[index] = target;
  const n = counts.length;
  const stride = strideFor(n);
  while (delta !== 0) {
    let changed = false;
    for (let j = 0, i = 0; j < n && delta !== 0; j++, i = (i + stride) % n) {
      if (i === index) continue;
      const count = counts[i] as number;
      if (delta > 0 && count > 0) {
        counts[i] = count - 1;
        delta--;
        changed = true;
      } else if (delta < 0 && count > 0 && count < cap) {
        counts[i] = count + 1;
        delta++;
        changed = true;
      }
    }
    if (!changed) throw new Error("cannot rebalance the reply counts");
  }
}

/** Draws indexes with probability proportional to `weights` (a CDF and a binary search). */
function weightedPicker(weights: Float64Array, random: Random): () => number {
  const cdf = new Float64Array(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    sum += weights[i] as number;
    cdf[i] = sum;
  }
  return () => {
    const x = random.next() * sum;
    let lo = 0;
    let hi = cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cdf[mid] as number) > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}

/** A Pareto draw (minimum 1): most small, a few very large. */
function pareto(random: Random, alpha: number): number {
  return (1 - random.next()) ** (-1 / alpha);
}

/** A time after `from`, usually within days of it, never after `now`. */
function laterTime(random: Random, from: number, now: number, meanMs: number): number {
  const offset = -Math.log(1 - random.next()) * meanMs;
  const time = from + offset < now ? from + offset : from + (now - from) * random.next();
  return Math.floor(time);
}

/** Up votes among `votes`, each up with `probability`. */
function upsOf(random: Random, votes: number, probability: number): number {
  let ups = 0;
  for (let i = 0; i < votes; i++) if (random.next() < probability) ups++;
  return ups;
}

function planForum(counts: SyntheticCounts, seed: number, now: number) {
  const random = createRandom(seed);
  const start = now - SPAN;
  const members = counts.users - (FIRST_MEMBER_ID - 1);

  // Authors: a long tail of occasional writers, and one member clearly the most active (about
  // 1.5 % of everything, twice the runner-up). Ranks map to member ids in a shuffled order.
  const authorWeights = new Float64Array(members);
  let tail = 0;
  for (let rank = 1; rank < members; rank++) {
    authorWeights[rank] = 1 / (rank + 20);
    tail += authorWeights[rank] as number;
  }
  authorWeights[0] = Math.max((tail * 0.015) / 0.985, 2 / 21);
  const memberOfRank = new Int32Array(members);
  for (let i = 0; i < members; i++) memberOfRank[i] = FIRST_MEMBER_ID + i;
  for (let i = members - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    const swap = memberOfRank[i] as number;
    memberOfRank[i] = memberOfRank[j] as number;
    memberOfRank[j] = swap;
  }
  const pickRank = weightedPicker(authorWeights, random);
  const pickAuthor = () => memberOfRank[pickRank()] as number;

  // Posts: more of them lately (density grows over the two years), ids in date order, popular
  // categories first.
  const postCreated = new Float64Array(counts.posts);
  for (let i = 0; i < counts.posts; i++) {
    postCreated[i] = Math.min(now - MINUTE, Math.floor(start + SPAN * random.next() ** (1 / 1.5)));
  }
  postCreated.sort();
  const categoryWeights = new Float64Array(counts.categories);
  for (let c = 0; c < counts.categories; c++) categoryWeights[c] = 1 / (c + 1.5) ** 0.9;
  const pickCategory = weightedPicker(categoryWeights, random);
  const postCategory = new Int32Array(counts.posts);
  const postAuthor = new Int32Array(counts.posts);
  const categoryPosts = new Int32Array(counts.categories);
  for (let i = 0; i < counts.posts; i++) {
    const category = pickCategory();
    postCategory[i] = category + 1;
    categoryPosts[category] = (categoryPosts[category] as number) + 1;
    postAuthor[i] = pickAuthor();
  }

  // Replies per post: heavy-tailed (Pareto 1.5; 15 % of posts get none), so some threads get
  // hundreds or thousands. The thread nearest 500 gets exactly 500.
  const replyWeights = new Float64Array(counts.posts);
  for (let i = 0; i < counts.posts; i++) replyWeights[i] = random.chance(0.15) ? 0 : pareto(random, 1.5);
  const postReplies = allocate(counts.replies, replyWeights, MAX_REPLIES_PER_POST);
  let busy = 0;
  for (let i = 1; i < counts.posts; i++) {
    if (
      Math.abs((postReplies[i] as number) - BUSY_POST_REPLIES) <=
      Math.abs((postReplies[busy] as number) - BUSY_POST_REPLIES)
    ) {
      busy = i;
    }
  }
  forceCount(postReplies, busy, Math.min(BUSY_POST_REPLIES, counts.replies), MAX_REPLIES_PER_POST);

  // Replies: authors, and dates after their post (most within days), in date order per post.
  const firstReply = new Int32Array(counts.posts + 1);
  for (let i = 0; i < counts.posts; i++) firstReply[i + 1] = (firstReply[i] as number) + (postReplies[i] as number);
  const replyCreated = new Float64Array(counts.replies);
  const replyAuthor = new Int32Array(counts.replies);
  for (let i = 0; i < counts.posts; i++) {
    const from = firstReply[i] as number;
    const to = firstReply[i + 1] as number;
    for (let r = from; r < to; r++) {
      replyCreated[r] = laterTime(random, postCreated[i] as number, now, 1.5 * DAY);
      replyAuthor[r] = pickAuthor();
    }
    replyCreated.subarray(from, to).sort();
  }

  // Votes: posts with more replies draw more votes; a few posts split opinion (controversial).
  const voters = members;
  const postVoteTotal = Math.round(counts.votes * POST_VOTE_SHARE);
  const postVoteWeights = new Float64Array(counts.posts);
  for (let i = 0; i < counts.posts; i++) {
    postVoteWeights[i] = ((postReplies[i] as number) + 1) ** 0.6 * pareto(random, 1.8);
  }
  const postVotes = allocate(postVoteTotal, postVoteWeights, voters);
  const postUps = new Int32Array(counts.posts);
  for (let i = 0; i < counts.posts; i++) {
    const probability = random.chance(0.06) ? 0.35 + 0.3 * random.next() : 0.7 + 0.28 * random.next();
    postUps[i] = upsOf(random, postVotes[i] as number, probability);
  }
  const replyVoteWeights = new Float64Array(counts.replies);
  for (let r = 0; r < counts.replies; r++) replyVoteWeights[r] = random.chance(0.3) ? 0 : pareto(random, 2);
  const replyVotes = allocate(counts.votes - postVoteTotal, replyVoteWeights, voters);
  const replyUps = new Int32Array(counts.replies);
  for (let r = 0; r < counts.replies; r++) {
    replyUps[r] = upsOf(random, replyVotes[r] as number, 0.6 + 0.38 * random.next());
  }

  return {
    counts,
    now,
    start,
    memberOfRank,
    postCreated,
    postCategory,
    postAuthor,
    postReplies,
    postVotes,
    postUps,
    categoryPosts,
    busyPost: busy,
    firstReply,
    replyCreated,
    replyAuthor,
    replyVotes,
    replyUps,
    postVoteTotal,
  };
}

// ---------------------------------------------------------------------------------------------
// Text: a corpus of word-list sentences built once; a body is a run of whole sentences from it.

type Corpus = { text: string; starts: Int32Array; lastStart: number };

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function buildCorpus(random: Random, sentences: number): Corpus {
  const parts: string[] = [];
  const starts = new Int32Array(sentences + 1);
  let length = 0;
  for (let s = 0; s < sentences; s++) {
    starts[s] = length;
    const words = random.int(4, 18);
    let sentence = capitalize(random.pick(CONTENT_WORDS));
    for (let w = 1; w < words; w++) {
      const word = random.chance(0.45) ? random.pick(FUNCTION_WORDS) : random.pick(CONTENT_WORDS);
      if (sentence.length + word.length + 3 > MAX_SENTENCE) break;
      sentence += (random.chance(0.06) ? ", " : " ") + word;
    }
    const end = random.next();
    sentence += end < 0.85 ? "." : end < 0.95 ? "?" : "!";
    sentence += random.chance(0.18) ? "\n\n" : " ";
    parts.push(sentence);
    length += sentence.length;
  }
  starts[sentences] = length;
  const text = parts.join("");
  // The last sentence a body may start at and still find the longest body after it.
  let lastStart = sentences - 1;
  while (lastStart > 0 && length - (starts[lastStart] as number) < TEXT.post.max) lastStart--;
  return { text, starts, lastStart };
}

/** Whole sentences from a random place in the corpus: at least `min` characters, at most min + 160. */
function bodyOf(corpus: Corpus, random: Random, min: number): string {
  const first = Math.floor(random.next() * (corpus.lastStart + 1));
  const from = corpus.starts[first] as number;
  // The first sentence end at least `min` + 2 characters on (the trailing separator is trimmed).
  let lo = first + 1;
  let hi = corpus.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((corpus.starts[mid] as number) - from >= min + 2) hi = mid;
    else lo = mid + 1;
  }
  return corpus.text.slice(from, corpus.starts[lo] as number).trimEnd();
}

/** A length target in [min, max - MAX_SENTENCE], shorter ones more likely. */
function lengthTarget(random: Random, range: { min: number; max: number }): number {
  const u = random.next();
  return range.min + Math.floor((range.max - MAX_SENTENCE - 4 - range.min) * u * u);
}

function titleOf(random: Random): string {
  const target = random.int(TEXT.title.min, TEXT.title.max);
  let title = random.chance(0.35) ? random.pick(TITLE_OPENERS) : capitalize(random.pick(CONTENT_WORDS));
  for (;;) {
    const word = random.chance(0.3) ? random.pick(FUNCTION_WORDS) : random.pick(CONTENT_WORDS);
    if (title.length >= target || title.length + 1 + word.length > TEXT.title.max - 1) break;
    title += ` ${word}`;
  }
  while (title.length < TEXT.title.min) title += ` ${random.pick(FUNCTION_WORDS)}`;
  return random.chance(0.3) ? `${title}?` : title;
}

// ---------------------------------------------------------------------------------------------
// Write: one pass per table with prepared statements, committing every CHUNK rows.

const CHUNK = 50_000;

function writeForum(sqlite: SQLite.Database, plan: Plan, seed: number, phase: (name: string) => void) {
  const { counts, now, start } = plan;
  const random = createRandom((seed ^ 0x9e3779b9) >>> 0);
  const corpus = buildCorpus(random, 40_000);
  let pending = 0;
  const begin = () => sqlite.exec("begin");
  const tick = () => {
    if (++pending >= CHUNK) {
      sqlite.exec("commit");
      sqlite.exec("begin");
      pending = 0;
    }
  };
  const commit = () => {
    sqlite.exec("commit");
    pending = 0;
  };
  // The earliest thing each member wrote or voted, so nobody acts before joining.
  const firstAct = new Float64Array(counts.users + 1).fill(now);
  const acted = (user: number, time: number) => {
    if (time < (firstAct[user] as number)) firstAct[user] = time;
  };

  // Categories
  const insertCategory = sqlite.prepare(
    `insert into categories (id, name, slug, description, color, "postCount", "createdAt") values (?, ?, ?, ?, ?, ?, ?)`,
  );
  const categorySlugs = SYNTHETIC_CATEGORIES.map(([name]) => slugify(name));
  begin();
  for (const [c, [name, description]] of SYNTHETIC_CATEGORIES.entries()) {
    const color = CATEGORY_PRESET_COLORS[c % CATEGORY_PRESET_COLORS.length] as string;
    insertCategory.run(
      c + 1,
      name,
      categorySlugs[c],
      description,
      color,
      plan.categoryPosts[c],
      start - 30 * DAY + c * HOUR,
    );
  }
  commit();

  // Posts
  const insertPost = sqlite.prepare(
    `insert into posts (id, slug, title, content, excerpt, "categoryId", "authorId", featured, views, "replyCount",
       upvotes, downvotes, score, "hotScore", "controversialScore", "createdAt", "updatedAt")
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const slugs = new Set<string>();
  const nextSuffix = new Map<string, number>();
  let busySlug = "";
  begin();
  for (let i = 0; i < counts.posts; i++) {
    const title = titleOf(random);
    const base = slugify(title);
    let slug = base;
    if (slugs.has(slug)) {
      let suffix = nextSuffix.get(base) ?? 2;
      while (slugs.has(`${base}-${suffix}`)) suffix++;
      slug = `${base}-${suffix}`;
      nextSuffix.set(base, suffix + 1);
    }
    slugs.add(slug);
    if (i === plan.busyPost) busySlug = slug;
    const created = plan.postCreated[i] as number;
    const replies = plan.postReplies[i] as number;
    const up = plan.postUps[i] as number;
    const scores = voteColumns(up, (plan.postVotes[i] as number) - up, created);
    const content = bodyOf(corpus, random, lengthTarget(random, TEXT.post));
    const excerpt = random.chance(0.1) ? bodyOf(corpus, random, 40) : null;
    const updated = random.chance(0.1) ? laterTime(random, created, now, DAY) : created;
    const author = plan.postAuthor[i] as number;
    acted(author, created);
    insertPost.run(
      i + 1,
      slug,
      title,
      content,
      excerpt && excerpt.length <= 500 ? excerpt : null,
      plan.postCategory[i],
      author,
      random.chance(0.002) ? 1 : 0,
      replies * random.int(5, 30) + random.int(0, 200),
      replies,
      scores.upvotes,
      scores.downvotes,
      scores.score,
      scores.hotScore,
      scores.controversialScore,
      created,
      updated,
    );
    tick();
  }
  commit();
  phase("posts");

  // Replies
  const insertReply = sqlite.prepare(
    `insert into replies (id, "postId", "authorId", content, upvotes, downvotes, "createdAt", "updatedAt")
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  begin();
  for (let i = 0; i < counts.posts; i++) {
    const to = plan.firstReply[i + 1] as number;
    for (let r = plan.firstReply[i] as number; r < to; r++) {
      const created = plan.replyCreated[r] as number;
      const author = plan.replyAuthor[r] as number;
      const up = plan.replyUps[r] as number;
      acted(author, created);
      insertReply.run(
        r + 1,
        i + 1,
        author,
        bodyOf(corpus, random, lengthTarget(random, TEXT.reply)),
        up,
        (plan.replyVotes[r] as number) - up,
        created,
        random.chance(0.05) ? laterTime(random, created, now, HOUR) : created,
      );
      tick();
    }
  }
  commit();
  phase("replies");

  // Votes: distinct members per target (the unique indexes votes_user_post and
  // votes_user_reply), the first `ups` of them up; a stamp per target marks who already voted.
  const insertVote = sqlite.prepare(
    `insert into votes (id, "userId", "postId", "replyId", value, "createdAt") values (?, ?, ?, ?, ?, ?)`,
  );
  const members = counts.users - (FIRST_MEMBER_ID - 1);
  const votedFor = new Int32Array(counts.users + 1);
  let stamp = 0;
  let voteId = 0;
  const castVotes = (votes: number, ups: number, created: number, postId: number | null, replyId: number | null) => {
    stamp++;
    for (let v = 0; v < votes; v++) {
      let user: number;
      do user = FIRST_MEMBER_ID + Math.floor(random.next() * members);
      while (votedFor[user] === stamp);
      votedFor[user] = stamp;
      const time = laterTime(random, created, now, 2 * DAY);
      acted(user, time);
      insertVote.run(++voteId, user, postId, replyId, v < ups ? 1 : -1, time);
      tick();
    }
  };
  begin();
  for (let i = 0; i < counts.posts; i++) {
    castVotes(plan.postVotes[i] as number, plan.postUps[i] as number, plan.postCreated[i] as number, i + 1, null);
  }
  for (let r = 0; r < counts.replies; r++) {
    castVotes(plan.replyVotes[r] as number, plan.replyUps[r] as number, plan.replyCreated[r] as number, null, r + 1);
  }
  commit();
  phase("votes");

  // Members last, so each one's join date can precede the first thing they did.
  const insertUser = sqlite.prepare(
    `insert into users (id, username, email, "passwordHash", "firstName", "lastName", bio, website, location, role,
       banned, "profileImageUrl", preferences, "createdAt")
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, null, null, ?)`,
  );
  const usernames = new Map<number, string>();
  const taken = new Set<string>();
  begin();
  for (const [index, role] of (["admin", "user"] as const).entries()) {
    const username = BENCH_ACCOUNTS[role];
    const joined = start - 30 * DAY;
    insertUser.run(
      index + 1,
      username,
      `${username}@example.com`,
      BENCH_PASSWORD_HASH,
      "Bench",
      capitalize(role),
      null,
      null,
      null,
      role,
      joined,
    );
  }
  for (let id = FIRST_MEMBER_ID; id <= counts.users; id++) {
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const base = `${firstName}_${lastName}`.toLowerCase();
    let username = base;
    for (let n = 2; taken.has(username); n++) username = `${base}${n}`;
    taken.add(username);
    usernames.set(id, username);
    const joined = Math.min(
      Math.floor(start + SPAN * random.next() ** 0.8),
      Math.floor((firstAct[id] as number) - HOUR - random.next() * 7 * DAY),
    );
    insertUser.run(
      id,
      username,
      `${username}@example.com`,
      MEMBER_PASSWORD_HASH,
      firstName,
      lastName,
      random.chance(0.4) ? bodyOf(corpus, random, 20) : null,
      random.chance(0.1) ? `https://${username.replace(/_/g, "-")}.dev` : null,
      random.chance(0.5) ? random.pick(LOCATIONS) : null,
      random.chance(0.005) ? "moderator" : "user",
      Math.max(start - 30 * DAY, joined),
    );
  }
  commit();
  phase("users");

  // What the benchmark needs to find: the 500-reply thread, the most active member and the
  // largest category, all known from the plan.
  const activity = new Int32Array(counts.users + 1);
  const postsBy = new Int32Array(counts.users + 1);
  for (const author of plan.postAuthor) postsBy[author] = (postsBy[author] as number) + 1;
  for (const author of plan.replyAuthor) activity[author] = (activity[author] as number) + 1;
  const top = plan.memberOfRank[0] as number;
  let largest = 0;
  for (let c = 1; c < counts.categories; c++) {
    if ((plan.categoryPosts[c] as number) > (plan.categoryPosts[largest] as number)) largest = c;
  }
  return {
    counts: { ...counts, postVotes: plan.postVoteTotal, replyVotes: counts.votes - plan.postVoteTotal },
    busyPost: { id: plan.busyPost + 1, slug: busySlug, replies: plan.postReplies[plan.busyPost] as number },
    mostActiveUser: {
      id: top,
      username: usernames.get(top) ?? "",
      posts: postsBy[top] as number,
      replies: activity[top] as number,
    },
    largestCategory: {
      id: largest + 1,
      slug: categorySlugs[largest] as string,
      posts: plan.categoryPosts[largest] as number,
    },
  };
}

/** The tables the load fills with millions of rows at scale 10. */
const LOADED_TABLES = ["posts", "replies", "votes"];

/**
 * The loaded tables' own indexes are set aside too and built once the rows are in: CREATE INDEX
 * sorts each once, where every insert otherwise lands at a random place of indexes led by a member
 * or a post. Once those indexes outgrow the page cache each insert reads pages from disk: at scale
 * 10 the 20M votes took 738 s with their indexes in place. The primary keys stay (rows go in id
 * order, so they append). Returns the function that builds the indexes again, exactly as the
 * migrations wrote them (a unique index checks its rows as it is built).
 */
function withoutIndexes(sqlite: SQLite.Database, tables: readonly string[]): () => void {
  const indexes = sqlite
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null
         and tbl_name in (${tables.map(() => "?").join(", ")})`,
    )
    .all(...tables) as Array<{ name: string; sql: string }>;
  for (const index of indexes) sqlite.exec(`drop index "${index.name}"`);
  return () => {
    for (const index of indexes) sqlite.exec(index.sql);
  };
}

/**
 * The search index (migration 0009) is kept by triggers row by row; for the load they are set
 * aside and the index is built in one pass afterwards (about three times faster at scale 1).
 * Returns the function that puts the triggers back, exactly as the migration wrote them.
 */
function withoutSearchTriggers(sqlite: SQLite.Database): () => void {
  const triggers = sqlite
    .prepare(`select name, sql from sqlite_master where type = 'trigger' and name like '%\\_fts\\_%' escape '\\'`)
    .all() as Array<{ name: string; sql: string }>;
  for (const trigger of triggers) sqlite.exec(`drop trigger "${trigger.name}"`);
  return () => {
    for (const trigger of triggers) sqlite.exec(trigger.sql);
  };
}

/**
 * Fills the FTS5 tables (contentless, migration 0019) from the rows' search texts, then merges
 * each into one segment (fewer pages per query).
 */
function rebuildSearchIndex(sqlite: SQLite.Database): void {
  const tables = ["posts_fts", "posts_title_fts", "replies_by_post_fts"];
  // No merging of segments while they are written ('optimize' merges them all once, below), then
  // FTS5's default back (4): 87 → 74 s for the search index at scale 1.
  for (const table of tables) sqlite.exec(`insert into ${table} (${table}, rank) values ('automerge', 0)`);
  sqlite.exec("insert into posts_fts (rowid, title, content) select id, title, content from posts_search_text");
  sqlite.exec("insert into posts_title_fts (rowid, title) select id, title from posts_search_text");
  sqlite.exec("insert into replies_by_post_fts (rowid, content) select key, content from replies_search_text");
  for (const table of tables) {
    sqlite.exec(`insert into ${table} (${table}) values ('optimize')`);
    sqlite.exec(`insert into ${table} (${table}, rank) values ('automerge', 4)`);
  }
  fillSearchWords(sqlite);
}

/**
 * search_words (0015): the words of every title, content and reply, from their search texts
 * (0019). Neither the tokenizers nor the search-text rules join text across white space, so each
 * distinct white-space-separated piece read once gives the same words as every text read whole
 * (the synthetic texts repeat a small vocabulary: 30 times faster than the migration's row-by-row
 * statement).
 */
function fillSearchWords(sqlite: SQLite.Database): void {
  const pieces = new Set<string>();
  const texts = sqlite.prepare(
    "select title as text from posts union all select content from posts union all select content from replies",
  );
  for (const row of texts.iterate() as Iterable<{ text: string }>) {
    for (const piece of row.text.split(/\s+/)) pieces.add(piece);
  }
  const add = sqlite.prepare(
    `insert or ignore into search_words (word)
      select token from search_tokenizer where input = (select text from search_text where input = ?)`,
  );
  sqlite.transaction(() => {
    for (const piece of pieces) add.run(piece);
  })();
}
