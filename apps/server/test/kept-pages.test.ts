// Issue 24: a vote or a reply on a post that is not on a kept page of a list, and does not cross
// it, keeps that page (no statement runs, on either door); one that moves a post onto, off or
// across the page shows on the next read. Counted on the statements the query procedures really
// run (the read connection's executor), on both engines.
import type { CompiledQuery } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
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
const ran: CompiledQuery[] = [];

beforeAll(async () => {
  // A clock that stands still: lists are kept within a minute.
  const now = Date.now();
  forum = await startForum({ clock: () => now });
  recordReadStatements(forum, ran);
});
afterAll(() => forum.close());

type Shown = { id: number; title: string; votes: number; replyCount: number };

/** Six posts A–F, oldest first, in a category of their own, and a member who votes and replies. */
async function sixPosts(name: string) {
  const member = await signedIn(forum);
  const categoryId = await insertCategory(forum.db, name);
  const ids: Record<string, number> = {};
  for (const [i, title] of ["A", "B", "C", "D", "E", "F"].entries()) {
    ids[title] = (await insertPost(forum.db, { authorId: member.user.id, categoryId, title, createdAt: 1000 + i })).id;
  }
  const page = async (sortBy: string, offset: number) => {
    const rest = await client(forum.app).get(
      `/api/posts?categoryId=${categoryId}&sortBy=${sortBy}&limit=2&offset=${offset}`,
    );
    const input = encodeURIComponent(JSON.stringify({ categoryId, sortBy, limit: 2, offset }));
    const trpc = await client(forum.app).get(`/trpc/posts.list?input=${input}`);
    expect([rest.status, trpc.status]).toEqual([200, 200]);
    expect(trpc.body.result.data).toEqual(rest.body);
    return (rest.body as Shown[]).map((post) => post.title);
  };
  const vote = (title: string, type: "upvote" | "downvote") =>
    member.post("/api/votes", { type, postId: ids[title] }).then((answer) => expect(answer.status).toBe(200));
  const reply = (title: string) =>
    member
      .post(`/api/posts/${ids[title]}/replies`, { content: `On ${title}` })
      .then((answer) => expect(answer.status).toBe(201));
  return { page, vote, reply, categoryId };
}

beforeEach(() => {
  ran.splice(0);
});

describe("a kept page of a list", () => {
  it("stays kept through votes on posts that stay below it, and shows a post voted onto it", async () => {
    const { page, vote } = await sixPosts("Top pages");
    // All at 0 votes, "top" is newest first: F E | D C | B A.
    expect(await page("top", 0)).toEqual(["F", "E"]);
    expect(await page("top", 2)).toEqual(["D", "C"]);

    await vote("A", "downvote");
    await vote("B", "downvote");
    ran.splice(0);
    expect(await page("top", 0)).toEqual(["F", "E"]);
    expect(await page("top", 2)).toEqual(["D", "C"]);
    expect(ran).toEqual([]);

    // B goes from last but one to first: both pages change.
    await vote("B", "upvote"); // switches the downvote: +1
    expect(await page("top", 0)).toEqual(["B", "F"]);
    expect(await page("top", 2)).toEqual(["E", "D"]);
  });

  it("drops a page a post crosses, from above it to below it, and shows the new order", async () => {
    const { page, vote } = await sixPosts("Crossing");
    await vote("F", "upvote"); // F first: F E D C B A
    expect(await page("top", 2)).toEqual(["D", "C"]);
    expect(await page("top", 4)).toEqual(["B", "A"]);

    await vote("F", "upvote"); // takes it back: F is 0 again, still first among equals (newest)
    expect(await page("top", 2)).toEqual(["D", "C"]);
    await vote("F", "downvote"); // F last: E D C B A F
    expect(await page("top", 2)).toEqual(["C", "B"]);
    expect(await page("top", 4)).toEqual(["A", "F"]);
  });

  it("stays kept through a reply to a post on no page of its sort, and shows a reply that moves one", async () => {
    const { page, reply } = await sixPosts("Most replied");
    expect(await page("new", 0)).toEqual(["F", "E"]);
    expect(await page("replies", 0)).toEqual(["F", "E"]);

    await reply("A");
    ran.splice(0);
    expect(await page("new", 0)).toEqual(["F", "E"]);
    expect(ran).toEqual([]);
    // In "most replied", A now leads.
    expect(await page("replies", 0)).toEqual(["A", "F"]);
  });

  it("shows new counts of a post on the page at once", async () => {
    const { page, vote, reply, categoryId } = await sixPosts("Counts");
    await page("new", 0);
    await vote("F", "upvote");
    await reply("F");
    const [first] = (await client(forum.app).get(`/api/posts?categoryId=${categoryId}&sortBy=new&limit=2&offset=0`))
      .body as Shown[];
    expect(first).toMatchObject({ title: "F", votes: 1, replyCount: 1 });
  });
});
