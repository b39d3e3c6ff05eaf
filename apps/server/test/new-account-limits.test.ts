// New accounts post slowly in their first day: 3 posts and 10 replies an hour; admins and
// moderators are exempt. Limits on, on the test's clock.
import { THROTTLES } from "@forum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, insertCategory, insertPost, insertUser, signedIn, startForum, type TestForum } from "./harness";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let now = Date.now();
let forum: TestForum;
let categoryId: number;
let postId: number;
beforeAll(async () => {
  forum = await startForum({ rateLimits: true, clock: () => now });
  categoryId = await insertCategory(forum.db, "Limits");
  const author = await insertUser(forum.db);
  postId = (await insertPost(forum.db, { authorId: author.id, categoryId })).id;
});
afterAll(() => forum.close());

const post = (member: Client, n: number) =>
  member.post("/api/posts", { title: `Post ${n}`, content: "Body", categoryId });
const reply = (member: Client, n: number) => member.post(`/api/posts/${postId}/replies`, { content: `Reply ${n}` });

async function countRows(table: "posts" | "replies", authorId: number) {
  const rows = await forum.db.selectFrom(table).select("id").where("authorId", "=", authorId).execute();
  return rows.length;
}

describe("a member in their first day", () => {
  it("starts 3 posts an hour; the 4th is 429 saying when they may post again", async () => {
    const member = await signedIn(forum, { createdAt: now - HOUR });
    for (let n = 0; n < THROTTLES.newAccountPosts.limit; n++) expect((await post(member, n)).status).toBe(201);
    now += 20 * MINUTE;
    const refused = await post(member, 4);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: "New accounts can start 3 posts an hour during their first day. You can post again in 40 minutes.",
    });
    expect(refused.headers["retry-after"]).toBe("2400");
    expect(await countRows("posts", member.user.id)).toBe(3);
    // The hour since the first post passes: three more.
    now += 40 * MINUTE;
    expect((await post(member, 5)).status).toBe(201);
  });

  it("posts 10 replies an hour; the 11th is 429", async () => {
    const member = await signedIn(forum, { createdAt: now });
    for (let n = 0; n < THROTTLES.newAccountReplies.limit; n++) expect((await reply(member, n)).status).toBe(201);
    const refused = await reply(member, 11);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      "New accounts can post 10 replies an hour during their first day. You can reply again in 60 minutes.",
    );
    expect(refused.headers["retry-after"]).toBe("3600");
    expect(await countRows("replies", member.user.id)).toBe(10);
    // Posts have their own count.
    expect((await post(member, 1)).status).toBe(201);
  });

  it("is refused through the tRPC door too", async () => {
    const member = await signedIn(forum, { createdAt: now });
    for (let n = 0; n < 3; n++) expect((await post(member, n)).status).toBe(201);
    const response = await forum.app.inject({
      method: "POST",
      url: "/trpc/posts.create",
      payload: { title: "Through tRPC", content: "Body", categoryId },
      headers: { cookie: member.jar.cookie as string },
    });
    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBe("3600");
    expect(response.json().error.message).toMatch(/You can post again in 60 minutes\.$/);
  });

  it("a post that fails (an unknown category) does not count", async () => {
    const member = await signedIn(forum, { createdAt: now });
    const missing = await member.post("/api/posts", { title: "Nowhere", content: "Body", categoryId: 99_999 });
    expect(missing.status).toBe(400);
    for (let n = 0; n < 3; n++) expect((await post(member, n)).status).toBe(201);
    expect((await post(member, 4)).status).toBe(429);
  });
});

describe("who is not limited", () => {
  it("an account older than a day", async () => {
    const member = await signedIn(forum, { createdAt: now - 25 * HOUR });
    for (let n = 0; n < 5; n++) expect((await post(member, n)).status).toBe(201);
    for (let n = 0; n < 12; n++) expect((await reply(member, n)).status).toBe(201);
  });

  it("a new account once its first day is over", async () => {
    const member = await signedIn(forum, { createdAt: now });
    for (let n = 0; n < 3; n++) expect((await post(member, n)).status).toBe(201);
    expect((await post(member, 4)).status).toBe(429);
    now += 24 * HOUR;
    expect((await post(member, 5)).status).toBe(201);
  });

  it.each(["admin", "moderator"] as const)("a new %s", async (role) => {
    const staff = await signedIn(forum, { role, createdAt: now });
    for (let n = 0; n < 5; n++) expect((await post(staff, n)).status).toBe(201);
    for (let n = 0; n < 12; n++) expect((await reply(staff, n)).status).toBe(201);
  });

  it("anyone, when FORUM_RATE_LIMITS=off", async () => {
    const unlimited = await startForum({ rateLimits: false });
    try {
      const category = await insertCategory(unlimited.db, "Unlimited");
      const member = await signedIn(unlimited);
      for (let n = 0; n < 5; n++) {
        const res = await member.post("/api/posts", { title: `Free ${n}`, content: "Body", categoryId: category });
        expect(res.status).toBe(201);
      }
    } finally {
      await unlimited.close();
    }
  });
});

describe("GET /api/admin/limits", () => {
  it("tells admins the limits and that they are on; members get 403", async () => {
    const admin = await signedIn(forum, { role: "admin" });
    const res = await admin.get("/api/admin/limits");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enabled: true, newAccountPeriodMs: 24 * HOUR, throttles: THROTTLES });
    expect(res.body.throttles.newAccountPosts).toEqual({ name: "new-account-posts", limit: 3, windowMs: HOUR });
    const member = await signedIn(forum);
    expect((await member.get("/api/admin/limits")).status).toBe(403);
  });

  it("says off when FORUM_RATE_LIMITS=off", async () => {
    const unlimited = await startForum({ rateLimits: false });
    try {
      const admin = await signedIn(unlimited, { role: "admin" });
      expect((await admin.get("/api/admin/limits")).body.enabled).toBe(false);
    } finally {
      await unlimited.close();
    }
  });
});
