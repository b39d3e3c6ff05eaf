// Hot reads are cached until the next write: every write must be visible on the next read.
import { ReadCache, ViewCounter } from "@forum/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SharedAnswers } from "../src/plugins/sharedAnswers";
import { client, insertCategory, signedIn, startForum, type TestForum } from "./harness";

let forum: TestForum;
let categoryId: number;
beforeAll(async () => {
  forum = await startForum();
  categoryId = await insertCategory(forum.db, "Cached");
});
afterAll(() => forum.close());

describe("read cache", () => {
  it("shows a new post, a vote and a reply on the next read", async () => {
    const visitor = client(forum.app);
    const member = await signedIn(forum);
    expect((await visitor.get("/api/posts?sortBy=new")).body).toEqual([]);

    const created = await member.post("/api/posts", { title: "Fresh", content: "Body", categoryId });
    const afterCreate = await visitor.get("/api/posts?sortBy=new");
    expect(afterCreate.body.map((p: { title: string }) => p.title)).toEqual(["Fresh"]);

    await member.post("/api/votes", { type: "upvote", postId: created.body.id });
    expect((await visitor.get("/api/posts?sortBy=new")).body[0].votes).toBe(1);

    await member.post(`/api/posts/${created.body.id}/replies`, { content: "First reply" });
    expect((await visitor.get(`/api/posts/${created.body.id}/replies`)).body.replies).toHaveLength(1);
    expect((await visitor.get("/api/posts?sortBy=new")).body[0].replyCount).toBe(1);
    expect((await visitor.get(`/api/users/${member.user.username}`)).body.reputation).toBe(1);
  });

  it("shows each write on the next visitor read through the tRPC door too", async () => {
    const member = await signedIn(forum);
    const input = encodeURIComponent(JSON.stringify({ 0: { sortBy: "new", offset: 0, limit: 20 } }));
    const titles = async () =>
      (await client(forum.app).get(`/trpc/posts.list?batch=1&input=${input}`)).body[0].result.data.map(
        (post: { title: string }) => post.title,
      );
    const before = await titles();
    expect(await titles()).toEqual(before);
    await member.post("/api/posts", { title: "Seen through tRPC", content: "Body", categoryId });
    expect(await titles()).toEqual(["Seen through tRPC", ...before]);
  });

  it("shows category changes and written view counts on the next read of the post", async () => {
    const admin = await signedIn(forum, { role: "admin" });
    const before = (await client(forum.app).get("/api/categories")).body.length;
    await admin.post("/api/categories", { name: "Brand New", description: "Just made" });
    expect((await client(forum.app).get("/api/categories")).body).toHaveLength(before + 1);

    const [post] = (await client(forum.app).get("/api/posts?sortBy=new")).body;
    const seen = (await client(forum.app).get(`/api/posts/${post.slug}`)).body.views;
    await forum.app.services.views.flush();
    // Lists may show view counts up to a minute old (cache-policy.test.ts); the post page is exact.
    expect((await client(forum.app).get(`/api/posts/${post.slug}`)).body.views).toBe(seen + 1);
  });

  it("never serves one member's own vote to another caller", async () => {
    const voter = await signedIn(forum);
    const other = await signedIn(forum);
    const [post] = (await voter.get("/api/posts?sortBy=new")).body;
    await voter.post("/api/votes", { type: "downvote", postId: post.id });
    expect((await voter.get("/api/posts?sortBy=new")).body[0].myVote).toBe("down");
    expect((await other.get("/api/posts?sortBy=new")).body[0].myVote).toBe("none");
    expect((await client(forum.app).get("/api/posts?sortBy=new")).body[0].myVote).toBe("none");
    // The post page and the author's list the same way.
    expect((await voter.get(`/api/posts/${post.slug}`)).body.myVote).toBe("down");
    expect((await other.get(`/api/posts/${post.slug}`)).body.myVote).toBe("none");
    const author = post.author.username;
    expect((await voter.get(`/api/users/${author}/posts`)).body[0].myVote).toBe("down");
    expect((await other.get(`/api/users/${author}/posts`)).body[0].myVote).toBe("none");
  });

  it("keeps answers across ad tracking, which changes nothing a cached read shows", async () => {
    const first = await client(forum.app).get("/api/categories");
    const ad = await forum.db
      .insertInto("advertisements")
      .values({ title: "T", content: "x", type: "text", placement: "sidebar", dimensions: null, createdAt: Date.now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await client(forum.app).post(`/api/ads/${ad.id}/track`, { type: "impression" })).status).toBe(204);
    expect((await client(forum.app).get("/api/categories")).body).toEqual(first.body);
  });
});

describe("answers kept apart (CachePolicy.keptAtMost, search)", () => {
  const counted = () => {
    let runs = 0;
    return { compute: async () => ++runs, runs: () => runs };
  };

  it("keeps the hot lists' answers through a burst of searches, and only the newest searches", async () => {
    const cache = new ReadCache(10);
    cache.enabled = true;
    const list = counted();
    await cache.get("posts.list hot", ["posts"], list.compute);
    const pool = { name: "search.posts", max: 3 };
    for (let i = 0; i < 50; i++) await cache.get(`search.posts q${i}`, ["posts"], async () => i, pool);
    await cache.get("posts.list hot", ["posts"], list.compute);
    expect(list.runs()).toBe(1);

    const newest = counted();
    await cache.get("search.posts q49", ["posts"], newest.compute, pool);
    expect(newest.runs()).toBe(0);
    const oldest = counted();
    await cache.get("search.posts q46", ["posts"], oldest.compute, pool);
    expect(oldest.runs()).toBe(1);
  });

  it("drops a kept search when a kind it reads is written", async () => {
    const cache = new ReadCache(10);
    cache.enabled = true;
    const pool = { name: "search.posts", max: 3 };
    const search = counted();
    await cache.get("search.posts q", ["posts", "replies"], search.compute, pool);
    await cache.get("search.posts q", ["posts", "replies"], search.compute, pool);
    expect(search.runs()).toBe(1);
    cache.invalidate(["replies"]);
    await cache.get("search.posts q", ["posts", "replies"], search.compute, pool);
    expect(search.runs()).toBe(2);
  });

  it("keeps at most the pool's number of search bodies, the newest, and the other bodies", () => {
    const cache = new ReadCache(10);
    cache.enabled = true;
    const shared = new SharedAnswers(cache, new ViewCounter(forum.db), 10_000);
    const reads = { kinds: ["posts"] as const, windowed: false, counted: false };
    const pooled = { ...reads, pool: { name: "search.posts", max: 3 } };
    const body = (text: string) => ({ bodies: { identity: Buffer.from(text) } });
    shared.set("/api/posts", reads, shared.stamp(reads), body("list"));
    for (let i = 0; i < 20; i++) shared.set(`/api/search?q=${i}`, pooled, shared.stamp(pooled), body(`found ${i}`));
    expect(shared.get("/api/posts")?.identity.toString()).toBe("list");
    expect(shared.get("/api/search?q=19")?.identity.toString()).toBe("found 19");
    expect(shared.get("/api/search?q=17")?.identity.toString()).toBe("found 17");
    expect(shared.get("/api/search?q=16")).toBeUndefined();
  });
});

describe("one computation per kept answer at a time (issue 24)", () => {
  /** A computation that ends when the test says, counting how many started and what each saw. */
  const controlled = () => {
    const started: { finish: (value: string) => void; sawVersion: number }[] = [];
    let version = 0;
    return {
      compute: () =>
        new Promise<string>((resolve) => {
          started.push({ finish: resolve, sawVersion: version });
        }),
      started,
      /** A write: the data the next computation reads is newer. */
      write: (cache: ReadCache) => {
        version += 1;
        cache.invalidate(["posts"]);
      },
    };
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it("N readers of a dropped answer share one computation", async () => {
    const cache = new ReadCache(10);
    cache.enabled = true;
    const list = controlled();
    const readers = Array.from({ length: 25 }, () => cache.get("posts.list hot", ["posts"], list.compute));
    expect(list.started).toHaveLength(1);
    list.started[0]?.finish("page");
    expect(await Promise.all(readers)).toEqual(Array(25).fill("page"));
  });

  it("readers who come after a write wait for one computation that started after them", async () => {
    const cache = new ReadCache(10);
    cache.enabled = true;
    const list = controlled();
    const before = cache.get("posts.list hot", ["posts"], list.compute);
    list.write(cache);
    // The running computation may not show the write: these readers must not get its answer, and
    // however many come (and however many writes land meanwhile) only one more computation waits.
    const after = Array.from({ length: 10 }, () => cache.get("posts.list hot", ["posts"], list.compute));
    list.write(cache);
    after.push(cache.get("posts.list hot", ["posts"], list.compute));
    expect(list.started).toHaveLength(1);

    list.started[0]?.finish("old page");
    expect(await before).toBe("old page");
    await settle();
    expect(list.started).toHaveLength(2);
    expect(list.started[1]?.sawVersion).toBe(2);
    list.started[1]?.finish("new page");
    expect(await Promise.all(after)).toEqual(Array(11).fill("new page"));

    // Current now: kept, no computation.
    expect(await cache.get("posts.list hot", ["posts"], list.compute)).toBe("new page");
    expect(list.started).toHaveLength(2);
  });

  it("a write within one post keeps the other posts' scoped answers and drops the unscoped ones", async () => {
    const cache = new ReadCache(10);
    cache.enabled = true;
    let runs = 0;
    const compute = async () => ++runs;
    const scopeOf = (id: number) => ({ kinds: ["replies", "votes"] as const, id: `post:${id}` });
    const kinds = ["replies", "votes", "users"] as const;
    const readPage = (id: number) => cache.get(`replies.byPost ${id}`, kinds, compute, undefined, scopeOf(id));
    const readList = () => cache.get("posts.list", ["posts", "replies"], compute);
    const [seven, nine, list] = [await readPage(7), await readPage(9), await readList()];

    cache.invalidate(["replies"], ["post:7", "category:3"]);
    expect(await readPage(9)).toBe(nine);
    expect(await readPage(7)).not.toBe(seven);
    expect(await readList()).not.toBe(list);

    // A write of a kind the scope does not cover, or without a scope, drops every page.
    const nineAgain = await readPage(9);
    cache.invalidate(["users"], ["post:7"]);
    expect(await readPage(9)).not.toBe(nineAgain);
    const nineOnceMore = await readPage(9);
    cache.invalidate(["votes"]);
    expect(await readPage(9)).not.toBe(nineOnceMore);
  });
});
