import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, insertCategory, insertPost, insertUser, signedIn, startForum, type TestForum } from "./harness";

let forum: TestForum;
beforeAll(async () => {
  forum = await startForum();
});
afterAll(() => forum.close());

describe("GET /api/rising-stars", () => {
  it("ranks members by upvotes received on posts and replies within the range", async () => {
    const categoryId = await insertCategory(forum.db, "Stars");
    const alice = await insertUser(forum.db, { username: "alice_star" });
    const bob = await insertUser(forum.db, { username: "bob_star" });
    const post = await insertPost(forum.db, { authorId: alice.id, categoryId });
    const bobPost = await insertPost(forum.db, { authorId: bob.id, categoryId });
    const voters = await Promise.all([signedIn(forum), signedIn(forum), signedIn(forum)]);
    for (const voter of voters)
      expect((await voter.post("/api/votes", { type: "upvote", postId: post.id })).status).toBe(200);
    await voters[0]?.post("/api/votes", { type: "downvote", postId: bobPost.id });

    // Bob's reply gets one upvote now and one a month ago (outside a week).
    const reply = await voters[0]?.post(`/api/posts/${post.id}/replies`, { content: "hi" });
    const replyId = reply?.body.id as number;
    await forum.db.updateTable("replies").set({ authorId: bob.id }).where("id", "=", replyId).execute();
    const day = 24 * 60 * 60 * 1000;
    await forum.db
      .insertInto("votes")
      .values([
        { userId: voters[1]?.user.id as number, postId: null, replyId, value: 1, createdAt: Date.now() },
        { userId: voters[2]?.user.id as number, postId: null, replyId, value: 1, createdAt: Date.now() - 30 * day },
      ])
      .execute();

    const week = await client(forum.app).get("/api/rising-stars?timeRange=week");
    expect(week.status).toBe(200);
    expect(
      week.body.map((s: { username: string; reputationGained: number }) => [s.username, s.reputationGained]),
    ).toEqual([
      ["alice_star", 3],
      ["bob_star", 1],
    ]);
    expect(week.body[0]).toMatchObject({ id: alice.id, firstName: null, profileImageUrl: null });

    const year = await client(forum.app).get("/api/rising-stars?timeRange=year");
    expect(year.body[1]).toMatchObject({ username: "bob_star", reputationGained: 2 });
  });

  it("refuses an unknown range", async () => {
    const res = await client(forum.app).get("/api/rising-stars?timeRange=decade");
    expect(res.status).toBe(400);
  });
});
