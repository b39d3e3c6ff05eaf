// What a write costs on PostgreSQL in round trips (issue 33), counted by the statements' kinds in
// the server's own metrics: a vote is one statement, migration 0033's function, with no BEGIN or
// COMMIT of its own (the live events' NOTIFY may follow, shared by the writes of one turn).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertPost, signedIn, startForum, type TestForum } from "../harness";

let forum: TestForum;

beforeAll(async () => {
  forum = await startForum({ metrics: { allow: ["127.0.0.0/8", "::1"] } });
});
afterAll(() => forum.close());

/** Statements sent so far by kind (select, insert, update, delete, raw), from GET /metrics. */
async function statementsByKind(): Promise<Record<string, number>> {
  const text = (await forum.app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" })).body;
  const counts: Record<string, number> = {};
  for (const [, kind, count] of text.matchAll(/^forum_db_query_duration_seconds_count\{kind="(\w+)"\} (\d+)$/gm)) {
    counts[kind as string] = Number(count);
  }
  return counts;
}

/** What `work` sent, less what reading the metrics sends itself (measured with nothing between). */
async function statementsOf(work: () => Promise<unknown>): Promise<Record<string, number>> {
  const first = await statementsByKind();
  const idle = await statementsByKind();
  await work();
  const after = await statementsByKind();
  const sent: Record<string, number> = {};
  for (const kind of Object.keys(after)) {
    const scrape = (idle[kind] ?? 0) - (first[kind] ?? 0);
    const count = (after[kind] ?? 0) - (idle[kind] ?? 0) - scrape;
    if (count !== 0) sent[kind] = count;
  }
  return sent;
}

describe("a vote on PostgreSQL", () => {
  it("is one statement, without a transaction of its own, on a post and on a reply", async () => {
    const author = await signedIn(forum);
    const voter = await signedIn(forum);
    const categoryId = await insertCategory(forum.db);
    const post = await insertPost(forum.db, { authorId: author.user.id, categoryId });
    const reply = (await author.post(`/api/posts/${post.id}/replies`, { content: "A reply to vote on" })).body;
    // A first vote elsewhere: what a member's first request reads once (their session) is kept.
    const other = await insertPost(forum.db, { authorId: author.user.id, categoryId });
    expect((await voter.post("/api/votes", { postId: other.id, type: "upvote" })).status).toBe(200);

    for (const target of [{ postId: post.id }, { replyId: reply.id }]) {
      const sent = await statementsOf(async () => {
        const vote = await voter.post("/api/votes", { ...target, type: "upvote" });
        expect(vote.status).toBe(200);
        expect(vote.body).toMatchObject({ upvotes: 1, downvotes: 0, myVote: "up" });
      });
      // One select (the function); "raw" is BEGIN, COMMIT or the NOTIFY of the live events.
      expect(sent.select).toBe(1);
      expect(sent.insert ?? 0).toBe(0);
      expect(sent.update ?? 0).toBe(0);
      expect(sent.delete ?? 0).toBe(0);
      expect(sent.raw ?? 0).toBeLessThanOrEqual(1);
    }
  });
});
