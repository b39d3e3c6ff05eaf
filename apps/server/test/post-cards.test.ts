// The web app's feeds read posts as cards (posts.cards, users.postCards): the same list as
// posts.list and users.posts, in the same order and count, each post without its text (content
// and the optional text fields such as the excerpt) but with the summary a card shows. The documented REST answers keep the text.
import { OPTIONAL_POST_TEXT_FIELDS } from "@forum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, client, insertCategory, insertPost, signedIn, startForum, type TestForum } from "./harness";

let forum: TestForum;
let categoryId: number;
let otherCategoryId: number;
let author: Client & { user: { id: number; username: string } };
let voter: Client;
const LONG = "Words of a long post body go on and on. ".repeat(100);

beforeAll(async () => {
  forum = await startForum();
  categoryId = await insertCategory(forum.db, "Cards");
  otherCategoryId = await insertCategory(forum.db, "Elsewhere");
  author = await signedIn(forum, { username: "card_writer" });
  voter = await signedIn(forum, { username: "card_voter" });
  const hour = 60 * 60 * 1000;
  const start = Date.now() - 30 * hour;
  for (let index = 0; index < 25; index++) {
    await insertPost(forum.db, {
      authorId: author.user.id,
      categoryId: index % 3 === 0 ? otherCategoryId : categoryId,
      title: `Card post ${index}`,
      content: `**Post ${index}** ${LONG}`,
      createdAt: start + index * hour,
    });
  }
  // One with an excerpt (the summary is the excerpt), one pinned (first on the feeds).
  await forum.db
    .updateTable("posts")
    .set({ excerpt: "The *short* version" })
    .where("title", "=", "Card post 4")
    .execute();
  await forum.db.updateTable("posts").set({ pinned: 1 }).where("title", "=", "Card post 2").execute();
});
afterAll(() => forum.close());

type Post = Record<string, unknown> & { id: number; summary: string };

async function trpc(caller: Client, path: string, input: unknown): Promise<{ status: number; data: Post[] }> {
  const res = await caller.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
  return { status: res.status, data: res.body?.result?.data };
}

/** A card is the whole post without its text: every other field the same. */
function expectCardsOf(cards: Post[], posts: Post[]) {
  expect(cards.map((card) => card.id)).toEqual(posts.map((post) => post.id));
  for (const [index, card] of cards.entries()) {
    const { content: _content, ...rest } = posts[index] as Post;
    expect(card).not.toHaveProperty("content");
    for (const field of OPTIONAL_POST_TEXT_FIELDS) {
      expect(card).not.toHaveProperty(field);
      delete rest[field];
    }
    expect(card.summary.length).toBeGreaterThan(0);
    expect(card).toEqual(rest);
  }
}

const LISTS = [
  { sortBy: "hot" },
  { sortBy: "new", limit: 7, offset: 0 },
  { sortBy: "new", limit: 7, offset: 7 },
  { sortBy: "top", categoryId: 1 },
  { sortBy: "replies", timeRange: "week", limit: 5 },
  { sortBy: "trending" },
];

describe("posts.cards", () => {
  it.each(LISTS)("is posts.list without the text: %j", async (input) => {
    const query = "categoryId" in input ? { ...input, categoryId } : input;
    const [cards, posts] = await Promise.all([
      trpc(client(forum.app), "posts.cards", query),
      trpc(client(forum.app), "posts.list", query),
    ]);
    expect(cards.status).toBe(200);
    expect(posts.data.length).toBeGreaterThan(0);
    expectCardsOf(cards.data, posts.data);
  });

  it("shows the pinned post first, the excerpt as the summary and the REST answer whole", async () => {
    const cards = (await trpc(client(forum.app), "posts.cards", { sortBy: "new", limit: 25 })).data;
    expect(cards).toHaveLength(25);
    expect(cards[0]).toMatchObject({ title: "Card post 2", pinned: true });
    expect(cards.find((card) => card.title === "Card post 4")?.summary).toBe("The short version");
    expect(cards.find((card) => card.title === "Card post 5")?.summary).toBe(`${`Post 5 ${LONG}`.slice(0, 150)}...`);

    const rest = await client(forum.app).get("/api/posts?sortBy=new&limit=25");
    expect(rest.body.map((post: Post) => post.id)).toEqual(cards.map((card) => card.id));
    expect(rest.body.find((post: Post) => post.title === "Card post 4")).toMatchObject({
      content: `**Post 4** ${LONG}`,
      excerpt: "The *short* version",
    });
  });

  it("carries the caller's own vote, and shows a write on the next read", async () => {
    const input = { sortBy: "new", categoryId, limit: 25 };
    const before = (await trpc(voter, "posts.cards", input)).data;
    const target = before[1] as Post;
    expect(target.myVote).toBe("none");
    expect((await voter.post("/api/votes", { type: "upvote", postId: target.id })).status).toBe(200);
    const voted = (await trpc(voter, "posts.cards", input)).data.find((card) => card.id === target.id);
    expect(voted).toMatchObject({ myVote: "up", votes: (target.votes as number) + 1 });
    // Another caller shares the kept answer, never the voter's own vote.
    const seen = (await trpc(client(forum.app), "posts.cards", input)).data.find((card) => card.id === target.id);
    expect(seen).toMatchObject({ myVote: "none", votes: (target.votes as number) + 1 });

    const edited = await author.put(`/api/posts/${target.id}`, {
      title: "Card post edited",
      content: "A new start of the body",
      categoryId,
    });
    expect(edited.status).toBe(200);
    const after = (await trpc(client(forum.app), "posts.cards", input)).data.find((card) => card.id === target.id);
    expect(after).toMatchObject({ title: "Card post edited", summary: "A new start of the body" });
  });

  it("refuses a bad input as posts.list does", async () => {
    const cards = await client(forum.app).get(`/trpc/posts.cards?input=${encodeURIComponent('{"sortBy":"best"}')}`);
    const posts = await client(forum.app).get(`/trpc/posts.list?input=${encodeURIComponent('{"sortBy":"best"}')}`);
    expect(cards.status).toBe(400);
    expect(cards.body.error.message).toBe(posts.body.error.message);
  });
});

describe("users.postCards", () => {
  it("is users.posts without the text, page by page", async () => {
    for (const page of [
      { offset: 0, limit: 10 },
      { offset: 10, limit: 10 },
      { offset: 20, limit: 10 },
    ]) {
      const input = { username: "card_writer", ...page };
      const [cards, posts] = await Promise.all([
        trpc(voter, "users.postCards", input),
        trpc(voter, "users.posts", input),
      ]);
      expect(cards.status).toBe(200);
      expect(posts.data.length).toBeGreaterThan(0);
      expectCardsOf(cards.data, posts.data);
    }
  });

  it("answers 404 for an unknown member", async () => {
    const res = await client(forum.app).get(
      `/trpc/users.postCards?input=${encodeURIComponent('{"username":"nobody_at_all"}')}`,
    );
    expect(res.status).toBe(404);
  });
});
