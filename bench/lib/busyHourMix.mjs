// The busy hour's mix (issue 33): what members online ask for, in the shares forums see. Every
// request carries the session of one of many signed-in members (several hundred, not one
// benchmark account), reads follow Zipf-like popularity over every post (not one hot thread),
// and every choice comes from a seeded generator, so two runs ask the same requests.
import Database from "better-sqlite3";
import { popularChoices, REPLY_TEXT, seededRandom } from "./openLoopMix.mjs";
import { FILLER } from "./scenarios.mjs";

/**
 * Shares in percent of all requests (they add up to 100). Reads are 88: the lists members browse,
 * a post as the app asks for it (the post, then its first 50 replies), first visits as
 * server-rendered pages, profiles. Then 4 searches (each a query not asked before), 4 votes (3 on
 * posts, 1 on a reply), 2 replies, 1 new post and 1 sign-in (a password hashed: the costliest
 * request a forum serves).
 */
export const BUSY_HOUR_SHARES = [
  ["home", 16],
  ["home offset 20", 5],
  ["home offset 40", 3],
  ["newest", 4],
  ["category hot", 10],
  ["post", 10],
  ["replies page", 20],
  ["post page HTML", 6],
  ["home page HTML", 3],
  ["categories", 3],
  ["trending topics", 3],
  ["profile", 5],
  ["search", 4],
  ["vote on a post", 3],
  ["vote on a reply", 1],
  ["reply", 2],
  ["new post", 1],
  ["sign-in", 1],
];

/**
 * @param settings.summary the data set's summary (counts)
 * @param settings.datasetFile the SQLite data set: post slugs and reply ids are looked up in it
 * @param settings.usernames the most active members (profiles are Zipf-chosen from them)
 * @param settings.sessions cookie headers of the members online (each request takes the next)
 * @param settings.signIns usernames that sign in again during the run, with `password`
 * @param settings.only kinds to keep (their names), to see what one kind costs in the mix; all when absent
 * @returns next(): the next request { kind, method, path, headers?, body? }
 */
export function busyHourMix({ summary, datasetFile, usernames, sessions, signIns, password, only, seed = 33 }) {
  const random = seededRandom(seed);
  const { post: popularPost, category, username, search } = popularChoices(summary, usernames, random);
  const lookup = lookups(datasetFile);
  const runId = Date.now().toString(36);
  let requestNumber = 0;
  let signInNumber = 0;

  const session = () => sessions[requestNumber % sessions.length];
  const get = (kind, path, extra = {}) => ({ kind, method: "GET", path, headers: { cookie: session(), ...extra } });
  const post_ = (kind, path, body) => ({
    kind,
    method: "POST",
    path,
    headers: { "content-type": "application/json", cookie: session() },
    body: JSON.stringify(body),
  });
  // A first visit's page as a browser asks for it: compressed HTML.
  const page = (kind, path) => get(kind, path, { accept: "text/html" });
  const postVote = () => ({ type: random() < 0.8 ? "upvote" : "downvote", postId: popularPost() });

  const requestOf = {
    home: () => get("home", "/api/posts"),
    "home offset 20": () => get("home offset 20", "/api/posts?offset=20"),
    "home offset 40": () => get("home offset 40", "/api/posts?offset=40"),
    newest: () => get("newest", "/api/posts?sortBy=new"),
    "category hot": () => get("category hot", `/api/posts?categoryId=${category()}`),
    post: () => get("post", `/api/posts/${encodeURIComponent(lookup.slug(popularPost()))}`),
    "replies page": () => get("replies page", `/api/posts/${popularPost()}/replies?limit=50`),
    "post page HTML": () => page("post page HTML", `/posts/${encodeURIComponent(lookup.slug(popularPost()))}`),
    "home page HTML": () => page("home page HTML", "/"),
    categories: () => get("categories", "/api/categories"),
    "trending topics": () => get("trending topics", "/api/trending-topics"),
    profile: () => get("profile", `/api/users/${encodeURIComponent(username())}`),
    search: () => get("search", `/api/search?q=${encodeURIComponent(search())}`),
    "vote on a post": () => post_("vote on a post", "/api/votes", postVote()),
    "vote on a reply": () => {
      const postId = popularPost();
      const replies = lookup.replyIds(postId);
      // A post nobody answered: the member votes on the post instead.
      if (replies.length === 0) return post_("vote on a reply", "/api/votes", postVote());
      const replyId = replies[Math.floor(random() * replies.length)];
      return post_("vote on a reply", "/api/votes", { type: random() < 0.8 ? "upvote" : "downvote", replyId });
    },
    reply: () =>
      post_("reply", `/api/posts/${popularPost()}/replies`, {
        content: `Busy-hour reply ${runId}-${requestNumber}: ${REPLY_TEXT}`,
      }),
    "new post": () =>
      post_("new post", "/api/posts", {
        title: `Busy-hour post ${runId} number ${requestNumber}`,
        content: FILLER,
        categoryId: category(),
      }),
    "sign-in": () => ({
      kind: "sign-in",
      method: "POST",
      path: "/api/login",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: signIns[signInNumber++ % signIns.length], password }),
    }),
  };
  const shares = only ? BUSY_HOUR_SHARES.filter(([kind]) => only.includes(kind)) : BUSY_HOUR_SHARES;
  const total = shares.reduce((sum, [, share]) => sum + share, 0);
  return () => {
    requestNumber++;
    let pick = random() * total;
    for (const [kind, share] of shares) {
      pick -= share;
      if (pick < 0) return requestOf[kind]();
    }
    return requestOf[shares[0][0]]();
  };
}

/** Slugs and the first 50 reply ids of posts, read from the data set (kept once read). */
function lookups(datasetFile) {
  const db = new Database(datasetFile, { readonly: true });
  const slugOf = db.prepare("select slug from posts where id = ?").pluck();
  const repliesOf = db.prepare('select id from replies where "postId" = ? order by id limit 50').pluck();
  const slugs = new Map();
  const replies = new Map();
  const kept = (map, key, read) => {
    let value = map.get(key);
    if (value === undefined) {
      value = read(key);
      map.set(key, value);
    }
    return value;
  };
  return {
    slug: (id) => kept(slugs, id, (key) => slugOf.get(key)),
    replyIds: (id) => kept(replies, id, (key) => repliesOf.all(key)),
  };
}
