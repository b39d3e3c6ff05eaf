// Two app instances on one PostgreSQL, as behind a load balancer: every instance sees every write,
// and nothing is lost or answers 500 when members do the same thing at once on both.
import { hotScore } from "@forum/db";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ForumApp } from "../../src/app";
import { client, insertCategory, insertUser, signedIn, startForum, type TestForum } from "../harness";
import { requireWebBuild } from "../webBuild";

let forum: TestForum;
let a: ForumApp;
let b: ForumApp;
let categoryId: number;

beforeAll(async () => {
  forum = await startForum();
  a = forum.app;
  b = await forum.startInstance();
  categoryId = await insertCategory(forum.db, "Scale");
  await listening(b);
});
afterAll(() => forum.close());

/** Waits until an instance's read cache is on, i.e. it hears the other instances' writes. */
async function listening(app: ForumApp) {
  await vi.waitFor(() => expect(app.services.readCache.enabled).toBe(true), { timeout: 10_000, interval: 10 });
}

/**
 * Resolves once `app` has heard every write committed so far. PostgreSQL delivers notifications
 * in commit order, so once `app` hears a write made now through the other instance's connection
 * (the ad settings, which no test here writes otherwise), it has heard every earlier one.
 */
async function caughtUp(app: ForumApp): Promise<void> {
  const cache = app.services.readCache;
  const invalidate = cache.invalidate.bind(cache);
  let heard = false;
  cache.invalidate = (kinds, ...rest) => {
    if (kinds.includes("adSettings")) heard = true;
    invalidate(kinds, ...rest);
  };
  try {
    const writer = (app === a ? b : a).services.db;
    await sql`update "adSettings" set "adsBetweenPosts" = "adsBetweenPosts"`.execute(writer);
    await vi.waitFor(() => expect(heard).toBe(true), { timeout: 10_000, interval: 5 });
  } finally {
    cache.invalidate = invalidate;
  }
}

/** The kinds of data other instances' writes made `app` drop while `work` ran (all of them heard). */
async function kindsHeardBy(app: ForumApp, work: () => Promise<unknown>): Promise<string[]> {
  const cache = app.services.readCache;
  const heard = new Set<string>();
  const invalidate = cache.invalidate.bind(cache);
  cache.invalidate = (kinds, ...rest) => {
    for (const kind of kinds) heard.add(kind);
    invalidate(kinds, ...rest);
  };
  try {
    await work();
    await caughtUp(app);
  } finally {
    cache.invalidate = invalidate;
  }
  heard.delete("adSettings"); // caughtUp's own
  return [...heard].sort();
}

/** A member signed in through instance `app` (the session is in the database, good on both). */
async function memberOn(app: ForumApp) {
  const user = await insertUser(forum.db);
  const browser = client(app);
  const login = await browser.post("/api/login", { username: user.username, password: user.password });
  expect(login.status).toBe(200);
  return Object.assign(browser, { user });
}

describe("two instances on one PostgreSQL", () => {
  it("a post written on one is read on the other once it hears of the write, though the other had the list cached", async () => {
    const visitorOnB = client(b);
    const before = await visitorOnB.get("/api/posts?sortBy=new");
    expect(before.status).toBe(200);
    await visitorOnB.get("/api/posts?sortBy=new"); // answered from B's cache now

    const author = await signedIn(forum);
    const created = await author.post("/api/posts", { title: "Written on A", content: "Hello B", categoryId });
    expect(created.status).toBe(201);
    await caughtUp(b);

    const after = await visitorOnB.get("/api/posts?sortBy=new");
    expect(after.body.map((post: { title: string }) => post.title)).toContain("Written on A");
    const page = await client(b).get(`/api/posts/${created.body.slug}`);
    expect(page.status).toBe(200);
    expect(page.body.content).toBe("Hello B");
  });

  it("a search cached on one finds a post written on the other; a reply there raises the bell's count here", async () => {
    const visitorOnB = client(b);
    expect((await visitorOnB.get("/api/search?q=quetzal")).body).toEqual([]); // cached on B now
    const replierOnB = await memberOn(b);
    const created = await (await memberOn(a)).post("/api/posts", { title: "Quetzal", content: "Bird", categoryId });
    expect(created.status).toBe(201);
    await caughtUp(b);
    expect((await visitorOnB.get("/api/search?q=quetzal")).body.map((p: { id: number }) => p.id)).toEqual([
      created.body.id,
    ]);

    const op = await memberOn(a);
    const topic = await op.post("/api/posts", { title: "Bell across instances", content: "Body", categoryId });
    expect((await op.get("/api/notifications/unread-count")).body).toEqual({ count: 0 });
    expect((await replierOnB.post(`/api/posts/${topic.body.id}/replies`, { content: "From B" })).status).toBe(201);
    expect((await op.get("/api/notifications/unread-count")).body).toEqual({ count: 1 });
  });

  it("a session made on one instance is valid on the other", async () => {
    const member = await memberOn(a);
    const onB = client(b, member.jar.cookie);
    const me = await onB.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(member.user.username);
  });

  it("100 members voting at once on both instances leave exactly 100 upvotes and a true hot score", async () => {
    const author = await signedIn(forum);
    const post = (await author.post("/api/posts", { title: "Vote on me", content: "Please", categoryId })).body;
    const voters = await Promise.all(Array.from({ length: 100 }, (_, index) => memberOn(index % 2 ? a : b)));
    const answers = await Promise.all(
      voters.map((voter) => voter.post("/api/votes", { type: "upvote", postId: post.id })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(200));

    const row = await forum.db
      .selectFrom("posts")
      .select(["upvotes", "downvotes", "score", "hotScore", "createdAt"])
      .where("id", "=", post.id)
      .executeTakeFirstOrThrow();
    const stored = await forum.db
      .selectFrom("votes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("postId", "=", post.id)
      .executeTakeFirstOrThrow();
    expect(stored.n).toBe(100);
    expect(row.upvotes).toBe(100);
    expect(row.score).toBe(100);
    expect(row.hotScore).toBeCloseTo(hotScore(100, 0, row.createdAt), 9);
    await caughtUp(a);
    await caughtUp(b);
    for (const app of [a, b]) expect((await client(app).get(`/api/posts/${post.slug}`)).body.votes).toBe(100);
  });

  it("a double click on both instances counts one vote", async () => {
    const author = await signedIn(forum);
    const post = (await author.post("/api/posts", { title: "Double click", content: "Twice", categoryId })).body;
    const member = await memberOn(a);
    const onB = client(b, member.jar.cookie);
    const answers = await Promise.all([
      member.post("/api/votes", { type: "upvote", postId: post.id }),
      onB.post("/api/votes", { type: "upvote", postId: post.id }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const row = await forum.db
      .selectFrom("posts")
      .select("upvotes")
      .where("id", "=", post.id)
      .executeTakeFirstOrThrow();
    // The second click took the first back, as one click after another would.
    expect(row.upvotes).toBe(0);
  });

  it("ten posts with the same title at once all succeed with distinct slugs", async () => {
    const authors = await Promise.all(Array.from({ length: 10 }, (_, index) => memberOn(index % 2 ? a : b)));
    const answers = await Promise.all(
      authors.map((author) => author.post("/api/posts", { title: "Same title", content: "Race", categoryId })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    const slugs = answers.map((answer) => answer.body.slug as string);
    expect(new Set(slugs).size).toBe(10);
    expect(slugs).toContain("same-title");
    const category = await forum.db
      .selectFrom("categories")
      .select("postCount")
      .where("id", "=", categoryId)
      .executeTakeFirstOrThrow();
    const counted = await forum.db
      .selectFrom("posts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("categoryId", "=", categoryId)
      .executeTakeFirstOrThrow();
    expect(category.postCount).toBe(counted.n);
  });

  it("parallel registrations of one username give one 201 and 409s", async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        client(index % 2 ? a : b).post("/api/register", {
          username: "racer",
          email: `racer${index}@example.com`,
          password: "a long password",
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((x) => x.status === 409)) expect(answer.body.message).toBeTruthy();
  });

  it("two admins demoting each other at once leave one admin", async () => {
    const first = await signedIn(forum, { role: "admin" });
    const second = await signedIn(forum, { role: "admin" });
    // Only these two may be admins for the rule to bite.
    await forum.db
      .updateTable("users")
      .set({ role: "user" })
      .where("role", "=", "admin")
      .where("id", "not in", [first.user.id, second.user.id])
      .execute();
    const onB = client(b, second.jar.cookie);
    const demote = (user: { username: string }) => ({
      username: user.username,
      email: `${user.username}@example.com`,
      role: "user",
    });
    const answers = await Promise.all([
      first.put(`/api/admin/users/${second.user.id}`, demote(second.user)),
      onB.put(`/api/admin/users/${first.user.id}`, demote(first.user)),
    ]);
    const admins = await forum.db.selectFrom("users").select("id").where("role", "=", "admin").execute();
    expect(admins).toHaveLength(1);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it("while the write notifications are cut, nothing stale is served; caching resumes when they are back", async () => {
    const visitorOnB = client(b);
    await visitorOnB.get("/api/posts?sortBy=new");
    await visitorOnB.get("/api/posts?sortBy=new"); // cached on B
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and application_name like 'forum-%-listen'`.execute(forum.db);
    await vi.waitFor(() => expect(b.services.readCache.enabled).toBe(false), { timeout: 5_000, interval: 10 });
    // Written on A while B cannot hear about it: B must read it at once, from the database.
    const author = await signedIn(forum);
    const created = await author.post("/api/posts", { title: "Written while cut off", content: "x", categoryId });
    expect(created.status).toBe(201);
    const during = await visitorOnB.get("/api/posts?sortBy=new");
    expect(during.body.map((post: { title: string }) => post.title)).toContain("Written while cut off");

    await listening(b);
    await listening(a);
    await visitorOnB.get("/api/posts?sortBy=new");
    const next = await author.post("/api/posts", { title: "Written after reconnecting", content: "x", categoryId });
    expect(next.status).toBe(201);
    await caughtUp(b);
    const after = await visitorOnB.get("/api/posts?sortBy=new");
    expect(after.body.map((post: { title: string }) => post.title)).toContain("Written after reconnecting");
  });

  it("the other instance drops only what a write's kind touches: votes, views, an edit", async () => {
    const author = await signedIn(forum);
    const voter = await signedIn(forum);
    const post = (await author.post("/api/posts", { title: "Kinds across", content: "Body", categoryId })).body;
    await caughtUp(b);
    const heard = await kindsHeardBy(b, async () => {
      expect((await voter.post("/api/votes", { type: "upvote", postId: post.id })).status).toBe(200);
    });
    expect(heard).toEqual(["votes"]);

    await client(a).get(`/api/posts/${post.slug}`);
    expect(await kindsHeardBy(b, () => a.services.views.flush())).toEqual(["views"]);
    expect(
      await kindsHeardBy(b, async () => {
        const edit = { title: "Kinds across", content: "Edited", categoryId };
        expect((await author.put(`/api/posts/${post.id}`, edit)).status).toBe(200);
      }),
    ).toContain("posts");
    // And what it drops it reads again: B shows the vote and the edit.
    const onB = (await client(b).get(`/api/posts/${post.slug}`)).body;
    expect(onB).toMatchObject({ votes: 1, content: "Edited" });
  });

  it("a site renamed on one: the other's kept answer and kept page show the new name once it hears the write", async () => {
    // An instance that renders pages, on the same database.
    const pages = await forum.startInstance({ webDistDir: requireWebBuild() });
    await listening(pages);
    const home = async () => (await pages.inject({ method: "GET", url: "/" })).body;
    for (let i = 0; i < 2; i++) {
      expect((await client(b).get("/api/site")).body.name).toBe("Tech Forum");
      expect(await home()).toContain("<title>Latest Discussions - Tech Forum</title>");
    }
    const admin = await signedIn(forum, { role: "admin" });
    const heard = await kindsHeardBy(pages, async () => {
      expect((await admin.post("/api/site", { name: "Scaled Forum" })).status).toBe(200);
    });
    expect(heard).toEqual(["site"]);
    await caughtUp(b);
    expect((await client(b).get("/api/site")).body.name).toBe("Scaled Forum");
    expect(await home()).toContain("<title>Latest Discussions - Scaled Forum</title>");
    expect((await admin.post("/api/site", { name: "Tech Forum" })).status).toBe(200);
  });

  it("views counted on both instances add up", async () => {
    const author = await signedIn(forum);
    const post = (await author.post("/api/posts", { title: "Viewed twice", content: "Look", categoryId })).body;
    for (let i = 0; i < 3; i++) await client(a).get(`/api/posts/${post.slug}`);
    for (let i = 0; i < 4; i++) await client(b).get(`/api/posts/${post.slug}`);
    await a.services.views.flush();
    await b.services.views.flush();
    const row = await forum.db.selectFrom("posts").select("views").where("id", "=", post.id).executeTakeFirstOrThrow();
    expect(row.views).toBe(7);
  });
});
