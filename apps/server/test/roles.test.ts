// The role matrix over the REST route table: visitors, banned members and members against
// every write path (and every admin path), with the database checked unchanged afterwards.
import { publicSessionId } from "@forum/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "../src/rest/routes";
import { client, insertCategory, insertPost, insertUser, signedIn, startForum, type TestForum } from "./harness";
import { multipartBody, ONE_PIXEL_PNG } from "./multipart";

type Browser = ReturnType<typeof client>;
type Method = "GET" | "POST" | "PUT" | "DELETE";

const NOT_SIGNED_IN = "You must be logged in to do that";
const ADMIN_ONLY = "Only administrators can do that";
const BANNED = "Your account has been banned. Contact an administrator if you think this is a mistake.";

/** Whose objects a call acts on: the caller's own (so only the role can refuse it), or a third party's. */
type Fixture = {
  categoryId: number;
  adId: number;
  targetUserId: number;
  own: { userId: number; postId: number; replyId: number; password: string; tokenId: number; sessionId: string };
  /** An API token of the third party's. */
  targetTokenId: number;
};

type Row = {
  method: Method;
  /** The route's url exactly as routes.ts spells it. */
  url: string;
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** A multipart body (an upload) instead of JSON. */
  form?: () => Promise<{ body: Buffer; contentType: string }>;
  admin?: boolean;
  /** For moderators and admins (content moderation). */
  moderator?: boolean;
  /** Open to visitors by design. */
  public?: boolean;
};

const ROWS: Row[] = [
  {
    method: "POST",
    url: "/api/login",
    public: true,
    path: () => "/api/login",
    body: () => ({ username: "x", password: "y" }),
  },
  {
    method: "POST",
    url: "/api/register",
    public: true,
    path: () => "/api/register",
    body: () => ({ username: "x", password: "y" }),
  },
  { method: "POST", url: "/api/logout", path: () => "/api/logout" },
  {
    method: "POST",
    url: "/api/login/second-step",
    public: true,
    path: () => "/api/login/second-step",
    body: () => ({ challenge: "no-such-challenge", code: "123456" }),
  },
  { method: "POST", url: "/api/users/me/two-step/setup", path: () => "/api/users/me/two-step/setup" },
  {
    method: "POST",
    url: "/api/users/me/two-step/enable",
    path: () => "/api/users/me/two-step/enable",
    body: () => ({ code: "000000" }),
  },
  {
    method: "POST",
    url: "/api/users/me/two-step/disable",
    path: () => "/api/users/me/two-step/disable",
    body: () => ({ password: "not the password" }),
  },
  {
    method: "POST",
    url: "/api/users/me/delete",
    path: () => "/api/users/me/delete",
    body: () => ({ password: "not the password", content: "keep" }),
  },
  {
    method: "POST",
    url: "/api/password/forgot",
    public: true,
    path: () => "/api/password/forgot",
    body: () => ({ login: "nobody-here" }),
  },
  {
    method: "POST",
    url: "/api/password/reset",
    public: true,
    path: () => "/api/password/reset",
    body: () => ({ token: "forum_reset_unknown", password: "a-new-password-1" }),
  },
  {
    method: "POST",
    url: "/api/email/confirm",
    public: true,
    path: () => "/api/email/confirm",
    body: () => ({ token: "forum_confirm_unknown" }),
  },
  { method: "POST", url: "/api/email/resend", path: () => "/api/email/resend" },
  { method: "DELETE", url: "/api/email/pending", path: () => "/api/email/pending" },
  {
    method: "POST",
    url: "/api/email/unsubscribe",
    public: true,
    path: () => "/api/email/unsubscribe",
    body: () => ({ token: "forum_unsubscribe_unknown" }),
  },
  {
    method: "PUT",
    url: "/api/auth/change-password",
    path: () => "/api/auth/change-password",
    body: (f) => ({ currentPassword: f.own.password, newPassword: "a-new-password-1" }),
  },
  {
    method: "PUT",
    url: "/api/users/:id",
    path: (f) => `/api/users/${f.own.userId}`,
    body: () => ({ bio: "changed", firstName: "Changed" }),
  },
  {
    method: "PUT",
    url: "/api/users/me/preferences",
    path: () => "/api/users/me/preferences",
    body: () => ({ weeklyDigest: true }),
  },
  {
    method: "POST",
    url: "/api/users/me/avatar",
    path: () => "/api/users/me/avatar",
    form: () => multipartBody({ avatar: { name: "me.png", bytes: ONE_PIXEL_PNG } }),
  },
  { method: "DELETE", url: "/api/users/me/avatar", path: () => "/api/users/me/avatar" },
  {
    method: "POST",
    url: "/api/users/me/tokens",
    path: () => "/api/users/me/tokens",
    body: () => ({ name: "Matrix", scope: "read", expiresInDays: "30" }),
  },
  { method: "DELETE", url: "/api/users/me/tokens/:id", path: (f) => `/api/users/me/tokens/${f.own.tokenId}` },
  { method: "DELETE", url: "/api/users/me/sessions/:id", path: (f) => `/api/users/me/sessions/${f.own.sessionId}` },
  { method: "DELETE", url: "/api/users/me/other-sessions", path: () => "/api/users/me/other-sessions" },
  { method: "POST", url: "/api/users/me/data-export", path: () => "/api/users/me/data-export" },
  {
    method: "POST",
    url: "/api/notifications/read",
    path: () => "/api/notifications/read",
    body: () => ({}),
  },
  {
    method: "POST",
    url: "/api/posts/:id/read",
    path: (f) => `/api/posts/${f.own.postId}/read`,
    body: (f) => ({ upTo: f.own.replyId }),
  },
  { method: "POST", url: "/api/read/all", path: () => "/api/read/all" },
  {
    method: "POST",
    url: "/api/categories",
    admin: true,
    path: () => "/api/categories",
    body: () => ({ name: "Matrix Category", description: "made by the matrix" }),
  },
  {
    method: "PUT",
    url: "/api/categories/:id",
    admin: true,
    path: (f) => `/api/categories/${f.categoryId}`,
    body: () => ({ name: "Renamed by matrix", description: "x" }),
  },
  { method: "DELETE", url: "/api/categories/:id", admin: true, path: (f) => `/api/categories/${f.categoryId}` },
  {
    method: "POST",
    url: "/api/posts",
    path: () => "/api/posts",
    body: (f) => ({ title: "Matrix post", content: "Matrix content", categoryId: f.categoryId }),
  },
  {
    method: "PUT",
    url: "/api/posts/:id",
    path: (f) => `/api/posts/${f.own.postId}`,
    body: (f) => ({ title: "Edited", content: "Edited content", categoryId: f.categoryId }),
  },
  { method: "DELETE", url: "/api/posts/:id", path: (f) => `/api/posts/${f.own.postId}` },
  {
    method: "POST",
    url: "/api/posts/:postId/replies",
    path: (f) => `/api/posts/${f.own.postId}/replies`,
    body: () => ({ content: "Matrix reply" }),
  },
  {
    method: "PUT",
    url: "/api/replies/:id",
    path: (f) => `/api/replies/${f.own.replyId}`,
    body: () => ({ content: "Edited reply" }),
  },
  { method: "DELETE", url: "/api/replies/:id", path: (f) => `/api/replies/${f.own.replyId}` },
  {
    method: "POST",
    url: "/api/votes",
    path: () => "/api/votes",
    body: (f) => ({ type: "upvote", postId: f.own.postId }),
  },
  {
    method: "POST",
    url: "/api/reports",
    path: () => "/api/reports",
    body: (f) => ({ postId: f.own.postId, reason: "Spam" }),
  },
  { method: "GET", url: "/api/admin/reports", moderator: true, path: () => "/api/admin/reports" },
  { method: "GET", url: "/api/admin/reports/count", moderator: true, path: () => "/api/admin/reports/count" },
  {
    method: "POST",
    url: "/api/admin/reports/resolve",
    moderator: true,
    path: () => "/api/admin/reports/resolve",
    body: (f) => ({ postId: f.own.postId, action: "delete" }),
  },
  {
    method: "POST",
    url: "/api/ads",
    admin: true,
    path: () => "/api/ads",
    body: () => ({ title: "Matrix ad", content: "Buy" }),
  },
  {
    method: "PUT",
    url: "/api/ads/:id",
    admin: true,
    path: (f) => `/api/ads/${f.adId}`,
    body: () => ({ title: "Edited ad", content: "Edited", active: false }),
  },
  { method: "DELETE", url: "/api/ads/:id", admin: true, path: (f) => `/api/ads/${f.adId}` },
  {
    method: "POST",
    url: "/api/ads/:id/track",
    public: true,
    path: (f) => `/api/ads/${f.adId}/track`,
    body: () => ({ type: "click" }),
  },
  {
    method: "POST",
    url: "/api/ad-settings",
    admin: true,
    path: () => "/api/ad-settings",
    body: () => ({ enableAds: true, adsensePubId: "ca-pub-matrix", adsBetweenPosts: 9 }),
  },
  {
    method: "POST",
    url: "/api/forum-settings",
    admin: true,
    path: () => "/api/forum-settings",
    // Left off: the members of this file have unconfirmed addresses and post after it.
    body: () => ({ requireConfirmedEmail: false }),
  },
  {
    method: "POST",
    url: "/api/site",
    admin: true,
    path: () => "/api/site",
    body: () => ({ name: "Renamed by the matrix" }),
  },
  {
    method: "POST",
    url: "/api/site/logo",
    admin: true,
    path: () => "/api/site/logo",
    form: () => multipartBody({ logo: { name: "logo.png", bytes: ONE_PIXEL_PNG } }),
  },
  { method: "DELETE", url: "/api/site/logo", admin: true, path: () => "/api/site/logo" },
  { method: "GET", url: "/api/admin/stats", admin: true, path: () => "/api/admin/stats" },
  {
    method: "GET",
    url: "/api/admin/users/:userId/tokens",
    admin: true,
    path: (f) => `/api/admin/users/${f.targetUserId}/tokens`,
  },
  { method: "DELETE", url: "/api/admin/tokens/:id", admin: true, path: (f) => `/api/admin/tokens/${f.targetTokenId}` },
  { method: "GET", url: "/api/admin/activity", admin: true, path: () => "/api/admin/activity" },
  { method: "GET", url: "/api/admin/recent-users", admin: true, path: () => "/api/admin/recent-users" },
  { method: "GET", url: "/api/admin/recent-posts", admin: true, path: () => "/api/admin/recent-posts" },
  { method: "GET", url: "/api/admin/users", admin: true, path: () => "/api/admin/users" },
  { method: "GET", url: "/api/admin/user-stats", admin: true, path: () => "/api/admin/user-stats" },
  { method: "GET", url: "/api/admin/limits", admin: true, path: () => "/api/admin/limits" },
  { method: "GET", url: "/api/admin/mail/status", admin: true, path: () => "/api/admin/mail/status" },
  { method: "GET", url: "/api/admin/mail", admin: true, path: () => "/api/admin/mail" },
  {
    method: "POST",
    url: "/api/admin/mail/test",
    admin: true,
    path: () => "/api/admin/mail/test",
    body: () => ({ to: "matrix@example.org" }),
  },
  { method: "POST", url: "/api/admin/mail/:id/retry", admin: true, path: () => "/api/admin/mail/1/retry" },
  { method: "GET", url: "/api/admin/staff-log", admin: true, path: () => "/api/admin/staff-log" },
  { method: "GET", url: "/api/admin/staff-log/actors", admin: true, path: () => "/api/admin/staff-log/actors" },
  { method: "GET", url: "/api/admin/webhooks", admin: true, path: () => "/api/admin/webhooks" },
  {
    method: "POST",
    url: "/api/admin/webhooks",
    admin: true,
    path: () => "/api/admin/webhooks",
    body: () => ({ url: "https://hooks.example.com/matrix", events: ["post.created"] }),
  },
  {
    method: "PUT",
    url: "/api/admin/webhooks/:id",
    admin: true,
    path: () => "/api/admin/webhooks/1",
    body: () => ({ enabled: false }),
  },
  { method: "DELETE", url: "/api/admin/webhooks/:id", admin: true, path: () => "/api/admin/webhooks/1" },
  { method: "POST", url: "/api/admin/webhooks/:id/test", admin: true, path: () => "/api/admin/webhooks/1/test" },
  {
    method: "GET",
    url: "/api/admin/webhooks/:id/deliveries",
    admin: true,
    path: () => "/api/admin/webhooks/1/deliveries",
  },
  {
    method: "POST",
    url: "/api/admin/webhook-deliveries/:id/redeliver",
    admin: true,
    path: () => "/api/admin/webhook-deliveries/1/redeliver",
  },
  { method: "GET", url: "/api/admin/backups", admin: true, path: () => "/api/admin/backups" },
  { method: "POST", url: "/api/admin/backups", admin: true, path: () => "/api/admin/backups" },
  {
    method: "GET",
    url: "/api/admin/mail/digest-schedule",
    admin: true,
    path: () => "/api/admin/mail/digest-schedule",
  },
  {
    method: "PUT",
    url: "/api/admin/mail/digest-schedule",
    admin: true,
    path: () => "/api/admin/mail/digest-schedule",
    body: () => ({ digestWeekday: 3, digestHour: 18 }),
  },
  {
    method: "POST",
    url: "/api/admin/users/:id/reset-link",
    admin: true,
    path: (f) => `/api/admin/users/${f.targetUserId}/reset-link`,
  },
  {
    method: "PUT",
    url: "/api/admin/users/:id",
    admin: true,
    path: (f) => `/api/admin/users/${f.targetUserId}`,
    body: (f) => ({ username: `renamed-${f.targetUserId}`, email: "renamed@example.com", role: "admin" }),
  },
  {
    method: "PUT",
    url: "/api/admin/users/:id/ban",
    admin: true,
    path: (f) => `/api/admin/users/${f.targetUserId}/ban`,
    body: () => ({ banned: true }),
  },
  {
    method: "DELETE",
    url: "/api/admin/users/:id",
    admin: true,
    path: (f) => `/api/admin/users/${f.targetUserId}`,
  },
  { method: "POST", url: "/api/bulk-upload", admin: true, path: () => "/api/bulk-upload", body: () => ({}) },
];

const WRITES = ROWS.filter((row) => row.method !== "GET");
const PROTECTED_WRITES = WRITES.filter((row) => !row.public);
const ADMIN_CALLS = ROWS.filter((row) => row.admin);
const MODERATOR_CALLS = ROWS.filter((row) => row.moderator);
const MODERATORS_ONLY = "Only moderators and administrators can do that";
const label = (row: Row) => `${row.method} ${row.url}`;

let forum: TestForum;

beforeAll(async () => {
  forum = await startForum();
  await signedIn(forum, { role: "admin" });
});
afterAll(() => forum.close());

/** A member with a post and a reply of their own, signed in. */
async function memberWithContent(password = "member-password-1", role: "user" | "moderator" = "user") {
  const member = await signedIn(forum, { password, role });
  const categoryId = await insertCategory(forum.db);
  const post = await insertPost(forum.db, { authorId: member.user.id, categoryId });
  const reply = await member.post(`/api/posts/${post.id}/replies`, { content: "My own reply" });
  if (reply.status !== 201) throw new Error(`reply failed: ${reply.status}`);
  return { member, categoryId, postId: post.id, replyId: reply.body.id as number, password };
}

async function fixtureFor(owner: Awaited<ReturnType<typeof memberWithContent>>): Promise<Fixture> {
  const ad = await forum.db
    .insertInto("advertisements")
    .values({
      title: "Matrix fixture ad",
      content: "content",
      type: "custom",
      placement: "sidebar",
      dimensions: null,
      active: 1,
      createdAt: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const target = await insertUser(forum.db);
  const token = (userId: number) =>
    forum.db
      .insertInto("api_tokens")
      .values({
        userId,
        name: "Matrix",
        scope: "read",
        tokenHash: `matrix-${userId}-${Math.random()}`,
        createdAt: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  const own = await token(owner.member.user.id);
  return {
    categoryId: owner.categoryId,
    adId: ad.id,
    targetUserId: target.id,
    targetTokenId: (await token(target.id)).id,
    own: {
      userId: owner.member.user.id,
      postId: owner.postId,
      replyId: owner.replyId,
      password: owner.password,
      tokenId: own.id,
      // Another browser's session of the owner's.
      sessionId: publicSessionId(await secondSessionOf(owner.member.user.id)),
    },
  };
}

async function secondSessionOf(userId: number): Promise<string> {
  const id = `matrix-session-${userId}-${Math.random()}`;
  await forum.db
    .insertInto("sessions")
    .values({ id, userId, expiresAt: Date.now() + 60_000, createdAt: Date.now(), userAgent: null, lastSeenAt: null })
    .execute();
  return id;
}

/** Everything a call could change, sessions aside. */
async function snapshot() {
  const db = forum.db;
  return {
    users: await db.selectFrom("users").selectAll().orderBy("id").execute(),
    categories: await db.selectFrom("categories").selectAll().orderBy("id").execute(),
    posts: await db.selectFrom("posts").selectAll().orderBy("id").execute(),
    replies: await db.selectFrom("replies").selectAll().orderBy("id").execute(),
    votes: await db.selectFrom("votes").selectAll().orderBy("id").execute(),
    advertisements: await db.selectFrom("advertisements").selectAll().orderBy("id").execute(),
    adSettings: await db.selectFrom("adSettings").selectAll().execute(),
    notifications: await db.selectFrom("notifications").selectAll().orderBy("id").execute(),
    reports: await db.selectFrom("reports").selectAll().orderBy("id").execute(),
    avatars: await db.selectFrom("avatars").select(["userId", "hash"]).orderBy("userId").execute(),
    mailSettings: await db.selectFrom("mail_settings").selectAll().execute(),
    apiTokens: await db.selectFrom("api_tokens").selectAll().orderBy("id").execute(),
    dataExports: await db.selectFrom("data_exports").select(["id", "userId", "state"]).orderBy("id").execute(),
    site: await db.selectFrom("site_settings").select(["name", "description", "contact", "logoHash"]).execute(),
  };
}

async function send(browser: Browser, row: Row, fixture: Fixture) {
  const path = row.path(fixture);
  const body = row.body?.(fixture);
  switch (row.method) {
    case "GET":
      return browser.get(path);
    case "POST": {
      if (!row.form) return browser.post(path, body);
      const form = await row.form();
      return browser.post(path, form.body, { "content-type": form.contentType });
    }
    case "PUT":
      return browser.put(path, body);
    case "DELETE":
      return browser.del(path);
  }
}

describe("the route table", () => {
  it("has a row here for every write path and every admin path in routes.ts", () => {
    const mine = new Set(ROWS.map(label));
    const needed = restRoutes
      .filter((route) => route.method !== "GET" || route.url.startsWith("/api/admin/"))
      .map((route) => `${route.method} ${route.url}`);
    expect(needed.filter((name) => !mine.has(name))).toEqual([]);
    const known = new Set(restRoutes.map((route) => `${route.method} ${route.url}`));
    expect([...mine].filter((name) => !known.has(name))).toEqual([]);
  });
});

describe("visitors", () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await fixtureFor(await memberWithContent());
  });

  it.each(PROTECTED_WRITES)("$method $url answers 401 and changes nothing", async (row) => {
    const before = await snapshot();
    const res = await send(client(forum.app), row, fixture);
    expect(res).toMatchObject({ status: 401, body: { message: NOT_SIGNED_IN } });
    expect(Object.keys(res.body)).toEqual(["message"]);
    expect(await snapshot()).toEqual(before);
  });

  it.each([...ADMIN_CALLS, ...MODERATOR_CALLS].filter((row) => row.method === "GET"))(
    "$method $url answers 401",
    async (row) => {
      expect((await send(client(forum.app), row, fixture)).status).toBe(401);
    },
  );

  it("may track ads, log in, register, ask for a reset link and use mailed links (the open writes)", async () => {
    const open = WRITES.filter((row) => row.public).map(label);
    expect(open.sort()).toEqual([
      "POST /api/ads/:id/track",
      "POST /api/email/confirm",
      "POST /api/email/unsubscribe",
      "POST /api/login",
      "POST /api/login/second-step",
      "POST /api/password/forgot",
      "POST /api/password/reset",
      "POST /api/register",
    ]);
    // A link's token is the visitor's proof; without a valid one nothing happens.
    expect((await client(forum.app).post("/api/password/forgot", { login: "nobody-here" })).status).toBe(200);
    expect((await client(forum.app).post("/api/email/confirm", { token: "forum_confirm_unknown" })).status).toBe(400);
    const unsubscribe = { token: "forum_unsubscribe_unknown" };
    expect((await client(forum.app).post("/api/email/unsubscribe", unsubscribe)).status).toBe(400);
    const guessed = { challenge: "not-a-challenge", code: "123456" };
    expect((await client(forum.app).post("/api/login/second-step", guessed)).status).toBe(401);
    const track = await client(forum.app).post(`/api/ads/${fixture.adId}/track`, { type: "impression" });
    expect(track.status).toBe(204);
    const user = await insertUser(forum.db, { password: "visitor-login-1" });
    const login = await client(forum.app).post("/api/login", { username: user.username, password: "visitor-login-1" });
    expect(login.status).toBe(200);
    const register = await client(forum.app).post("/api/register", {
      username: "matrix-newcomer",
      email: "matrix-newcomer@example.com",
      password: "newcomer-password",
    });
    expect(register.status).toBe(201);
  });
});

describe("members banned by an admin", () => {
  let owner: Awaited<ReturnType<typeof memberWithContent>>;
  let fixture: Fixture;
  beforeAll(async () => {
    owner = await memberWithContent();
    fixture = await fixtureFor(owner);
    const admin = await signedIn(forum, { role: "admin" });
    const ban = await admin.put(`/api/admin/users/${owner.member.user.id}/ban`, { banned: true });
    if (ban.status !== 200) throw new Error(`ban failed: ${ban.status}`);
  });

  // The session stays until it has told the member (banned-session.test.ts), refused like any
  // banned account's; logout ends it.
  it.each(PROTECTED_WRITES.filter((row) => row.url !== "/api/logout"))(
    "$method $url answers 403 with the ban and changes nothing",
    async (row) => {
      const before = await snapshot();
      const res = await send(owner.member, row, fixture);
      expect(res).toEqual(expect.objectContaining({ status: 403, body: { message: BANNED } }));
      expect(await snapshot()).toEqual(before);
    },
  );

  it("cannot log in again (403)", async () => {
    const login = await client(forum.app).post("/api/login", {
      username: owner.member.user.username,
      password: owner.password,
    });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ message: BANNED });
  });
});

describe("banned members whose session is still live", () => {
  let owner: Awaited<ReturnType<typeof memberWithContent>>;
  let fixture: Fixture;
  beforeAll(async () => {
    owner = await memberWithContent();
    fixture = await fixtureFor(owner);
    // The ban lands in the database while a request could still carry the old session.
    await forum.db.updateTable("users").set({ banned: 1 }).where("id", "=", owner.member.user.id).execute();
  });

  it.each(PROTECTED_WRITES.filter((row) => row.url !== "/api/logout"))(
    "$method $url answers 403 and changes nothing",
    async (row) => {
      const before = await snapshot();
      const res = await send(owner.member, row, fixture);
      expect(res).toEqual(expect.objectContaining({ status: 403, body: { message: BANNED } }));
      expect(await snapshot()).toEqual(before);
    },
  );

  it("may only end their own session, which changes nothing else", async () => {
    const before = await snapshot();
    expect((await owner.member.post("/api/logout")).status).toBe(200);
    expect(await snapshot()).toEqual(before);
    expect((await owner.member.get("/api/user")).status).toBe(401);
  });
});

// Moderators moderate content (issue 15) but reach no admin call: members, ads, categories, bulk
// import and settings stay with admins.
describe.each(["user", "moderator"] as const)("members with the role %s", (role) => {
  let owner: Awaited<ReturnType<typeof memberWithContent>>;
  let fixture: Fixture;
  beforeAll(async () => {
    owner = await memberWithContent(undefined, role);
    fixture = await fixtureFor(owner);
  });

  it.each(ADMIN_CALLS)("$method $url answers 403 and changes nothing", async (row) => {
    const before = await snapshot();
    const res = await send(owner.member, row, fixture);
    expect(res).toEqual(expect.objectContaining({ status: 403, body: { message: ADMIN_ONLY } }));
    expect(await snapshot()).toEqual(before);
    // Still a working member afterwards.
    expect((await owner.member.get("/api/user")).status).toBe(200);
  });

  it("may use every non-admin write path on their own things", async () => {
    const fresh = await memberWithContent(undefined, role);
    const freshFixture = await fixtureFor(fresh);
    const memberWrites = PROTECTED_WRITES.filter((row) => !row.admin && !row.moderator);
    // Deletes and logout last (the reply before its post), so every call finds what it acts on.
    const order = (row: Row) =>
      row.url === "/api/logout"
        ? 3
        : row.url === "/api/posts/:id" && row.method === "DELETE"
          ? 2
          : row.method === "DELETE"
            ? 1
            : 0;
    const results: Record<string, number> = {};
    for (const row of [...memberWrites].sort((a, b) => order(a) - order(b)))
      results[label(row)] = (await send(fresh.member, row, freshFixture)).status;
    expect(results).toEqual({
      "POST /api/logout": 200,
      "POST /api/users/me/two-step/setup": 200,
      // A code cannot be guessed here, and with it off there is nothing to turn off.
      "POST /api/users/me/two-step/enable": 400,
      "POST /api/users/me/two-step/disable": 400,
      // Not with a wrong password (account-deletion.test.ts deletes accounts).
      "POST /api/users/me/delete": 400,
      "PUT /api/auth/change-password": 200,
      "PUT /api/users/:id": 200,
      "PUT /api/users/me/preferences": 200,
      "POST /api/users/me/avatar": 200,
      "DELETE /api/users/me/avatar": 200,
      "POST /api/users/me/tokens": 201,
      "DELETE /api/users/me/tokens/:id": 200,
      // The password change before it signed every other session out.
      "DELETE /api/users/me/sessions/:id": 404,
      "DELETE /api/users/me/other-sessions": 200,
      "POST /api/users/me/data-export": 201,
      "POST /api/notifications/read": 200,
      "POST /api/posts/:id/read": 200,
      "POST /api/read/all": 200,
      "POST /api/posts": 201,
      "PUT /api/posts/:id": 200,
      "DELETE /api/posts/:id": 200,
      "POST /api/posts/:postId/replies": 201,
      "PUT /api/replies/:id": 200,
      "DELETE /api/replies/:id": 200,
      "POST /api/votes": 200,
      "POST /api/reports": 201,
      "POST /api/email/resend": 200,
      // Nothing to cancel: no change of address is waiting.
      "DELETE /api/email/pending": 409,
    });
  });
});

describe("members without a moderator's role", () => {
  let fixture: Fixture;
  let member: Browser;
  beforeAll(async () => {
    const owner = await memberWithContent();
    fixture = await fixtureFor(owner);
    member = owner.member;
  });

  it.each(MODERATOR_CALLS)("$method $url answers 403 and changes nothing", async (row) => {
    const before = await snapshot();
    const res = await send(member, row, fixture);
    expect(res).toEqual(expect.objectContaining({ status: 403, body: { message: MODERATORS_ONLY } }));
    expect(await snapshot()).toEqual(before);
  });
});
