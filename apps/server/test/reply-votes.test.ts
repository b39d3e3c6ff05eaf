// Votes on replies (issue 15): one per member per reply, the same vote again takes it back, the
// other kind switches it; the reply's counts follow in the vote's transaction and equal a recount
// of the vote rows after any mix of votes, concurrent ones included; reputation counts them.
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
let postId: number;
let replyAuthor: Client & { user: { id: number; username: string } };
beforeAll(async () => {
  forum = await startForum();
  const categoryId = await insertCategory(forum.db, "Reply Votes");
  const opId = (await insertUser(forum.db, { username: "rv-op" })).id;
  postId = (await insertPost(forum.db, { authorId: opId, categoryId })).id;
  replyAuthor = await signedIn(forum, { username: "rv-replier" });
});
afterAll(() => forum.close());

async function newReply(content = "A reply worth voting on") {
  const res = await replyAuthor.post(`/api/posts/${postId}/replies`, { content });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

const vote = (voter: Client, replyId: number | string, type: string) => voter.post("/api/votes", { type, replyId });

async function replyRow(id: number) {
  return forum.db.selectFrom("replies").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** The stored counts of a reply, and the counts of its vote rows. */
async function storedAndRecounted(replyId: number) {
  const rows = await forum.db.selectFrom("votes").selectAll().where("replyId", "=", replyId).execute();
  const reply = await replyRow(replyId);
  return {
    stored: { upvotes: reply.upvotes, downvotes: reply.downvotes },
    recount: {
      upvotes: rows.filter((row) => row.value === 1).length,
      downvotes: rows.filter((row) => row.value === -1).length,
    },
  };
}

describe("POST /api/votes with a replyId", () => {
  it("records an upvote and answers the reply's new counts with myVote", async () => {
    const replyId = await newReply();
    const voter = await signedIn(forum);
    const res = await vote(voter, replyId, "upvote");
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({ postId: null, replyId, upvotes: 1, downvotes: 0, votes: 1, myVote: "up" });
    const rows = await forum.db.selectFrom("votes").selectAll().where("replyId", "=", replyId).execute();
    expect(rows).toEqual([expect.objectContaining({ userId: voter.user.id, postId: null, replyId, value: 1 })]);
    expect(await replyRow(replyId)).toMatchObject({ upvotes: 1, downvotes: 0 });
  });

  it("takes the vote back when the same type is sent again, and switches on the other type", async () => {
    const replyId = await newReply();
    const voter = await signedIn(forum);
    await vote(voter, replyId, "downvote");
    const back = await vote(voter, replyId, "downvote");
    expect(back.body).toMatchObject({ upvotes: 0, downvotes: 0, myVote: "none" });
    await vote(voter, replyId, "upvote");
    const switched = await vote(voter, replyId, "downvote");
    expect(switched.body).toMatchObject({ upvotes: 0, downvotes: 1, votes: -1, myVote: "down" });
    const rows = await forum.db.selectFrom("votes").selectAll().where("replyId", "=", replyId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).toBe(-1);
  });

  it("shows each member's own vote as myVote on the replies, and none to visitors", async () => {
    const replyId = await newReply();
    const up = await signedIn(forum);
    const down = await signedIn(forum);
    await vote(up, replyId, "upvote");
    await vote(down, replyId, "downvote");
    const mine = async (reader: Client) =>
      (await reader.get(`/api/posts/${postId}/replies`)).body.replies.find((r: { id: number }) => r.id === replyId);
    // The visitors' answer is cached; each member's vote still goes on top of it.
    expect(await mine(client(forum.app))).toMatchObject({ upvotes: 1, downvotes: 1, myVote: "none" });
    expect(await mine(up)).toMatchObject({ upvotes: 1, downvotes: 1, myVote: "up" });
    expect(await mine(down)).toMatchObject({ upvotes: 1, downvotes: 1, myVote: "down" });
    const profile = await up.get(`/api/users/${replyAuthor.user.username}/replies`);
    expect(profile.body.find((r: { id: number }) => r.id === replyId)).toMatchObject({ myVote: "up" });
  });

  it("refuses a vote naming both a post and a reply, or neither, with 400", async () => {
    const replyId = await newReply();
    const voter = await signedIn(forum);
    const both = await voter.post("/api/votes", { type: "upvote", postId, replyId });
    expect(both).toMatchObject({
      status: 400,
      body: { message: "Vote on either a post (postId) or a reply (replyId)" },
    });
    const neither = await voter.post("/api/votes", { type: "upvote" });
    expect(neither.status).toBe(400);
    expect(await forum.db.selectFrom("votes").selectAll().where("userId", "=", voter.user.id).execute()).toEqual([]);
  });

  it("answers 404 Reply not found for an unknown reply, 401 to a visitor", async () => {
    const voter = await signedIn(forum);
    expect(await vote(voter, 999_999, "upvote")).toMatchObject({ status: 404, body: { message: "Reply not found" } });
    const replyId = await newReply();
    expect((await vote(client(forum.app), replyId, "upvote")).status).toBe(401);
    expect(await replyRow(replyId)).toMatchObject({ upvotes: 0, downvotes: 0 });
  });

  it("keeps the counts equal to a recount after many votes, concurrent ones and double clicks included", async () => {
    const replyIds = [await newReply("one"), await newReply("two"), await newReply("three")];
    const voters = await Promise.all(Array.from({ length: 8 }, () => signedIn(forum)));
    // A fixed pseudo-random sequence, so a failure can be replayed.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor(seed / 65536); // the high bits: the low ones of this generator repeat
    };
    for (let round = 0; round < 4; round++) {
      const calls = voters.flatMap((voter) => {
        const replyId = replyIds[next() % replyIds.length] as number;
        const type = next() % 2 === 0 ? "upvote" : "downvote";
        // Some members click twice at once: the second takes the first back.
        return next() % 4 === 0
          ? [vote(voter, replyId, type), vote(voter, replyId, type)]
          : [vote(voter, replyId, type)];
      });
      const answers = await Promise.all(calls);
      expect(answers.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
    }
    for (const replyId of replyIds) {
      const { stored, recount } = await storedAndRecounted(replyId);
      expect(stored).toEqual(recount);
    }
    const total = await forum.db
      .selectFrom("votes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("replyId", "in", replyIds)
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBeGreaterThan(0);
  });

  it("counts reply upvotes in the author's reputation", async () => {
    const author = await signedIn(forum, { username: "rv-reputation" });
    const made = await author.post(`/api/posts/${postId}/replies`, { content: "Reputable" });
    const before = (await client(forum.app).get("/api/users/rv-reputation")).body.reputation;
    await vote(await signedIn(forum), made.body.id, "upvote");
    await vote(await signedIn(forum), made.body.id, "upvote");
    await vote(await signedIn(forum), made.body.id, "downvote");
    expect((await client(forum.app).get("/api/users/rv-reputation")).body.reputation).toBe(before + 2);
  });

  it("drops a reply's votes with the reply", async () => {
    const replyId = await newReply();
    await vote(await signedIn(forum), replyId, "upvote");
    expect((await replyAuthor.del(`/api/replies/${replyId}`)).status).toBe(200);
    expect(await forum.db.selectFrom("votes").selectAll().where("replyId", "=", replyId).execute()).toEqual([]);
  });
});
