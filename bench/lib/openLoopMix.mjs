// The open-loop benchmark's mix (issue 24): what members and visitors ask for, in what shares.
// Reads are anonymous, as most of a forum's traffic is; writes come from several signed-in
// members. Every choice is drawn from a seeded generator, so two runs ask the same requests.
import { searchQueries } from "./scenarios.mjs";

/** A small seeded generator (mulberry32): the same seed gives the same requests. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Draws 0..n-1 with probability ∝ 1/(rank+1)^s (Zipf): a few items are asked for very often,
 * most rarely. Inverse transform over the cumulative weights, by binary search.
 */
export function zipf(n, random, s = 1) {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let rank = 0; rank < n; rank++) {
    sum += 1 / (rank + 1) ** s;
    cumulative[rank] = sum;
  }
  return () => {
    const target = random() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

/** A seeded permutation of 1..n: which post (or member) is the k-th most popular. */
function popularityOrder(n, random) {
  const ids = Array.from({ length: n }, (_, index) => index + 1);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  return ids;
}

/**
 * What members ask about, by popularity: a post, a category (ids), a member (an index into
 * `usernames`, most active first), and a search query never asked before. Both mixes draw from it.
 */
export function popularChoices(summary, usernames, random) {
  const posts = popularityOrder(summary.counts.posts, random);
  const post = zipf(posts.length, random);
  const categories = popularityOrder(summary.counts.categories, random);
  const category = zipf(categories.length, random);
  const member = zipf(usernames.length, random);
  return {
    post: () => posts[post()],
    category: () => categories[category()],
    username: () => usernames[member()],
    search: searchQueries(Math.floor(random() * 10_000)),
  };
}

/**
 * The reads' shares (of all reads, in percent): lists 50 (the home feed at offsets 0, 20 and 40,
 * newest, category hot lists), replies pages of Zipf-chosen posts 30, then the category list,
 * the sidebar's trending topics, profiles and searches. Writes replace reads: 2/3 of them votes,
 * 1/3 replies, on Zipf-chosen posts too (people vote on and answer what they read).
 */
export const READ_SHARES = [
  ["home", 22],
  ["home offset 20", 6],
  ["home offset 40", 4],
  ["newest", 6],
  ["category hot", 12],
  ["replies page", 30],
  ["categories", 5],
  ["trending topics", 5],
  ["profile", 5],
  ["search", 5],
];

/**
 * @param summary the data set's summary (counts, the largest category)
 * @param usernames members' usernames, most active first (profiles are Zipf-chosen from them)
 * @param writers cookie headers of signed-in members who write
 * @param writesPercent the share of writes among all requests
 * @returns next(): the next request { kind, method, path, headers?, body? }
 */
export function openLoopMix({ summary, usernames, writers, writesPercent, seed = 24 }) {
  const random = seededRandom(seed);
  const { post: popularPost, category, username, search } = popularChoices(summary, usernames, random);
  const runId = Date.now().toString(36);
  let writeNumber = 0;

  const readTotal = READ_SHARES.reduce((sum, [, share]) => sum + share, 0);
  const readOf = {
    home: () => "/api/posts",
    "home offset 20": () => "/api/posts?offset=20",
    "home offset 40": () => "/api/posts?offset=40",
    newest: () => "/api/posts?sortBy=new",
    "category hot": () => `/api/posts?categoryId=${category()}`,
    "replies page": () => `/api/posts/${popularPost()}/replies?limit=50`,
    categories: () => "/api/categories",
    "trending topics": () => "/api/trending-topics",
    profile: () => `/api/users/${encodeURIComponent(username())}`,
    search: () => `/api/search?q=${encodeURIComponent(search())}`,
  };
  const writer = () => writers[writeNumber++ % writers.length];
  const json = (cookie) => ({ "content-type": "application/json", cookie });

  return () => {
    const roll = random() * 100;
    if (roll < writesPercent) {
      if (roll < (writesPercent * 2) / 3) {
        return {
          kind: "vote",
          method: "POST",
          path: "/api/votes",
          headers: json(writer()),
          body: JSON.stringify({ type: random() < 0.8 ? "upvote" : "downvote", postId: popularPost() }),
        };
      }
      return {
        kind: "reply",
        method: "POST",
        path: `/api/posts/${popularPost()}/replies`,
        headers: json(writer()),
        body: JSON.stringify({ content: `Open-loop reply ${runId}-${writeNumber}: ${REPLY_TEXT}` }),
      };
    }
    let pick = random() * readTotal;
    for (const [kind, share] of READ_SHARES) {
      pick -= share;
      if (pick < 0) return { kind, method: "GET", path: readOf[kind]() };
    }
    return { kind: "home", method: "GET", path: readOf.home() };
  };
}

export const REPLY_TEXT =
  "Thanks, this matches what we saw after the upgrade: the queue drained once the workers were restarted, " +
  "and the latency went back to normal within a minute. I would still check the connection limits first.";
