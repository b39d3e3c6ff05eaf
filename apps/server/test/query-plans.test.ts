// Every query the API runs uses an index: none scans posts, replies or votes, on either engine.
// Each distinct SQL text the server runs while the API is exercised is explained:
// - SQLite: EXPLAIN QUERY PLAN, placeholders bound to NULL (without ANALYZE statistics the plan
//   does not depend on the values); a scan reads "SCAN posts".
// - PostgreSQL: the statement's generic plan (PREPARE with plan_cache_mode = force_generic_plan,
//   so the values do not matter either), with sequential scans priced out as on the bench data's
//   shape, where they would lose to any usable index: a "Seq Scan on posts" that remains means no
//   index can serve the query.
import { POST_SORTS, TIME_RANGES } from "@forum/contracts";
import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, insertCategory, signedIn, startForum, TEST_ENGINE, type TestForum } from "./harness";

const statements = new Set<string>();
const failures: string[] = [];
/** Every call must succeed, or its queries would be missing from the check. */
function track<T extends { status: number; body: unknown }>(answer: T): T {
  if (answer.status >= 300) failures.push(`${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}
let forum: TestForum;

/** Tables that grow with the forum: a full scan of one is a query that slows down as it grows. */
const BIG_TABLES = [
  "posts",
  "replies",
  "votes",
  "notifications",
  "reports",
  "post_search",
  "reply_search",
  "read_states",
];

beforeAll(async () => {
  forum = await startForum({ onNewStatement: (sql) => statements.add(sql) });
  const categoryId = await insertCategory(forum.db, "Plans");
  const member = await signedIn(forum);
  const other = await signedIn(forum);
  const visitor = client(forum.app);

  // Writes a member makes.
  const post = track(await member.post("/api/posts", { title: "Planned", content: "Body text", categoryId })).body;
  const reply = track(await other.post(`/api/posts/${post.id}/replies`, { content: "A reply" })).body;
  track(await other.post("/api/votes", { type: "upvote", postId: post.id }));
  track(await other.post("/api/votes", { type: "downvote", postId: post.id }));
  track(await member.put(`/api/posts/${post.id}`, { title: "Planned again", content: "Body", categoryId }));
  track(await other.put(`/api/replies/${reply.id}`, { content: "Edited reply" }));
  // Reply votes, answers, moderation: pin and lock (the feeds below then read a pinned post).
  track(await member.post("/api/votes", { type: "upvote", replyId: reply.id }));
  track(await member.post("/api/votes", { type: "downvote", replyId: reply.id }));
  track(await member.post(`/api/posts/${post.id}/replies`, { content: "Answer", replyToId: reply.id }));
  const moderator = await signedIn(forum, { role: "moderator" });
  track(
    await moderator.put(`/api/posts/${post.id}`, {
      title: "Planned again",
      content: "Body",
      categoryId,
      pinned: true,
      locked: true,
    }),
  );
  track(await moderator.post(`/api/posts/${post.id}/replies`, { content: "Locked now" }));
  track(
    await moderator.put(`/api/posts/${post.id}`, {
      title: "Planned again",
      content: "Body",
      categoryId,
      locked: false,
    }),
  );
  // Reports: made, listed, counted, resolved.
  track(await member.post("/api/reports", { replyId: reply.id, reason: "Spam" }));
  track(await other.post("/api/reports", { postId: post.id, reason: "Other", text: "Why" }));
  track(await moderator.get("/api/admin/reports"));
  track(await moderator.get("/api/admin/reports/count"));
  track(await moderator.post("/api/admin/reports/resolve", { postId: post.id, action: "dismiss" }));

  // Reads, as a visitor and as a member (the member's own votes join in).
  for (const reader of [visitor, member]) {
    for (const sortBy of POST_SORTS) {
      track(await reader.get(`/api/posts?sortBy=${sortBy}`));
      track(await reader.get(`/api/posts?sortBy=${sortBy}&categoryId=${categoryId}&offset=20`));
      for (const timeRange of TIME_RANGES) {
        track(await reader.get(`/api/posts?sortBy=${sortBy}&timeRange=${timeRange}`));
        track(await reader.get(`/api/posts?sortBy=${sortBy}&timeRange=${timeRange}&categoryId=${categoryId}`));
      }
    }
    track(await reader.get(`/api/posts/${post.slug}`));
    track(await reader.get(`/api/posts/${post.id}/replies`));
    track(await reader.get(`/api/users/${member.user.username}`));
    track(await reader.get(`/api/users/${member.user.username}/posts`));
    track(await reader.get(`/api/users/${other.user.username}/replies`));
    track(await reader.get("/api/categories"));
    track(await reader.get("/api/categories/plans"));
    track(await reader.get("/api/trending-topics"));
    for (const timeRange of TIME_RANGES) track(await reader.get(`/api/rising-stars?timeRange=${timeRange}`));
    // What search engines read (issue 14): the sitemap index and its files.
    for (const path of ["/sitemap.xml", "/sitemaps/pages.xml", "/sitemaps/posts-1.xml"]) {
      track(await reader.get(path));
    }
    track(await reader.get("/api/ads?placement=sidebar"));
    // Search: every tier (a page past the first two counts them), by newest, in a category.
    for (const extra of ["", "&offset=5", "&offset=5&limit=1", "&sort=new", `&categoryId=${categoryId}&offset=5`]) {
      track(await reader.get(`/api/search?q=planned${extra}`));
    }
    track(await reader.get(`/api/search/count?q=reply`));
    track(await reader.get(`/api/search/count?q=reply&categoryId=${categoryId}`));
  }
  // Notifications and preferences (the reply above told the post's author; mentions too).
  track(await other.post(`/api/posts/${post.id}/replies`, { content: `Hello @${member.user.username}` }));
  track(await member.get("/api/notifications"));
  track(await member.get("/api/notifications/unread-count"));
  track(await member.post("/api/notifications/read", { ids: [1] }));
  track(await member.post("/api/notifications/read", {}));
  track(await member.get("/api/users/me/preferences"));
  track(await member.put("/api/users/me/preferences", { replyNotifications: false }));
  track(await member.get("/api/user"));
  const admin = await signedIn(forum, { role: "admin" });
  for (const path of ["stats", "activity", "recent-users", "recent-posts", "users", "user-stats"]) {
    track(await admin.get(`/api/admin/${path}`));
  }
  // How far a member has read (issue 31): the position, the Unread list, marking all read; the
  // lists above added the member's read states to each page.
  track(await member.post(`/api/posts/${post.id}/read`, { upTo: reply.id }));
  track(await member.get(`/api/posts/${post.id}/read`));
  track(await member.get("/api/posts?filter=unread"));
  track(await member.get(`/api/posts?sortBy=new&categoryId=${categoryId}`));
  track(await member.post("/api/read/all"));
  const spam = track(await other.post(`/api/posts/${post.id}/replies`, { content: "Spam" })).body;
  track(await member.post("/api/reports", { replyId: spam.id, reason: "Spam" }));
  track(await moderator.post("/api/admin/reports/resolve", { replyId: spam.id, action: "delete" }));
  track(await other.del(`/api/replies/${reply.id}`));
  track(await member.del(`/api/posts/${post.id}`));
  track(await admin.del(`/api/admin/users/${other.user.id}`));
});
afterAll(() => forum.close());

/**
 * The plan's steps, and the big table each full scan among them reads. A walk of a whole index
 * (SCAN … USING INDEX) is a scan too unless a LIMIT stops it early or the index is partial (holds
 * a few rows by design, as posts_pinned): the home feed's pinned posts were found that way, by
 * walking posts_hot over every post (181 ms at scale 1, issue 24).
 */
async function sqlitePlanOf(sqlText: string): Promise<Array<{ step: string; scanned?: string }>> {
  const placeholders = sqlText.split("?").length - 1;
  const query = CompiledQuery.raw(`EXPLAIN QUERY PLAN ${sqlText}`, Array(placeholders).fill(null));
  const { rows } = await forum.db.executeQuery<{ detail: string }>(query);
  // A table's total (the admin dashboard's counts, the sitemap's index) walks a whole index by
  // nature; it is read by staff and crawlers, not on a member's page.
  const limited = /\blimit\b/i.test(sqlText) || isTableTotal(sqlText);
  const partial = await partialIndexes();
  return rows.map(({ detail }) => {
    const walk = /^SCAN (\w+)(?: AS \w+)?(?: USING (?:COVERING )?INDEX (\w+))?$/.exec(detail);
    const wholeWalk = walk && (walk[2] === undefined || (!limited && !partial.has(walk[2])));
    return { step: detail, scanned: wholeWalk ? walk[1] : undefined };
  });
}

/** Only whole tables' row counts: each table read is counted whole, with no condition. */
function isTableTotal(sqlText: string): boolean {
  const tablesRead = sqlText.match(/from "\w+"/g) ?? [];
  const counted = sqlText.match(/count\(\*\) as "\w+" from "\w+"/g) ?? [];
  return !/\b(where|join|group by)\b/i.test(sqlText) && tablesRead.length > 0 && counted.length === tablesRead.length;
}

let partialIndexNames: Set<string> | undefined;
async function partialIndexes(): Promise<Set<string>> {
  partialIndexNames ??= new Set(
    (
      await sql<{ name: string }>`select name from sqlite_master where type = 'index' and sql like '% where %'`.execute(
        forum.db,
      )
    ).rows.map((row) => row.name),
  );
  return partialIndexNames;
}

async function postgresPlanOf(sqlText: string): Promise<Array<{ step: string; scanned?: string }>> {
  const placeholders = new Set(sqlText.match(/\$\d+/g) ?? []).size;
  return forum.db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    await sql`set plan_cache_mode = force_generic_plan`.execute(connection);
    await sql.raw(`prepare planned as ${sqlText}`).execute(connection);
    try {
      const values = placeholders === 0 ? "" : `(${Array(placeholders).fill("null").join(", ")})`;
      const { rows } = await sql.raw<{ "QUERY PLAN": string }>(`explain execute planned${values}`).execute(connection);
      return rows.map((row) => {
        const step = row["QUERY PLAN"].trim();
        return { step, scanned: /Seq Scan on (\w+)/.exec(step)?.[1] };
      });
    } finally {
      await sql`deallocate planned`.execute(connection);
      await sql`reset all`.execute(connection);
    }
  });
}

const planOf = TEST_ENGINE === "postgres" ? postgresPlanOf : sqlitePlanOf;

describe("query plans", () => {
  it("exercised the API's queries", () => {
    expect(failures).toEqual([]);
    expect(statements.size).toBeGreaterThan(60);
  });

  it("would see a scan: a filter on an unindexed column reads every post", async () => {
    const unindexed =
      TEST_ENGINE === "postgres"
        ? 'select id from posts where "content" = $1'
        : 'select id from posts where "content" = ?';
    const steps = await planOf(unindexed);
    expect(steps.map((step) => step.scanned)).toContain("posts");
  });

  it.skipIf(TEST_ENGINE === "postgres")(
    "would see a walk of a whole index: the pinned posts ordered in SQL walked every post's hot score",
    async () => {
      const steps = await planOf(
        'select "posts"."id" from "posts" where "posts"."pinned" = 1 order by "posts"."hotScore" desc, "posts"."id" desc',
      );
      expect(steps.map((step) => step.scanned)).toContain("posts");
    },
  );

  it("never scan posts, replies or votes", async () => {
    const scans: string[] = [];
    for (const sqlText of statements) {
      if (!/^\s*(select|update|delete|insert|with)\b/i.test(sqlText)) continue;
      for (const { step, scanned } of await planOf(sqlText)) {
        if (scanned && BIG_TABLES.includes(scanned)) scans.push(`${step}\n    in: ${sqlText}`);
      }
    }
    expect(scans).toEqual([]);
  });

  // Issue 24: a page of posts reads its ids from the sort's index in order, never by sorting the
  // matching posts (a list of a time range sorts that range's few posts: trending, top of the week).
  // SQLite only, as below: PostgreSQL's generic plans on this nearly empty database sort a few rows
  // rather than walk an index; bench/README.md has the plans on the bench data set.
  it.skipIf(TEST_ENGINE === "postgres")("read every list's ids in the order of an index", async () => {
    const idLists = [...statements].filter(
      (text) => /^select "posts"."id" from "posts"/.test(text) && /order by/.test(text) && !/"createdAt" >=/.test(text),
    );
    expect(idLists.length).toBeGreaterThanOrEqual(POST_SORTS.length);
    const sorted: string[] = [];
    for (const text of idLists) {
      for (const { step } of await planOf(text)) {
        if (/TEMP B-TREE FOR ORDER BY|^Sort\b|Incremental Sort/.test(step)) sorted.push(`${step}\n    in: ${text}`);
      }
    }
    expect(sorted).toEqual([]);
  });

  // Every index of a table a vote, a reply or a new post writes costs each such write (issue 16):
  // each must serve a plan above. posts_pinned holds pinned posts only (a partial index no vote or
  // new post writes); on this small data set the planner reads the pinned few another way.
  // SQLite only: PostgreSQL's generic plans on this nearly empty database choose among equivalent
  // indexes differently (the bench data's plans would decide), and what a cascade reads (votes_post
  // when a post goes) shows in no statement's plan.
  it.skipIf(TEST_ENGINE === "postgres")("use every index of posts, replies and votes", async () => {
    const used = new Set<string>();
    for (const sqlText of statements) {
      if (!/^\s*(select|update|delete|insert|with)\b/i.test(sqlText)) continue;
      for (const { step } of await planOf(sqlText)) {
        const name =
          /USING (?:COVERING )?INDEX (\w+)|Index (?:Only )?Scan (?:Backward )?using (\w+)|Bitmap Index Scan on (\w+)/.exec(
            step,
          );
        if (name) used.add(name[1] ?? name[2] ?? name[3] ?? "");
      }
    }
    const indexes = await sql<{ name: string; unique: number }>`
      select name, sql like 'CREATE UNIQUE%' as "unique" from sqlite_master
      where type = 'index' and tbl_name in ('posts', 'replies', 'votes') and sql is not null`.execute(forum.db);
    // Unique indexes enforce a rule whether or not a plan reads them.
    const unused = indexes.rows
      .filter((index) => !index.unique && !used.has(index.name) && index.name !== "posts_pinned")
      .map((index) => index.name);
    expect(unused).toEqual([]);
  });
});
