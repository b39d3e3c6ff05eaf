// Threads (issue 15): a reply may name the reply it answers (replyToId), posts and replies say
// when they were edited (editedAt), a locked post refuses members' replies, and pinned posts come
// first on the home feed and their category's first page in every sort.
import { POST_SORTS } from "@forum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, insertCategory, insertPost, signedIn, startForum, type TestForum } from "./harness";

let forum: TestForum;
let categoryId: number;
type Member = Awaited<ReturnType<typeof signedIn>>;
let author: Member;
let member: Member;
let moderator: Member;
let admin: Member;

beforeAll(async () => {
  forum = await startForum();
  categoryId = await insertCategory(forum.db, "Threads");
  author = await signedIn(forum, { username: "thread-author" });
  member = await signedIn(forum, { username: "thread-member" });
  moderator = await signedIn(forum, { username: "thread-mod", role: "moderator" });
  admin = await signedIn(forum, { username: "thread-admin", role: "admin" });
});
afterAll(() => forum.close());

async function newPost(title = "A thread", inCategory = categoryId) {
  const res = await author.post("/api/posts", { title, content: "Opening words", categoryId: inCategory });
  expect(res.status).toBe(201);
  return res.body as { id: number; slug: string; title: string; content: string };
}

const fullPost = (post: { title: string; content: string }, extra: Record<string, unknown> = {}) => ({
  title: post.title,
  content: post.content,
  categoryId,
  ...extra,
});

describe("replyToId", () => {
  it("stores the reply answered and shows its author; the answer survives that reply's deletion", async () => {
    const post = await newPost();
    const first = await member.post(`/api/posts/${post.id}/replies`, { content: "First thought" });
    const answer = await author.post(`/api/posts/${post.id}/replies`, {
      content: "About that",
      replyToId: first.body.id,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.replyTo).toEqual({ id: first.body.id, username: "thread-member" });
    const row = await forum.db.selectFrom("replies").selectAll().where("id", "=", answer.body.id).executeTakeFirst();
    expect(row?.replyToId).toBe(first.body.id);
    const listed = (await client(forum.app).get(`/api/posts/${post.id}/replies`)).body.replies;
    expect(listed.map((reply: { replyTo: unknown }) => reply.replyTo)).toEqual([
      null,
      { id: first.body.id, username: "thread-member" },
    ]);

    expect((await member.del(`/api/replies/${first.body.id}`)).status).toBe(200);
    const after = (await client(forum.app).get(`/api/posts/${post.id}/replies`)).body.replies;
    expect(after).toEqual([expect.objectContaining({ id: answer.body.id, replyTo: null, content: "About that" })]);
  });

  it("refuses a reply of another post, or no reply at all, with 400 and a clear message, storing nothing", async () => {
    const post = await newPost();
    const other = await newPost("Another thread");
    const elsewhere = await member.post(`/api/posts/${other.id}/replies`, { content: "Over there" });
    const before = await forum.db.selectFrom("replies").select("id").execute();
    for (const replyToId of [elsewhere.body.id, 999_999]) {
      const res = await author.post(`/api/posts/${post.id}/replies`, { content: "Misdirected", replyToId });
      expect(res).toMatchObject({
        status: 400,
        body: { message: "The reply you answer must be a reply of this discussion" },
      });
    }
    const bad = await author.post(`/api/posts/${post.id}/replies`, { content: "x", replyToId: "first" });
    expect(bad).toMatchObject({ status: 400, body: { message: "replyToId must be a positive whole number" } });
    expect(await forum.db.selectFrom("replies").select("id").execute()).toEqual(before);
    expect((await client(forum.app).get(`/api/posts/${post.slug}`)).body.replyCount).toBe(0);
  });
});

describe("editedAt", () => {
  it("stays null through votes, views, pins and locks, and is set when the text changes", async () => {
    const post = await newPost("Edit me");
    expect(post).toMatchObject({ editedAt: null });
    await member.post("/api/votes", { type: "upvote", postId: post.id });
    await client(forum.app).get(`/api/posts/${post.slug}`);
    const pinned = await moderator.put(`/api/posts/${post.id}`, fullPost(post, { pinned: true, locked: true }));
    expect(pinned.body).toMatchObject({ pinned: true, locked: true, editedAt: null });
    // The same text sent again (an edit dialog saved unchanged) is no edit either.
    expect((await author.put(`/api/posts/${post.id}`, fullPost(post))).body.editedAt).toBeNull();

    const before = Date.now();
    const edited = await author.put(`/api/posts/${post.id}`, fullPost(post, { content: "Better words" }));
    expect(edited.status).toBe(200);
    expect(Date.parse(edited.body.editedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await client(forum.app).get(`/api/posts/${post.slug}`)).body.editedAt).toBe(edited.body.editedAt);
  });

  it("marks a reply edited when its text changes, not when it is voted on", async () => {
    const post = await newPost();
    const reply = await member.post(`/api/posts/${post.id}/replies`, { content: "Original" });
    expect(reply.body.editedAt).toBeNull();
    await author.post("/api/votes", { type: "upvote", replyId: reply.body.id });
    expect((await member.put(`/api/replies/${reply.body.id}`, { content: "Original" })).body.editedAt).toBeNull();
    const edited = await member.put(`/api/replies/${reply.body.id}`, { content: "Revised" });
    expect(edited.body).toMatchObject({ content: "Revised", editedAt: expect.any(String), myVote: "none" });
    const listed = (await client(forum.app).get(`/api/posts/${post.id}/replies`)).body.replies[0];
    expect(listed).toMatchObject({ editedAt: edited.body.editedAt, upvotes: 1 });
  });
});

describe("locked discussions", () => {
  it("refuse members' replies with 403 'This discussion is locked'; moderators and admins still reply", async () => {
    const post = await newPost("Heated");
    expect((await moderator.put(`/api/posts/${post.id}`, fullPost(post, { locked: true }))).body.locked).toBe(true);
    for (const who of [member, author]) {
      const res = await who.post(`/api/posts/${post.id}/replies`, { content: "One more thing" });
      expect(res).toEqual(expect.objectContaining({ status: 403, body: { message: "This discussion is locked" } }));
    }
    expect((await moderator.post(`/api/posts/${post.id}/replies`, { content: "Locked, folks" })).status).toBe(201);
    expect((await admin.post(`/api/posts/${post.id}/replies`, { content: "Indeed" })).status).toBe(201);
    expect((await client(forum.app).get(`/api/posts/${post.slug}`)).body).toMatchObject({
      locked: true,
      replyCount: 2,
    });

    await admin.put(`/api/posts/${post.id}`, fullPost(post, { locked: false }));
    expect((await member.post(`/api/posts/${post.id}/replies`, { content: "Thanks" })).status).toBe(201);
  });

  it("may be locked or pinned only by moderators and admins: the author gets 403 and nothing changes", async () => {
    const post = await newPost("Mine to lock?");
    for (const flag of [{ locked: true }, { pinned: true }]) {
      const res = await author.put(`/api/posts/${post.id}`, fullPost(post, { ...flag, content: "Changed" }));
      expect(res).toMatchObject({
        status: 403,
        body: { message: "Only moderators and administrators can pin or lock a discussion" },
      });
    }
    const row = await forum.db.selectFrom("posts").selectAll().where("id", "=", post.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ pinned: 0, locked: 0, content: "Opening words", editedAt: null });
    // Sent back unchanged, as a client read them, the flags are no change.
    const same = await author.put(`/api/posts/${post.id}`, fullPost(post, { pinned: false, locked: false }));
    expect(same.status).toBe(200);
  });
});

describe("pinned posts", () => {
  let ownCategory: number;
  let ids: number[];
  beforeAll(async () => {
    ownCategory = await insertCategory(forum.db, "Pins");
    const now = Date.now();
    ids = [];
    // Oldest first, so "new" puts them in reverse.
    for (let i = 0; i < 5; i++) {
      const made = await insertPost(forum.db, {
        authorId: author.user.id,
        categoryId: ownCategory,
        createdAt: now - (10 - i) * 60_000,
      });
      ids.push(made.id);
    }
  });

  const feed = async (query: string) =>
    ((await client(forum.app).get(`/api/posts?${query}`)).body as Array<{ id: number; pinned: boolean }>).map(
      (post) => post.id,
    );

  it("come first in every sort on the home feed and their category's pages, and pages stay exact", async () => {
    const [oldest, second] = ids as [number, number];
    const before = await feed(`sortBy=new&categoryId=${ownCategory}`);
    expect(before).toEqual([...ids].reverse());
    for (const id of [oldest, second]) {
      const row = await forum.db.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      const res = await moderator.put(`/api/posts/${id}`, {
        title: row.title,
        content: row.content,
        categoryId: ownCategory,
        pinned: true,
      });
      expect(res.body.pinned).toBe(true);
    }
    // The next read shows the pin (the list caches were dropped by the write). The home feed
    // starts with every pinned post (other tests pinned one too).
    const allPinned = (await forum.db.selectFrom("posts").select("id").where("pinned", "=", 1).execute()).map(
      (row) => row.id,
    );
    expect(allPinned).toEqual(expect.arrayContaining([oldest, second]));
    for (const sortBy of POST_SORTS.filter((sort) => sort !== "trending")) {
      const home = await feed(`sortBy=${sortBy}&limit=100`);
      expect(new Set(home.slice(0, allPinned.length)), sortBy).toEqual(new Set(allPinned));
      const category = await feed(`sortBy=${sortBy}&categoryId=${ownCategory}`);
      expect(new Set(category.slice(0, 2)), sortBy).toEqual(new Set([oldest, second]));
      expect([...category].sort(), sortBy).toEqual([...ids].sort());
    }
    // Among themselves pinned posts keep the sort; paging walks pinned then the rest, each once.
    expect(await feed(`sortBy=new&categoryId=${ownCategory}`)).toEqual([second, oldest, ...ids.slice(2).reverse()]);
    const pages = [];
    for (let offset = 0; offset < 5; offset += 2) {
      pages.push(...(await feed(`sortBy=new&categoryId=${ownCategory}&offset=${offset}&limit=2`)));
    }
    expect(pages).toEqual([second, oldest, ...ids.slice(2).reverse()]);
    // A time range (Trending) and a member's own list rank by the sort alone.
    const trending = await feed(`sortBy=new&timeRange=week&categoryId=${ownCategory}`);
    expect(trending).toEqual([...ids].reverse());
    const profile = (await client(forum.app).get("/api/users/thread-author/posts?limit=100")).body.map(
      (post: { id: number }) => post.id,
    );
    expect(profile.indexOf(oldest)).toBeGreaterThan(profile.indexOf(ids[4] as number));

    await admin.put(`/api/posts/${oldest}`, {
      title: "Unpinned",
      content: "x",
      categoryId: ownCategory,
      pinned: false,
    });
    expect((await feed(`sortBy=new&categoryId=${ownCategory}`))[0]).toBe(second);
  });
});
