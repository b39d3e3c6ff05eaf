import { controversialScore, hotScore } from "@forum/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  client,
  insertCategory,
  insertPost,
  insertUser,
  signedIn,
  startForum,
  type TestForum,
} from "./harness";

let forum: TestForum;
let categoryId: number;
let authorId: number;
beforeAll(async () => {
  forum = await startForum();
  categoryId = await insertCategory(forum.db, "Votes Cat");
  authorId = (await insertUser(forum.db, { username: "vote-author" })).id;
});
afterAll(() => forum.close());

async function newPost(createdAt?: number) {
  return insertPost(forum.db, { authorId, categoryId, ...(createdAt === undefined ? {} : { createdAt }) });
}

async function postRow(id: number) {
  return forum.db.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function voteRows(postId: number) {
  return forum.db.selectFrom("votes").selectAll().where("postId", "=", postId).orderBy("id").execute();
}

/** The stored counters and scores agree with the vote rows and the ranking formulas. */
async function expectStoredCountersRight(postId: number) {
  const rows = await voteRows(postId);
  const up = rows.filter((v) => v.value === 1).length;
  const down = rows.filter((v) => v.value === -1).length;
  const post = await postRow(postId);
  expect(post.upvotes).toBe(up);
  expect(post.downvotes).toBe(down);
  expect(post.score).toBe(up - down);
  expect(post.hotScore).toBeCloseTo(hotScore(up, down, post.createdAt), 9);
  expect(post.controversialScore).toBeCloseTo(controversialScore(up, down), 9);
  return { up, down, post };
}

const cast = (voter: Client, postId: number | string, type: string) => voter.post("/api/votes", { type, postId });

describe("POST /api/votes", () => {
  it("records an upvote and answers the new counts with myVote", async () => {
    const voter = await signedIn(forum);
    const post = await newPost(Date.now() - 5 * 60 * 60 * 1000);
    const before = await postRow(post.id);
    const res = await cast(voter, post.id, "upvote");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ postId: post.id, replyId: null, upvotes: 1, downvotes: 0, votes: 1, myVote: "up" });
    const rows = await voteRows(post.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: voter.user.id, postId: post.id, replyId: null, value: 1 });
    const { post: after } = await expectStoredCountersRight(post.id);
    expect(after.hotScore).toBeGreaterThanOrEqual(before.hotScore);
    expect(after.controversialScore).toBe(0);
  });

  it("takes a vote back when the same type is sent again", async () => {
    const voter = await signedIn(forum);
    const post = await newPost();
    await cast(voter, post.id, "downvote");
    expect((await postRow(post.id)).downvotes).toBe(1);
    const res = await cast(voter, post.id, "downvote");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ postId: post.id, replyId: null, upvotes: 0, downvotes: 0, votes: 0, myVote: "none" });
    expect(await voteRows(post.id)).toHaveLength(0);
    const { post: after } = await expectStoredCountersRight(post.id);
    expect(after.hotScore).toBeCloseTo(hotScore(0, 0, after.createdAt), 9);
  });

  it("switches to the other type, keeping one row per member and post", async () => {
    const voter = await signedIn(forum);
    const post = await newPost();
    await cast(voter, post.id, "upvote");
    const res = await cast(voter, post.id, "downvote");
    expect(res.body).toEqual({ postId: post.id, replyId: null, upvotes: 0, downvotes: 1, votes: -1, myVote: "down" });
    let rows = await voteRows(post.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).toBe(-1);
    const back = await cast(voter, post.id, "upvote");
    expect(back.body).toEqual({ postId: post.id, replyId: null, upvotes: 1, downvotes: 0, votes: 1, myVote: "up" });
    rows = await voteRows(post.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).toBe(1);
    await expectStoredCountersRight(post.id);
  });

  it("counts several members' votes and keeps every stored score right after each one", async () => {
    const post = await newPost(Date.now() - 3 * 60 * 60 * 1000);
    const members: Client[] = [];
    for (let i = 0; i < 5; i++) members.push(await signedIn(forum));
    const [a, b, c, d, e] = members as [Client, Client, Client, Client, Client];
    const steps: Array<[Client, "upvote" | "downvote", { up: number; down: number }]> = [
      [a, "upvote", { up: 1, down: 0 }],
      [b, "upvote", { up: 2, down: 0 }],
      [c, "downvote", { up: 2, down: 1 }],
      [d, "downvote", { up: 2, down: 2 }],
      [e, "upvote", { up: 3, down: 2 }],
      [a, "downvote", { up: 2, down: 3 }],
      [b, "upvote", { up: 1, down: 3 }],
      [c, "downvote", { up: 1, down: 2 }],
    ];
    for (const [voter, type, expected] of steps) {
      const res = await cast(voter, post.id, type);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        upvotes: expected.up,
        downvotes: expected.down,
        votes: expected.up - expected.down,
      });
      const stored = await expectStoredCountersRight(post.id);
      expect({ up: stored.up, down: stored.down }).toEqual(expected);
    }
    // 2 up, 2 down earlier scored 4; now 1 up, 2 down: 3^(1/2).
    expect((await postRow(post.id)).controversialScore).toBeCloseTo(Math.sqrt(3), 9);
    expect((await postRow(post.id)).score).toBe(-1);
  });

  it("moves the post in the hot, top and controversial lists", async () => {
    const cat = await insertCategory(forum.db, "Vote Ranking Cat");
    const now = Date.now();
    const older = await insertPost(forum.db, { authorId, categoryId: cat, createdAt: now - 60 * 60 * 1000 });
    const newer = await insertPost(forum.db, { authorId, categoryId: cat, createdAt: now });
    const list = async (sortBy: string) =>
      (await client(forum.app).get(`/api/posts?categoryId=${cat}&sortBy=${sortBy}`)).body.map(
        (p: { id: number }) => p.id,
      );
    expect(await list("hot")).toEqual([newer.id, older.id]);
    expect(await list("top")).toEqual([newer.id, older.id]);
    const voters: Client[] = [];
    for (let i = 0; i < 4; i++) voters.push(await signedIn(forum));
    for (const v of voters.slice(0, 3)) await cast(v, older.id, "upvote");
    // log10(3) = 0.48 outweighs an hour of age (0.08).
    expect(await list("hot")).toEqual([older.id, newer.id]);
    expect(await list("top")).toEqual([older.id, newer.id]);
    await cast(voters[3] as Client, newer.id, "upvote");
    await cast(voters[0] as Client, newer.id, "downvote");
    expect(await list("controversial")).toEqual([newer.id, older.id]);
  });

  it("shows myVote in GET /api/posts for the voter only", async () => {
    const cat = await insertCategory(forum.db, "MyVote Cat");
    const post = await insertPost(forum.db, { authorId, categoryId: cat });
    const up = await signedIn(forum);
    const down = await signedIn(forum);
    const bystander = await signedIn(forum);
    await cast(up, post.id, "upvote");
    await cast(down, post.id, "downvote");
    const url = `/api/posts?categoryId=${cat}`;
    expect((await up.get(url)).body[0]).toMatchObject({ id: post.id, myVote: "up", upvotes: 1, downvotes: 1 });
    expect((await down.get(url)).body[0].myVote).toBe("down");
    expect((await bystander.get(url)).body[0].myVote).toBe("none");
    expect((await client(forum.app).get(url)).body[0].myVote).toBe("none");
    expect((await up.get(`/api/posts/${post.slug}`)).body.myVote).toBe("up");
    await cast(up, post.id, "upvote");
    expect((await up.get(url)).body[0].myVote).toBe("none");
  });

  it("accepts the post id as a string, as forms send it", async () => {
    const voter = await signedIn(forum);
    const post = await newPost();
    const res = await cast(voter, String(post.id), "upvote");
    expect(res.status).toBe(200);
    expect(res.body.postId).toBe(post.id);
  });

  it("answers 401 to a visitor and 403 to a banned member, recording nothing", async () => {
    const post = await newPost();
    const visitor = await cast(client(forum.app), post.id, "upvote");
    expect(visitor).toMatchObject({ status: 401, body: { message: "You must be logged in to do that" } });
    const banned = await signedIn(forum);
    await forum.db.updateTable("users").set({ banned: 1 }).where("id", "=", banned.user.id).execute();
    expect((await cast(banned, post.id, "upvote")).status).toBe(403);
    expect(await voteRows(post.id)).toHaveLength(0);
    expect((await postRow(post.id)).upvotes).toBe(0);
  });

  it("answers 404 Post not found for an unknown post", async () => {
    const voter = await signedIn(forum);
    const res = await cast(voter, 999_999, "upvote");
    expect(res).toMatchObject({ status: 404, body: { message: "Post not found" } });
    expect(await forum.db.selectFrom("votes").select("id").where("postId", "=", 999_999).execute()).toHaveLength(0);
  });

  it("refuses a bad type or post id with 400", async () => {
    const voter = await signedIn(forum);
    const post = await newPost();
    for (const type of ["up", "UPVOTE", "", "like"]) {
      const res = await cast(voter, post.id, type);
      expect(res).toMatchObject({ status: 400, body: { message: "type must be one of upvote, downvote" } });
    }
    expect((await voter.post("/api/votes", { postId: post.id })).status).toBe(400);
    expect((await cast(voter, "abc", "upvote")).status).toBe(400);
    expect((await cast(voter, -1, "upvote")).status).toBe(400);
    expect((await voter.post("/api/votes", { type: "upvote" })).status).toBe(400);
    expect(await voteRows(post.id)).toHaveLength(0);
  });

  it("keeps counts right under concurrent votes, including a member's double click", async () => {
    const post = await newPost();
    const members: Client[] = [];
    for (let i = 0; i < 8; i++) members.push(await signedIn(forum));
    const results = await Promise.all([
      ...members.map((m, i) => cast(m, post.id, i % 3 === 0 ? "downvote" : "upvote")),
      // The first member clicks twice at once: one vote then its take-back.
      cast(members[1] as Client, post.id, "upvote"),
    ]);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const { up, down } = await expectStoredCountersRight(post.id);
    // Members 0, 3, 6 downvote; 1 takes its upvote back; 2, 4, 5, 7 upvote.
    expect({ up, down }).toEqual({ up: 4, down: 3 });
    const rows = await voteRows(post.id);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(rows.length);
  });

  it("drops a post's votes with the post and a member's votes with the member", async () => {
    const admin = await signedIn(forum, { role: "admin" });
    const voter = await signedIn(forum);
    const stays = await signedIn(forum);
    const post = await newPost();
    await cast(voter, post.id, "upvote");
    await cast(stays, post.id, "downvote");
    expect((await admin.del(`/api/admin/users/${voter.user.id}`)).status).toBe(200);
    const { up, down } = await expectStoredCountersRight(post.id);
    expect({ up, down }).toEqual({ up: 0, down: 1 });
    expect((await admin.del(`/api/posts/${post.id}`)).status).toBe(200);
    expect(await voteRows(post.id)).toHaveLength(0);
  });
});
