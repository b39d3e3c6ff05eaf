// The benchmark's scenarios (issue 5). Reads are anonymous (but one: the home feed as bench_user,
// who has read 1,000 discussions, issue 31); writes carry bench_user's session.
// Every write request differs from the last (autocannon calls setupRequest per request).

const TRPC_HOME_INPUT = encodeURIComponent(JSON.stringify({ 0: { sortBy: "hot", offset: 0, limit: 20 } }));

/** A stride coprime with n: request k goes to item (k * stride) mod n, spread over the whole table. */
function spread(n) {
  const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));
  let stride = 7919;
  while (n > 1 && gcd(stride, n) !== 1) stride += 2;
  let k = 0;
  return () => 1 + ((k++ * stride) % n);
}

/**
 * How many discussions bench_user has opened before "posts hot as a member" is measured
 * (FORUM_BENCH_READ_DISCUSSIONS=0: the member's feed without read states, to tell their cost apart).
 */
export const READ_DISCUSSIONS = Number(process.env.FORUM_BENCH_READ_DISCUSSIONS ?? 1000);

/**
 * bench_user opens the `count` hottest discussions, having seen none of their replies (the costly
 * case: every reply of each post on the feed's first page counts as unread).
 */
export async function readDiscussions(base, session, count) {
  const headers = { cookie: session, "content-type": "application/json" };
  for (let offset = 0; offset < count; offset += 100) {
    const page = await (await fetch(`${base}/api/posts?limit=100&offset=${offset}`, { headers })).json();
    for (const post of page.slice(0, count - offset)) {
      const answer = await fetch(`${base}/api/posts/${post.id}/read`, {
        method: "POST",
        headers: { ...headers, origin: base },
        body: JSON.stringify({ upTo: 0 }),
      });
      if (!answer.ok) throw new Error(`reading post ${post.id} answered ${answer.status}: ${await answer.text()}`);
    }
  }
}

/**
 * @param summary the data set's summary (bench/data/forum-<scale>.json)
 * @param session the cookie header of a signed-in bench_user
 */
export function scenarios(summary, session) {
  const { busyPost, mostActiveUser, largestCategory, counts } = summary;
  const read = (name, path, door = "rest") => ({ name, method: "GET", path, door, kind: "read" });
  // A first visit's page as a browser asks for it (issue 14): server-rendered HTML, compressed.
  const page = (name, path) => ({ ...read(name, path, "html"), headers: { "accept-encoding": "br, gzip" } });
  const json = { "content-type": "application/json", cookie: session };
  const runId = Date.now().toString(36);

  const searchQuery = searchQueries();
  const newestQuery = searchQueries(7);
  const votePost = spread(counts.posts);
  const replyPost = spread(counts.posts);
  let postNumber = 0;
  return [
    read("posts hot", "/api/posts"),
    read("posts new offset 5000", "/api/posts?sortBy=new&offset=5000"),
    read("posts category top", `/api/posts?categoryId=${largestCategory.id}&sortBy=top`),
    read("posts trending week", "/api/posts?sortBy=trending&timeRange=week"),
    read("post by slug (500 replies)", `/api/posts/${busyPost.slug}`),
    // The whole thread (280 KB at scale 1): its size is the point, so it is judged by bytes per second.
    { ...read("replies of that post", `/api/posts/${busyPost.id}/replies`), judge: "bytes" },
    // What the post page loads first (issue 16): the first 50 replies, the rest as the reader scrolls.
    read("replies page (first 50)", `/api/posts/${busyPost.id}/replies?limit=50`),
    read("profile of most active", `/api/users/${encodeURIComponent(mostActiveUser.username)}`),
    read("trending topics", "/api/trending-topics"),
    read("categories", "/api/categories"),
    read("posts hot via tRPC", `/trpc/posts.list?batch=1&input=${TRPC_HOME_INPUT}`, "trpc"),
    // A member's feed: the shared answer with their votes, read states and "New" on top (issue 31);
    // run.mjs has bench_user open READ_DISCUSSIONS discussions first (readDiscussions).
    { ...read("posts hot as a member", "/api/posts"), headers: { cookie: session }, readsFirst: READ_DISCUSSIONS },
    page("home page HTML", "/"),
    page("post page HTML (500 replies)", `/posts/${busyPost.slug}`),
    // Search: a query no earlier request asked (so no kept answer serves it), first page by relevance.
    {
      ...read("search", "/api/search?q=…"),
      dynamicPath: () => `/api/search?q=${encodeURIComponent(searchQuery())}`,
    },
    {
      ...read("search by newest", "/api/search?q=…&sort=new"),
      dynamicPath: () => `/api/search?q=${encodeURIComponent(newestQuery())}&sort=new`,
    },
    {
      // bench_user votes on a different post each time (the first pass over the posts only adds votes).
      name: "vote",
      method: "POST",
      path: "/api/votes",
      door: "rest",
      kind: "write",
      headers: json,
      body: () => JSON.stringify({ type: "upvote", postId: votePost() }),
    },
    {
      name: "reply",
      method: "POST",
      path: "/api/posts/{id}/replies",
      door: "rest",
      kind: "write",
      headers: json,
      dynamicPath: () => `/api/posts/${replyPost()}/replies`,
      body: () => JSON.stringify({ content: `Benchmark reply ${runId}-${postNumber++}: ${FILLER.slice(0, 240)}` }),
    },
    {
      name: "create post",
      method: "POST",
      path: "/api/posts",
      door: "rest",
      kind: "write",
      headers: json,
      body: () => {
        const n = postNumber++;
        return JSON.stringify({
          title: `Benchmark post ${runId} number ${n}`,
          content: FILLER,
          categoryId: 1 + (n % counts.categories),
        });
      },
    },
  ];
}

/**
 * Words of the synthetic forum's vocabulary (packages/db/src/seed/synthetic-words.ts), each in
 * thousands of posts and tens of thousands of replies at scale 1: the hardest case for ranking.
 */
const SEARCH_WORDS = (
  "TypeScript React Rust Python PostgreSQL SQLite Redis Kafka Docker Kubernetes Linux nginx GraphQL " +
  "WebSocket Vite webpack Git pipeline container cluster server browser database index query schema " +
  "migration transaction cache queue worker thread memory compiler runtime framework library package " +
  "release branch deploy rollback benchmark latency throughput bottleneck endpoint session token " +
  "certificate proxy replica shard backup dashboard incident outage terminal keyboard laptop firewall " +
  "refactor optimize upgrade configure bundle render hydrate stream retry monitor"
).split(" ");

/**
 * Queries as people type them, each one new: two words, a word and the start of the next (the
 * last word matches as a prefix), a quoted phrase, three words. Tuples are enumerated in turn, so
 * practically none repeats within a run (4 kinds × 62² pairs).
 */
export function searchQueries(start = 0) {
  const n = SEARCH_WORDS.length;
  const word = (i) => SEARCH_WORDS[i % n];
  let k = start;
  return () => {
    const kind = k % 4;
    const j = Math.floor(k / 4);
    k++;
    const a = j % n;
    const b = a + 1 + (Math.floor(j / n) % (n - 1));
    const c = b + 1 + (Math.floor(j / (n * 3)) % (n - 1));
    switch (kind) {
      case 0:
        return `${word(a)} ${word(b)}`;
      case 1:
        return `${word(a)} ${word(b).slice(0, 4)}`;
      case 2:
        return `"${word(a)} ${word(b)}"`;
      default:
        return `${word(a)} ${word(b)} ${word(c)}`;
    }
  };
}

export const FILLER =
  "Measuring a forum under load means reading the same pages many times over while members keep writing. " +
  "This post is one of many created by the benchmark to see how fast a new thread lands, including its slug, " +
  "the category's post count and every list that should show it next. Nothing in it matters beyond its length, " +
  "which is close to a typical post in the synthetic data set that the benchmark serves.";

/** autocannon's request for a scenario: a new path or body per request where the scenario has one. */
export function requestOf(scenario) {
  const request = { method: scenario.method, path: scenario.path, headers: scenario.headers };
  if (scenario.body || scenario.dynamicPath) {
    request.setupRequest = (req) => ({
      ...req,
      ...(scenario.dynamicPath ? { path: scenario.dynamicPath() } : {}),
      ...(scenario.body ? { body: scenario.body() } : {}),
    });
  }
  return request;
}

/** The targets per engine: issue 5's on SQLite, issue 10's on PostgreSQL. */
export const TARGETS = {
  sqlite: { readRatio: 0.35, readP99Ms: 25, writeRatio: 0.1 },
  postgres: { readRatio: 0.25, readP99Ms: 25, writeRatio: 0.05 },
};

/** The target of a scenario on `engine`, as a function of its figures (null for the roof). */
export function targetOf(scenario, engine = "sqlite") {
  if (scenario.name.startsWith("roof")) return null;
  const target = TARGETS[engine];
  if (scenario.kind === "write") {
    return { text: `≥${target.writeRatio.toFixed(2)}`, met: (s) => s.ratio >= target.writeRatio };
  }
  // Issue 16: a whole 500-reply thread is judged by the bytes it moves a second, not by req/s.
  if (scenario.judge === "bytes") return { text: "MB/s", met: null };
  // Issue 14: a whole server-rendered page, its data and its head tags.
  if (scenario.door === "html") {
    return { text: "≥0.25, p99≤25", met: (s) => s.ratio >= 0.25 && s.p99Ms <= 25 };
  }
  // Issue 12: every search a new query, read from the index, not from a kept answer.
  if (scenario.name.startsWith("search")) {
    return { text: "≥0.10, p99≤50", met: (s) => s.ratio >= 0.1 && s.p99Ms <= 50 };
  }
  return {
    text: `≥${target.readRatio}, p99≤${target.readP99Ms}`,
    met: (s) => s.ratio >= target.readRatio && s.p99Ms <= target.readP99Ms,
  };
}
