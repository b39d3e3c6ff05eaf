// Every query the API runs uses an index: none scans posts, replies or votes.
// Each distinct SQL text the server prepares while the API is exercised is explained with
// EXPLAIN QUERY PLAN (placeholders bound to NULL: without ANALYZE statistics the plan does not
// depend on the values).
import { POST_SORTS, TIME_RANGES } from "@forum/contracts";
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, insertCategory, signedIn, startForum, type TestForum } from "./harness";

const statements = new Set<string>();
const failures: string[] = [];
/** Every call must succeed, or its queries would be missing from the check. */
function track<T extends { status: number; body: unknown }>(answer: T): T {
  if (answer.status >= 300) failures.push(`${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}
let forum: TestForum;

/** A full scan of one of the big tables, as EXPLAIN QUERY PLAN words it ("SCAN posts", "SCAN p"). */
const BIG_TABLES = ["posts", "replies", "votes"];

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
    track(await reader.get("/api/ads?placement=sidebar"));
  }
  track(await member.get("/api/user"));
  const admin = await signedIn(forum, { role: "admin" });
  for (const path of ["stats", "activity", "recent-users", "recent-posts", "users", "user-stats"]) {
    track(await admin.get(`/api/admin/${path}`));
  }
  track(await other.del(`/api/replies/${reply.id}`));
  track(await member.del(`/api/posts/${post.id}`));
  track(await admin.del(`/api/admin/users/${other.user.id}`));
});
afterAll(() => forum.close());

async function planOf(sqlText: string): Promise<string[]> {
  const placeholders = sqlText.split("?").length - 1;
  const query = CompiledQuery.raw(`EXPLAIN QUERY PLAN ${sqlText}`, Array(placeholders).fill(null));
  const { rows } = await forum.db.executeQuery<{ detail: string }>(query);
  return rows.map((row) => row.detail);
}

describe("query plans", () => {
  it("exercised the API's queries", () => {
    expect(failures).toEqual([]);
    expect(statements.size).toBeGreaterThan(60);
  });

  it("never scan posts, replies or votes", async () => {
    const scans: string[] = [];
    for (const sqlText of statements) {
      if (!/^\s*(select|update|delete|insert|with)\b/i.test(sqlText)) continue;
      for (const step of await planOf(sqlText)) {
        const scanned = /^SCAN (\w+)(?: AS \w+)?$/.exec(step)?.[1];
        if (scanned && BIG_TABLES.includes(scanned)) scans.push(`${step}\n    in: ${sqlText}`);
      }
    }
    expect(scans).toEqual([]);
  });
});
