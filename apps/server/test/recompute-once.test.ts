// Issue 24: after a write drops a kept answer, the readers who ask for it at once share one
// computation, and writes within one post leave what shows other posts kept. Counted on the
// statements the query procedures really run (the read connection's executor), on both engines.
import type { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  client,
  insertCategory,
  insertPost,
  recordReadStatements,
  signedIn,
  startForum,
  type TestForum,
} from "./harness";

let forum: TestForum;
let categoryId: number;
/** The statements the query procedures ran since the last `reset`, as SQL text and parameters. */
const ran: CompiledQuery[] = [];

beforeAll(async () => {
  // A clock that stands still: lists are kept within a minute, and a burst that crossed one
  // would rightly be computed twice.
  const now = Date.now();
  forum = await startForum({ clock: () => now });
  categoryId = await insertCategory(forum.db, "Once");
  recordReadStatements(forum, ran);
});
afterAll(() => forum.close());

const reset = () => ran.splice(0);
/** The home feed's walk of the hot index: one per computation of the list. */
const homeWalks = () =>
  ran.filter((query) => /order by "posts"."hotScore" desc/.test(query.sql) && /limit/.test(query.sql));
const repliesReads = () => ran.filter((query) => /from "replies" inner join "users" as "author"/.test(query.sql));

describe("a dropped answer is computed once", () => {
  it("twenty visitors and five members asking at once after a vote share one list computation", async () => {
    const author = await signedIn(forum);
    const post = (await author.post("/api/posts", { title: "Counted once", content: "Body", categoryId })).body;
    await client(forum.app).get("/api/posts");
    await author.post("/api/votes", { type: "upvote", postId: post.id });

    reset();
    const members = await Promise.all(Array.from({ length: 5 }, () => signedIn(forum)));
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => client(forum.app).get("/api/posts")),
      ...members.map((member) => member.get("/api/posts")),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(25).fill(200));
    for (const answer of answers) {
      expect(answer.body.find((shown: { id: number }) => shown.id === post.id)?.votes).toBe(1);
    }
    expect(homeWalks()).toHaveLength(1);
  });

  it("a list recomputed after a vote reads only the voted post's row again", async () => {
    const member = await signedIn(forum);
    for (let i = 0; i < 3; i++)
      await insertPost(forum.db, { authorId: member.user.id, categoryId, title: `Kept ${i}` });
    const [first] = (await client(forum.app).get(`/api/posts?categoryId=${categoryId}&sortBy=new`)).body;
    await member.post("/api/votes", { type: "downvote", postId: first.id });

    reset();
    const list = (await client(forum.app).get(`/api/posts?categoryId=${categoryId}&sortBy=new`)).body;
    expect(list[0]).toMatchObject({ id: first.id, votes: -1 });
    const rowReads = ran.filter((query) => /"posts"."id" in \(/.test(query.sql));
    expect(rowReads).toHaveLength(1);
    expect(rowReads[0]?.parameters).toContain(first.id);
    expect(rowReads[0]?.parameters).toHaveLength(2); // the viewer (none: 0) and the one post
  });
});

describe("writes within one post", () => {
  it("a reply or a vote on one post keeps another post's replies page; a vote on its reply shows", async () => {
    const member = await signedIn(forum);
    const a = await insertPost(forum.db, { authorId: member.user.id, categoryId, title: "Post A" });
    const b = await insertPost(forum.db, { authorId: member.user.id, categoryId, title: "Post B" });
    const replyOfB = (await member.post(`/api/posts/${b.id}/replies`, { content: "On B" })).body;
    const page = (id: number) => client(forum.app).get(`/api/posts/${id}/replies`);
    await page(a.id);
    const pageOfB = (await page(b.id)).body;

    await member.post(`/api/posts/${a.id}/replies`, { content: "On A" });
    await member.post("/api/votes", { type: "upvote", postId: a.id });
    reset();
    expect((await page(b.id)).body).toEqual(pageOfB);
    expect(repliesReads()).toHaveLength(0);
    expect((await page(a.id)).body.replies.map((reply: { content: string }) => reply.content)).toEqual(["On A"]);

    await member.post("/api/votes", { type: "upvote", replyId: replyOfB.id });
    expect((await page(b.id)).body.replies[0]).toMatchObject({ id: replyOfB.id, upvotes: 1 });
  });

  it("a vote or a reply in one category keeps another category's list and drops its own", async () => {
    const member = await signedIn(forum);
    const other = await insertCategory(forum.db, "Elsewhere");
    const here = await insertPost(forum.db, { authorId: member.user.id, categoryId, title: "Here" });
    await insertPost(forum.db, { authorId: member.user.id, categoryId: other, title: "There" });
    const list = (id: number) => client(forum.app).get(`/api/posts?categoryId=${id}&sortBy=top`);
    const listOfOther = (await list(other)).body;
    await list(categoryId);

    await member.post("/api/votes", { type: "upvote", postId: here.id });
    await member.post(`/api/posts/${here.id}/replies`, { content: "Counted here" });
    reset();
    expect((await list(other)).body).toEqual(listOfOther);
    expect(ran).toHaveLength(0);
    const shown = (await list(categoryId)).body.find((post: { id: number }) => post.id === here.id);
    expect(shown).toMatchObject({ votes: 1, replyCount: 1 });
  });
});
