import { OPTIONAL_POST_TEXT, OPTIONAL_POST_TEXT_FIELDS, perOptionalPostText } from "@forum/contracts";
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
beforeAll(async () => {
  forum = await startForum();
});
afterAll(() => forum.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type Member = Awaited<ReturnType<typeof signedIn>>;

async function postRow(id: number) {
  return forum.db.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirst();
}

async function postCount(categoryId: number) {
  const row = await forum.db
    .selectFrom("categories")
    .select("postCount")
    .where("id", "=", categoryId)
    .executeTakeFirstOrThrow();
  return row.postCount;
}

async function createPost(member: Client, fields: Record<string, unknown>) {
  const res = await member.post("/api/posts", fields);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function vote(voter: Client, postId: number, type: "upvote" | "downvote") {
  const res = await voter.post("/api/votes", { type, postId });
  if (res.status !== 200) throw new Error(`vote failed: ${res.status} ${JSON.stringify(res.body)}`);
}

async function reply(author: Client, postId: number, content = "A reply") {
  const res = await author.post(`/api/posts/${postId}/replies`, { content });
  if (res.status !== 201) throw new Error(`reply failed: ${res.status} ${JSON.stringify(res.body)}`);
}

const ids = (posts: Array<{ id: number }>) => posts.map((p) => p.id);

describe("GET /api/posts", () => {
  it("answers a bare array of posts with the documented shape", async () => {
    const author = await signedIn(forum, { username: "shape-author" });
    await forum.db
      .updateTable("users")
      .set({ firstName: "Ada", lastName: "Lovelace", profileImageUrl: "/uploads/ada.png" })
      .where("id", "=", author.user.id)
      .execute();
    const categoryId = await insertCategory(forum.db, "Shape Cat");
    const created = await createPost(author, {
      title: "Shape of a post",
      content: "Body text",
      excerpt: "Short summary",
      categoryId,
    });

    const res = await client(forum.app).get(`/api/posts?categoryId=${categoryId}`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(1);
    const post = res.body[0];
    expect(post).toEqual({
      id: created.id,
      slug: "shape-of-a-post",
      title: "Shape of a post",
      content: "Body text",
      ...perOptionalPostText(() => null), // the optional text fields not sent
      excerpt: "Short summary",
      summary: "Short summary",
      categoryId,
      category: { name: "Shape Cat", slug: "shape-cat", color: "#3b82f6" },
      authorId: author.user.id,
      author: {
        id: author.user.id,
        username: "shape-author",
        firstName: "Ada",
        lastName: "Lovelace",
        profileImageUrl: "/uploads/ada.png",
      },
      featured: false,
      votes: 0,
      upvotes: 0,
      downvotes: 0,
      replyCount: 0,
      views: 0,
      pinned: false,
      locked: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      editedAt: null,
      myVote: "none",
      // A visitor's: no reading of their own (read-states.test.ts has a member's).
      unreadCount: 0,
      isNew: false,
    });
    expect(new Date(post.createdAt).toISOString()).toBe(post.createdAt);
    expect(Math.abs(Date.parse(post.createdAt) - Date.now())).toBeLessThan(60_000);
    const row = await postRow(created.id);
    expect(post.createdAt).toBe(new Date(row?.createdAt as number).toISOString());
  });

  it("reports the signed-in caller's own vote as myVote", async () => {
    const author = await signedIn(forum);
    const up = await signedIn(forum);
    const down = await signedIn(forum);
    const categoryId = await insertCategory(forum.db);
    const post = await createPost(author, { title: "Vote me", content: "x", categoryId });
    await vote(up, post.id, "upvote");
    await vote(down, post.id, "downvote");
    const url = `/api/posts?categoryId=${categoryId}`;
    expect((await up.get(url)).body[0]).toMatchObject({ myVote: "up", upvotes: 1, downvotes: 1, votes: 0 });
    expect((await down.get(url)).body[0].myVote).toBe("down");
    expect((await author.get(url)).body[0].myVote).toBe("none");
    expect((await client(forum.app).get(url)).body[0].myVote).toBe("none");
  });

  describe("sorting", () => {
    let categoryId: number;
    const post: Record<"a" | "b" | "c" | "d" | "e", number> = { a: 0, b: 0, c: 0, d: 0, e: 0 };
    let voters: Member[];

    beforeAll(async () => {
      const author = await insertUser(forum.db);
      voters = [];
      for (let i = 0; i < 6; i++) voters.push(await signedIn(forum));
      categoryId = await insertCategory(forum.db, "Sorting Cat");
      const now = Date.now();
      // Inserted in id order a < b < c < d < e.
      post.a = (await insertPost(forum.db, { authorId: author.id, categoryId, createdAt: now - HOUR })).id;
      post.b = (await insertPost(forum.db, { authorId: author.id, categoryId, createdAt: now - 2 * DAY })).id;
      post.c = (await insertPost(forum.db, { authorId: author.id, categoryId, createdAt: now - 3 * DAY })).id;
      post.d = (await insertPost(forum.db, { authorId: author.id, categoryId, createdAt: now - 20 * DAY })).id;
      post.e = (await insertPost(forum.db, { authorId: author.id, categoryId, createdAt: now })).id;
      const [v0, v1, v2, v3, v4, v5] = voters as [Member, Member, Member, Member, Member, Member];
      // a: +3
      for (const v of [v0, v1, v2]) await vote(v, post.a, "upvote");
      // b: 5 up, 1 down = +4
      for (const v of [v0, v1, v2, v3, v4]) await vote(v, post.b, "upvote");
      await vote(v5, post.b, "downvote");
      // c: 2 up, 2 down = 0, the most controversial; one reply
      for (const v of [v0, v1]) await vote(v, post.c, "upvote");
      for (const v of [v2, v3]) await vote(v, post.c, "downvote");
      await reply(v0, post.c);
      // d: +6 but twenty days old
      for (const v of voters) await vote(v, post.d, "upvote");
      // e: no votes, three replies
      for (const v of [v0, v1, v2]) await reply(v, post.e);
    });

    const list = async (query: string) => {
      const res = await client(forum.app).get(`/api/posts?categoryId=${categoryId}&${query}`);
      expect(res.status).toBe(200);
      return ids(res.body);
    };

    it("stores the ranking scores the formulas give", async () => {
      for (const id of Object.values(post)) {
        const row = await postRow(id);
        if (!row) throw new Error("missing post");
        expect(row.score).toBe(row.upvotes - row.downvotes);
        expect(row.hotScore).toBeCloseTo(hotScore(row.upvotes, row.downvotes, row.createdAt), 9);
        expect(row.controversialScore).toBeCloseTo(controversialScore(row.upvotes, row.downvotes), 9);
      }
      expect((await postRow(post.c))?.controversialScore).toBe(4);
    });

    it("hot (the default): the stored hot score, highest first", async () => {
      // a: log10(3) above its hour-old time term; e: brand new with no votes; then by age.
      expect(await list("sortBy=hot")).toEqual([post.a, post.e, post.b, post.c, post.d]);
      expect(await list("")).toEqual([post.a, post.e, post.b, post.c, post.d]);
    });

    it("new: newest first", async () => {
      expect(await list("sortBy=new")).toEqual([post.e, post.a, post.b, post.c, post.d]);
    });

    it("top: net votes, ties by newest id", async () => {
      expect(await list("sortBy=top")).toEqual([post.d, post.b, post.a, post.e, post.c]);
    });

    it("controversial: many votes split evenly first, ties by newest id", async () => {
      expect(await list("sortBy=controversial")).toEqual([post.c, post.b, post.e, post.d, post.a]);
    });

    it("replies: most replies first, ties by newest id", async () => {
      expect(await list("sortBy=replies")).toEqual([post.e, post.c, post.d, post.b, post.a]);
    });

    it("trending: net votes plus twice the replies, within the last week by default", async () => {
      // e: 0 + 2*3 = 6; b: 4; a: 3; c: 0 + 2*1 = 2; d is older than a week.
      expect(await list("sortBy=trending")).toEqual([post.e, post.b, post.a, post.c]);
      expect(await list("sortBy=trending&timeRange=month")).toEqual([post.e, post.d, post.b, post.a, post.c]);
      expect(await list("sortBy=trending&timeRange=today")).toEqual([post.e, post.a]);
    });

    it("agrees with the documented keys over the whole table", async () => {
      const rows = await forum.db.selectFrom("posts").selectAll().execute();
      const byKey = (key: (r: (typeof rows)[number]) => number) =>
        [...rows].sort((x, y) => key(y) - key(x) || y.id - x.id).map((r) => r.id);
      const expected: Record<string, number[]> = {
        hot: byKey((r) => r.hotScore),
        new: byKey((r) => r.createdAt),
        top: byKey((r) => r.score),
        controversial: byKey((r) => r.controversialScore),
        replies: byKey((r) => r.replyCount),
      };
      for (const [sortBy, order] of Object.entries(expected)) {
        const res = await client(forum.app).get(`/api/posts?sortBy=${sortBy}&limit=100`);
        expect(res.status).toBe(200);
        expect(ids(res.body), sortBy).toEqual(order.slice(0, 100));
      }
    });
  });

  describe("filters and paging", () => {
    let categoryId: number;
    let otherCategoryId: number;
    const at: Record<string, number> = {};

    beforeAll(async () => {
      const author = await insertUser(forum.db);
      categoryId = await insertCategory(forum.db, "Range Cat");
      otherCategoryId = await insertCategory(forum.db, "Other Range Cat");
      const now = Date.now();
      const ages: Record<string, number> = {
        hour: HOUR,
        twoDays: 2 * DAY,
        tenDays: 10 * DAY,
        hundredDays: 100 * DAY,
        twoYears: 730 * DAY,
      };
      for (const [name, age] of Object.entries(ages)) {
        at[name] = (await insertPost(forum.db, { authorId: author.id, categoryId, createdAt: now - age })).id;
      }
      await insertPost(forum.db, { authorId: author.id, categoryId: otherCategoryId, createdAt: now });
    });

    const list = async (query: string) => {
      const res = await client(forum.app).get(`/api/posts?categoryId=${categoryId}&sortBy=new&${query}`);
      expect(res.status).toBe(200);
      return ids(res.body);
    };

    it("timeRange keeps only posts created within it", async () => {
      expect(await list("timeRange=today")).toEqual([at.hour]);
      expect(await list("timeRange=week")).toEqual([at.hour, at.twoDays]);
      expect(await list("timeRange=month")).toEqual([at.hour, at.twoDays, at.tenDays]);
      expect(await list("timeRange=year")).toEqual([at.hour, at.twoDays, at.tenDays, at.hundredDays]);
      expect(await list("")).toEqual([at.hour, at.twoDays, at.tenDays, at.hundredDays, at.twoYears]);
    });

    it("refuses an unknown timeRange", async () => {
      const res = await client(forum.app).get("/api/posts?timeRange=decade");
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("timeRange must be one of today, week, month, year");
    });

    it("categoryId keeps only that category's posts", async () => {
      const res = await client(forum.app).get(`/api/posts?categoryId=${otherCategoryId}`);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
      expect(res.body[0].categoryId).toBe(otherCategoryId);
      const all = await client(forum.app).get(`/api/posts?categoryId=${categoryId}`);
      expect(all.body.every((p: { categoryId: number }) => p.categoryId === categoryId)).toBe(true);
      expect(all.body).toHaveLength(5);
    });

    it("refuses a categoryId that is not a positive whole number", async () => {
      const res = await client(forum.app).get("/api/posts?categoryId=abc");
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("categoryId must be a positive whole number");
    });

    it("pages with offset and limit: 20 by default, at most 100", async () => {
      const author = await insertUser(forum.db);
      const pageCategory = await insertCategory(forum.db, "Paging Cat");
      const now = Date.now();
      const created: number[] = [];
      for (let i = 0; i < 25; i++) {
        created.push(
          (await insertPost(forum.db, { authorId: author.id, categoryId: pageCategory, createdAt: now - i })).id,
        );
      }
      const base = `/api/posts?categoryId=${pageCategory}&sortBy=new`;
      const first = await client(forum.app).get(base);
      expect(ids(first.body)).toEqual(created.slice(0, 20));
      const second = await client(forum.app).get(`${base}&offset=20`);
      expect(ids(second.body)).toEqual(created.slice(20));
      const window = await client(forum.app).get(`${base}&offset=3&limit=4`);
      expect(ids(window.body)).toEqual(created.slice(3, 7));
      const max = await client(forum.app).get(`${base}&limit=100`);
      expect(max.status).toBe(200);
      expect(max.body).toHaveLength(25);
      const past = await client(forum.app).get(`${base}&offset=100`);
      expect(past).toMatchObject({ status: 200, body: [] });

      const tooMany = await client(forum.app).get(`${base}&limit=101`);
      expect(tooMany).toMatchObject({ status: 400, body: { message: "limit must be at most 100" } });
      expect((await client(forum.app).get(`${base}&limit=0`)).status).toBe(400);
      expect((await client(forum.app).get(`${base}&offset=-1`)).status).toBe(400);
      expect((await client(forum.app).get(`${base}&limit=abc`)).status).toBe(400);
    });
  });

  it("refuses an unknown sortBy with a message naming the choices", async () => {
    const res = await client(forum.app).get("/api/posts?sortBy=best");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("sortBy must be one of hot, new, top, controversial, trending, replies");
  });
});

describe("POST /api/posts", () => {
  it("creates the post, answers 201 with it and counts it in its category", async () => {
    const member = await signedIn(forum, { username: "creator" });
    const categoryId = await insertCategory(forum.db, "Create Cat");
    const before = await postCount(categoryId);
    const res = await member.post("/api/posts", {
      title: "  My first post!  ",
      content: "  Hello there  ",
      categoryId: String(categoryId),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      slug: "my-first-post",
      title: "My first post!",
      content: "Hello there",
      excerpt: null,
      categoryId,
      category: { name: "Create Cat", slug: "create-cat" },
      author: { id: member.user.id, username: "creator" },
      featured: false,
      votes: 0,
      replyCount: 0,
      views: 0,
      myVote: "none",
    });
    const row = await postRow(res.body.id);
    expect(row).toMatchObject({
      title: "My first post!",
      authorId: member.user.id,
      categoryId,
      featured: 0,
      upvotes: 0,
      downvotes: 0,
      score: 0,
      controversialScore: 0,
    });
    expect(row?.hotScore).toBeCloseTo(hotScore(0, 0, row?.createdAt as number), 9);
    expect(await postCount(categoryId)).toBe(before + 1);
    const read = await client(forum.app).get(`/api/posts/${res.body.slug}`);
    expect(read.body.id).toBe(res.body.id);
  });

  it("derives the slug from the title and adds -2, -3 on collisions", async () => {
    const member = await signedIn(forum);
    const categoryId = await insertCategory(forum.db);
    const first = await createPost(member, { title: "Same Title", content: "one", categoryId });
    const second = await createPost(member, { title: "same title", content: "two", categoryId });
    const third = await createPost(member, { title: "Same  Title?", content: "three", categoryId });
    expect([first.slug, second.slug, third.slug]).toEqual(["same-title", "same-title-2", "same-title-3"]);
    const accents = await createPost(member, { title: "Café Über Straße", content: "x", categoryId });
    expect(accents.slug).toMatch(/^cafe-uber-stra/);
    const symbols = await createPost(member, { title: "!!!", content: "x", categoryId });
    expect(symbols.slug).toMatch(/^[a-z0-9-]+$/);
    expect(await postCount(categoryId)).toBe(5);
  });

  it("refuses blank or missing title, content or category with the spec's message", async () => {
    const member = await signedIn(forum);
    const categoryId = await insertCategory(forum.db);
    const bodies = [
      { title: "", content: "x", categoryId },
      { title: "   ", content: "x", categoryId },
      { content: "x", categoryId },
      { title: "T", content: "", categoryId },
      { title: "T", content: "  \n ", categoryId },
      { title: "T", categoryId },
      { title: "T", content: "x", categoryId: "" },
      { title: "T", content: "x" },
    ];
    for (const body of bodies) {
      const res = await member.post("/api/posts", body);
      expect(res, JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { message: "Please fill in all required fields" },
      });
    }
    expect(await postCount(categoryId)).toBe(0);
    const rows = await forum.db.selectFrom("posts").select("id").where("categoryId", "=", categoryId).execute();
    expect(rows).toHaveLength(0);
  });

  it("refuses an unknown category with 400", async () => {
    const member = await signedIn(forum);
    const res = await member.post("/api/posts", { title: "Lost", content: "x", categoryId: 999_999 });
    expect(res).toMatchObject({ status: 400, body: { message: "Category not found" } });
    const rows = await forum.db.selectFrom("posts").select("id").where("title", "=", "Lost").execute();
    expect(rows).toHaveLength(0);
  });

  it("stores a member's featured:true as false and an admin's as true", async () => {
    const member = await signedIn(forum);
    const admin = await signedIn(forum, { role: "admin" });
    const categoryId = await insertCategory(forum.db);
    const byMember = await member.post("/api/posts", { title: "Member", content: "x", categoryId, featured: true });
    expect(byMember.status).toBe(201);
    expect(byMember.body.featured).toBe(false);
    expect((await postRow(byMember.body.id))?.featured).toBe(0);
    const byAdmin = await admin.post("/api/posts", { title: "Admin", content: "x", categoryId, featured: true });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.featured).toBe(true);
    expect((await postRow(byAdmin.body.id))?.featured).toBe(1);
  });

  it("answers 401 to a visitor and writes nothing", async () => {
    const categoryId = await insertCategory(forum.db);
    const res = await client(forum.app).post("/api/posts", { title: "Anon", content: "x", categoryId });
    expect(res).toMatchObject({ status: 401, body: { message: "You must be logged in to do that" } });
    expect(await postCount(categoryId)).toBe(0);
  });

  it("refuses a member banned after signing in, and one inserted banned cannot sign in", async () => {
    const member = await signedIn(forum);
    const categoryId = await insertCategory(forum.db);
    await forum.db.updateTable("users").set({ banned: 1 }).where("id", "=", member.user.id).execute();
    const res = await member.post("/api/posts", { title: "Banned", content: "x", categoryId });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/banned/);
    expect(await postCount(categoryId)).toBe(0);

    const author = await signedIn(forum);
    const own = await createPost(author, { title: "Before the ban", content: "x", categoryId });
    await forum.db.updateTable("users").set({ banned: 1 }).where("id", "=", author.user.id).execute();
    const edit = await author.put(`/api/posts/${own.id}`, { title: "After the ban", content: "x", categoryId });
    expect(edit.status).toBe(403);
    expect((await author.del(`/api/posts/${own.id}`)).status).toBe(403);
    expect(await postRow(own.id)).toMatchObject({ title: "Before the ban" });
    expect(await postCount(categoryId)).toBe(1);

    const banned = await insertUser(forum.db, { banned: true });
    const login = await client(forum.app).post("/api/login", { username: banned.username, password: banned.password });
    expect(login.status).toBe(403);
  });
});

describe("GET /api/posts/{slug}", () => {
  it("answers the post and counts one view per read, written on flush", async () => {
    const member = await signedIn(forum);
    const categoryId = await insertCategory(forum.db);
    const created = await createPost(member, { title: "Viewed post", content: "x", categoryId });
    const visitor = client(forum.app);
    const first = await visitor.get(`/api/posts/${created.slug}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: created.id, slug: created.slug, views: 1, myVote: "none" });
    expect((await visitor.get(`/api/posts/${created.slug}`)).body.views).toBe(2);
    expect((await member.get(`/api/posts/${created.slug}`)).body.views).toBe(3);
    await forum.app.services.views.flush();
    expect((await postRow(created.id))?.views).toBe(3);
    expect((await visitor.get(`/api/posts/${created.slug}`)).body.views).toBe(4);
    await forum.app.services.views.flush();
    expect((await postRow(created.id))?.views).toBe(4);
    const listed = await visitor.get(`/api/posts?categoryId=${categoryId}`);
    expect(listed.body[0].views).toBe(4);
  });

  it("counts every visitor's view exactly from the kept body, through both doors, and shows the next write", async () => {
    const member = await signedIn(forum);
    const categoryId = await insertCategory(forum.db);
    const created = await createPost(member, { title: "Kept post page", content: "x", categoryId });
    const visitor = client(forum.app);
    const trpc = () =>
      visitor.get(`/trpc/posts.bySlug?input=${encodeURIComponent(JSON.stringify({ slug: created.slug }))}`);
    const first = await visitor.get(`/api/posts/${created.slug}`);
    const seen = [first.body.views];
    for (let i = 0; i < 2; i++) seen.push((await visitor.get(`/api/posts/${created.slug}`)).body.views);
    const viaTrpc = await trpc();
    seen.push(viaTrpc.body.result.data.views, (await trpc()).body.result.data.views);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    // Apart from the count, a kept body is the computed one, byte for byte in its fields.
    expect({ ...viaTrpc.body.result.data, views: 0 }).toEqual({ ...first.body, views: 0 });
    expect((await member.get(`/api/posts/${created.slug}`)).body.views).toBe(6);

    // Reads at once each count one view: twenty different figures, and the row gets them all.
    const burst = await Promise.all(Array.from({ length: 20 }, () => visitor.get(`/api/posts/${created.slug}`)));
    expect(burst.map((res) => res.body.views).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => 7 + i),
    );
    await forum.app.services.views.flush();
    expect((await postRow(created.id))?.views).toBe(26);
    expect((await visitor.get(`/api/posts/${created.slug}`)).body.views).toBe(27);

    const edited = await member.put(`/api/posts/${created.id}`, {
      title: "Kept post page, edited",
      content: "y",
      categoryId,
    });
    expect(edited.status).toBe(200);
    expect((await visitor.get(`/api/posts/${created.slug}`)).body).toMatchObject({ content: "y", views: 28 });
    expect((await trpc()).body.result.data).toMatchObject({ content: "y", views: 29 });
  });

  it("shows every view while the counted views are being written", async () => {
    const member = await signedIn(forum);
    const categoryId = await insertCategory(forum.db);
    const created = await createPost(member, { title: "Read during a flush", content: "x", categoryId });
    const visitor = client(forum.app);
    const viewsSeen = async (reader: typeof visitor) => (await reader.get(`/api/posts/${created.slug}`)).body.views;
    for (let i = 0; i < 3; i++) await viewsSeen(visitor);

    // Reads while the three views are on their way to the row: a visitor's (the kept body), a
    // member's (the procedure), and a fresh read after an edit drops what was kept.
    const writing = forum.app.services.views.flush();
    const during = await Promise.all([viewsSeen(visitor), viewsSeen(member), viewsSeen(visitor)]);
    await writing;
    expect(during.sort((a, b) => a - b)).toEqual([4, 5, 6]);
    expect(await viewsSeen(visitor)).toBe(7);

    const writingAgain = forum.app.services.views.flush();
    const edited = await member.put(`/api/posts/${created.id}`, {
      title: "Read during a flush",
      content: "y",
      categoryId,
    });
    expect(edited.body.views).toBe(7);
    expect(await viewsSeen(visitor)).toBe(8);
    await writingAgain;
    expect(await viewsSeen(member)).toBe(9);
    await forum.app.services.views.flush();
    expect((await postRow(created.id))?.views).toBe(9);
  });

  it("shows the signed-in caller's vote", async () => {
    const member = await signedIn(forum);
    const categoryId = await insertCategory(forum.db);
    const created = await createPost(member, { title: "Own vote", content: "x", categoryId });
    await vote(member, created.id, "downvote");
    expect((await member.get(`/api/posts/${created.slug}`)).body).toMatchObject({ myVote: "down", votes: -1 });
  });

  it("answers 404 Post not found for an unknown slug", async () => {
    const res = await client(forum.app).get("/api/posts/no-such-post");
    expect(res).toMatchObject({ status: 404, body: { message: "Post not found" } });
  });
});

describe("PUT /api/posts/{id}", () => {
  let author: Member;
  let other: Member;
  let admin: Member;
  let categoryId: number;
  let secondCategoryId: number;

  beforeAll(async () => {
    author = await signedIn(forum);
    other = await signedIn(forum);
    admin = await signedIn(forum, { role: "admin" });
    categoryId = await insertCategory(forum.db);
    secondCategoryId = await insertCategory(forum.db);
  });

  it("lets the author change title and content; the slug stays", async () => {
    const created = await createPost(author, { title: "Before edit", content: "old", categoryId });
    const res = await author.put(`/api/posts/${created.id}`, {
      title: "After edit",
      content: "new content",
      categoryId,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      slug: "before-edit",
      title: "After edit",
      content: "new content",
    });
    expect(await postRow(created.id)).toMatchObject({ title: "After edit", content: "new content" });
  });

  // Every optional text field (OPTIONAL_POST_TEXT), so a new one is tested without a new test.
  describe.each(OPTIONAL_POST_TEXT_FIELDS)("the optional text field %s", (field) => {
    it("is stored at creation, kept by an edit that leaves it out, replaced, and cleared when sent blank", async () => {
      const title = `With ${field}`;
      const created = await createPost(author, { title, content: "c", [field]: "  first value  ", categoryId });
      expect(created[field]).toBe("first value");
      expect((await postRow(created.id))?.[field]).toBe("first value");

      const kept = await author.put(`/api/posts/${created.id}`, { title, content: "c2", categoryId });
      expect(kept.status).toBe(200);
      expect(kept.body[field]).toBe("first value");

      const replaced = await author.put(`/api/posts/${created.id}`, {
        title,
        content: "c2",
        [field]: "second",
        categoryId,
      });
      expect(replaced.body[field]).toBe("second");
      expect((await postRow(created.id))?.[field]).toBe("second");

      const cleared = await author.put(`/api/posts/${created.id}`, { title, content: "c2", [field]: " ", categoryId });
      expect(cleared.body[field]).toBeNull();
      expect((await postRow(created.id))?.[field]).toBeNull();
    });

    it("marks the post edited when it alone changes", async () => {
      const title = `Edited by ${field}`;
      const created = await createPost(author, { title, content: "c", categoryId });
      const unchanged = await author.put(`/api/posts/${created.id}`, { title, content: "c", categoryId });
      expect(unchanged.body.editedAt).toBeNull();
      const changed = await author.put(`/api/posts/${created.id}`, { title, content: "c", [field]: "new", categoryId });
      expect(changed.body.editedAt).not.toBeNull();
    });

    it("is refused beyond its limit with its label in the message", async () => {
      const { label, max } = OPTIONAL_POST_TEXT[field];
      const res = await author.post("/api/posts", {
        title: `Long ${field}`,
        content: "c",
        [field]: "x".repeat(max + 1),
        categoryId,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(label);
    });
  });

  it("lets an admin edit anyone's post and refuses another member with 403", async () => {
    const created = await createPost(author, { title: "Guarded", content: "x", categoryId });
    const refused = await other.put(`/api/posts/${created.id}`, { title: "Hijack", content: "x", categoryId });
    expect(refused).toMatchObject({ status: 403, body: { message: "You can only change your own content" } });
    expect((await postRow(created.id))?.title).toBe("Guarded");
    const byAdmin = await admin.put(`/api/posts/${created.id}`, { title: "Moderated", content: "x", categoryId });
    expect(byAdmin.status).toBe(200);
    expect((await postRow(created.id))?.title).toBe("Moderated");
    expect(
      (await client(forum.app).put(`/api/posts/${created.id}`, { title: "t", content: "x", categoryId })).status,
    ).toBe(401);
  });

  it("refuses a blank title with 'Post title is required' and blank content with the required-fields message", async () => {
    const created = await createPost(author, { title: "Validated", content: "x", categoryId });
    const noTitle = await author.put(`/api/posts/${created.id}`, { title: "  ", content: "x", categoryId });
    expect(noTitle).toMatchObject({ status: 400, body: { message: "Post title is required" } });
    const noContent = await author.put(`/api/posts/${created.id}`, { title: "Validated", content: " ", categoryId });
    expect(noContent).toMatchObject({ status: 400, body: { message: "Please fill in all required fields" } });
    const noCategory = await author.put(`/api/posts/${created.id}`, { title: "Validated", content: "x" });
    expect(noCategory).toMatchObject({ status: 400, body: { message: "Please fill in all required fields" } });
    const unknownCategory = await author.put(`/api/posts/${created.id}`, {
      title: "Validated",
      content: "x",
      categoryId: 999_999,
    });
    expect(unknownCategory).toMatchObject({ status: 400, body: { message: "Category not found" } });
    expect(await postRow(created.id)).toMatchObject({ title: "Validated", content: "x", categoryId });
  });

  it("moves the post count between categories when the category changes", async () => {
    const created = await createPost(author, { title: "Mover", content: "x", categoryId });
    const fromBefore = await postCount(categoryId);
    const toBefore = await postCount(secondCategoryId);
    const res = await author.put(`/api/posts/${created.id}`, {
      title: "Mover",
      content: "x",
      categoryId: secondCategoryId,
    });
    expect(res.status).toBe(200);
    expect(res.body.categoryId).toBe(secondCategoryId);
    expect(await postCount(categoryId)).toBe(fromBefore - 1);
    expect(await postCount(secondCategoryId)).toBe(toBefore + 1);
    // Same category again: no change.
    await author.put(`/api/posts/${created.id}`, { title: "Mover", content: "y", categoryId: secondCategoryId });
    expect(await postCount(categoryId)).toBe(fromBefore - 1);
    expect(await postCount(secondCategoryId)).toBe(toBefore + 1);
  });

  it("ignores featured from a member; an admin sets and clears it", async () => {
    const created = await createPost(author, { title: "Feature me", content: "x", categoryId });
    const byMember = await author.put(`/api/posts/${created.id}`, {
      title: "Feature me",
      content: "x",
      categoryId,
      featured: true,
    });
    expect(byMember.status).toBe(200);
    expect(byMember.body.featured).toBe(false);
    expect((await postRow(created.id))?.featured).toBe(0);
    const set = await admin.put(`/api/posts/${created.id}`, {
      title: "Feature me",
      content: "x",
      categoryId,
      featured: true,
    });
    expect(set.body.featured).toBe(true);
    expect((await postRow(created.id))?.featured).toBe(1);
    // A member's later edit keeps the admin's flag.
    await author.put(`/api/posts/${created.id}`, { title: "Feature me", content: "z", categoryId, featured: false });
    expect((await postRow(created.id))?.featured).toBe(1);
    const cleared = await admin.put(`/api/posts/${created.id}`, {
      title: "Feature me",
      content: "x",
      categoryId,
      featured: false,
    });
    expect(cleared.body.featured).toBe(false);
    expect((await postRow(created.id))?.featured).toBe(0);
  });

  it("answers 404 for an unknown id", async () => {
    const res = await author.put("/api/posts/999999", { title: "t", content: "x", categoryId });
    expect(res).toMatchObject({ status: 404, body: { message: "Post not found" } });
  });
});

describe("DELETE /api/posts/{id}", () => {
  it("lets the author delete, with its replies and votes, and decrements the category", async () => {
    const author = await signedIn(forum);
    const voter = await signedIn(forum);
    const categoryId = await insertCategory(forum.db);
    const keep = await createPost(author, { title: "Keeper", content: "x", categoryId });
    const doomed = await createPost(author, { title: "Doomed", content: "x", categoryId });
    await reply(voter, doomed.id);
    await reply(author, doomed.id);
    await vote(voter, doomed.id, "upvote");
    await vote(author, doomed.id, "downvote");
    await reply(voter, keep.id);
    await vote(voter, keep.id, "upvote");
    expect(await postCount(categoryId)).toBe(2);

    const res = await author.del(`/api/posts/${doomed.id}`);
    expect(res).toMatchObject({ status: 200, body: { message: "Post deleted successfully" } });
    expect(await postRow(doomed.id)).toBeUndefined();
    const replies = await forum.db.selectFrom("replies").select("id").where("postId", "=", doomed.id).execute();
    const votes = await forum.db.selectFrom("votes").select("id").where("postId", "=", doomed.id).execute();
    expect(replies).toHaveLength(0);
    expect(votes).toHaveLength(0);
    expect(await postCount(categoryId)).toBe(1);
    // The other post is untouched.
    expect(await postRow(keep.id)).toMatchObject({ replyCount: 1, upvotes: 1 });
    expect(await forum.db.selectFrom("votes").select("id").where("postId", "=", keep.id).execute()).toHaveLength(1);
    expect((await client(forum.app).get(`/api/posts/${doomed.slug}`)).status).toBe(404);
  });

  it("lets an admin delete anyone's post; another member gets 403 and a visitor 401", async () => {
    const author = await signedIn(forum);
    const other = await signedIn(forum);
    const admin = await signedIn(forum, { role: "admin" });
    const categoryId = await insertCategory(forum.db);
    const created = await createPost(author, { title: "Admin target", content: "x", categoryId });
    expect((await other.del(`/api/posts/${created.id}`)).status).toBe(403);
    expect((await client(forum.app).del(`/api/posts/${created.id}`)).status).toBe(401);
    expect(await postRow(created.id)).toBeDefined();
    expect((await admin.del(`/api/posts/${created.id}`)).status).toBe(200);
    expect(await postRow(created.id)).toBeUndefined();
    expect(await postCount(categoryId)).toBe(0);
  });

  it("answers 404 for an unknown or already deleted id", async () => {
    const author = await signedIn(forum);
    const categoryId = await insertCategory(forum.db);
    const created = await createPost(author, { title: "Twice", content: "x", categoryId });
    expect((await author.del(`/api/posts/${created.id}`)).status).toBe(200);
    const again = await author.del(`/api/posts/${created.id}`);
    expect(again).toMatchObject({ status: 404, body: { message: "Post not found" } });
    expect(await postCount(categoryId)).toBe(0);
    expect((await author.del("/api/posts/999999")).status).toBe(404);
  });
});
