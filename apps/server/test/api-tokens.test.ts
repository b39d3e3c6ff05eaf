// API tokens (issue 29): a member's `Authorization: Bearer` token acts as them on both doors, with
// its scope; only its hash is stored; revoke, expiry, a ban and a deleted account end it at once;
// Bearer calls need no Origin and set no cookie; the member's throttles count its calls, the login
// throttles do not. The clock is the test's: expiry and "last used" move with it.
import { createHash } from "node:crypto";
import { API_TOKEN_MESSAGES, MESSAGES, THROTTLES } from "@forum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, client, insertCategory, signedIn, startForum, type TestForum } from "./harness";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let now = Date.now();
let forum: TestForum;
let admin: Client;
let categoryId: number;
beforeAll(async () => {
  forum = await startForum({ rateLimits: true, clock: () => now });
  admin = await signedIn(forum, { role: "admin", createdAt: now - 30 * DAY });
  categoryId = await insertCategory(forum.db, "Tokens");
});
afterAll(() => forum.close());

type Scope = "read" | "write";
async function tokenOf(member: Client, scope: Scope = "write", expiresInDays = "never", name = "script") {
  const made = await member.post("/api/users/me/tokens", { name, scope, expiresInDays });
  expect(made.status).toBe(201);
  return made.body as { id: number; token: string; expiresAt: string | null };
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** A client without cookies that sends the token on every call. */
function script(token: string) {
  const plain = client(forum.app);
  return {
    get: (url: string) => plain.get(url, bearer(token)),
    post: (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      plain.post(url, payload, { ...bearer(token), ...headers }),
    put: (url: string, payload?: unknown) => plain.put(url, payload, bearer(token)),
    del: (url: string) => plain.del(url, bearer(token)),
  };
}
const newPost = (n: string) => ({ title: `Token post ${n}`, content: "Sent by a script", categoryId });

describe("making and listing tokens", () => {
  it("shows the token once, with its prefix, and stores only its SHA-256", async () => {
    const member = await signedIn(forum, { createdAt: now - 30 * DAY });
    const made = await member.post("/api/users/me/tokens", { name: "CI", scope: "read", expiresInDays: "30" });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^forum_pat_[A-Za-z0-9_-]{43}$/);
    expect(made.body).toMatchObject({ name: "CI", scope: "read", lastUsedAt: null, revokedAt: null });
    expect(Date.parse(made.body.expiresAt) - now).toBe(30 * DAY);
    const rows = await forum.db.selectFrom("api_tokens").selectAll().where("userId", "=", member.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash("sha256").update(made.body.token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(made.body.token);
    const list = await member.get("/api/users/me/tokens");
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ ...made.body, token: undefined }].map(({ token: _, ...view }) => view));
  });

  it("refuses a blank name and an unknown scope or expiry", async () => {
    const member = await signedIn(forum);
    const blank = await member.post("/api/users/me/tokens", { name: " ", scope: "read", expiresInDays: "30" });
    expect(blank).toMatchObject({ status: 400, body: { message: API_TOKEN_MESSAGES.nameRequired } });
    expect((await member.post("/api/users/me/tokens", { name: "x", scope: "all", expiresInDays: "30" })).status).toBe(
      400,
    );
    expect((await member.post("/api/users/me/tokens", { name: "x", scope: "read", expiresInDays: "7" })).status).toBe(
      400,
    );
  });
});

describe("a Bearer token", () => {
  it("acts as its member on REST and tRPC, needs no Origin and sets no cookie", async () => {
    const member = await signedIn(forum, { createdAt: now - 30 * DAY });
    const { token } = await tokenOf(member);
    const bot = script(token);
    const me = await bot.get("/api/user");
    expect(me).toMatchObject({ status: 200, body: { id: member.user.id } });
    expect(me.headers["set-cookie"]).toBeUndefined();
    // A foreign Origin refuses a cookie's write, not a token's: a page cannot add the header.
    const created = await bot.post("/api/posts", newPost("a"), { origin: "https://elsewhere.example" });
    expect(created.status).toBe(201);
    expect(created.headers["set-cookie"]).toBeUndefined();
    const viaTrpc = await forum.app.inject({ method: "GET", url: "/trpc/auth.me", headers: bearer(token) });
    expect(viaTrpc.json()).toMatchObject({ result: { data: { id: member.user.id } } });
    const mutation = await forum.app.inject({
      method: "POST",
      url: "/trpc/votes.cast",
      headers: bearer(token),
      payload: { postId: created.body.id, type: "upvote" },
    });
    expect(mutation.statusCode).toBe(200);
    expect(mutation.headers["set-cookie"]).toBeUndefined();
  });

  it("is never answered from, nor kept as, a visitor's shared body", async () => {
    const member = await signedIn(forum, { createdAt: now - 30 * DAY });
    const { token } = await tokenOf(member);
    const bot = script(token);
    const { id } = (await bot.post("/api/posts", newPost("shared"))).body;
    expect((await bot.post("/api/votes", { type: "upvote", postId: id })).status).toBe(200);
    const url = "/api/posts?sortBy=new&limit=5";
    const visitor = client(forum.app);
    const mine = (body: { id: number; myVote: string }[]) => body.find((post) => post.id === id)?.myVote;
    expect(mine((await visitor.get(url)).body)).toBe("none");
    expect(mine((await bot.get(url)).body)).toBe("up");
    expect(mine((await visitor.get(url)).body)).toBe("none");
  });

  it("read-only: reads, and gets 403 on every write, through either door", async () => {
    const member = await signedIn(forum, { createdAt: now - 30 * DAY });
    const { token } = await tokenOf(member, "read");
    const bot = script(token);
    expect((await bot.get("/api/users/me/preferences")).status).toBe(200);
    const refused = await bot.post("/api/posts", newPost("ro"));
    expect(refused).toMatchObject({ status: 403, body: { message: API_TOKEN_MESSAGES.readOnly } });
    const trpc = await forum.app.inject({
      method: "POST",
      url: "/trpc/users.updatePreferences",
      headers: bearer(token),
      payload: { weeklyDigest: true },
    });
    expect(trpc.statusCode).toBe(403);
    expect(trpc.json().error.message).toBe(API_TOKEN_MESSAGES.readOnly);
    const rows = await forum.db.selectFrom("posts").select("id").where("authorId", "=", member.user.id).execute();
    expect(rows).toEqual([]);
  });

  it("cannot sign out, change the password or make tokens", async () => {
    const member = await signedIn(forum);
    const bot = script((await tokenOf(member)).token);
    for (const refused of [
      await bot.post("/api/logout"),
      await bot.put("/api/auth/change-password", {
        currentPassword: member.user.password,
        newPassword: "another one 1",
      }),
      await bot.post("/api/users/me/tokens", { name: "more", scope: "write", expiresInDays: "never" }),
    ]) {
      expect(refused).toMatchObject({ status: 403, body: { message: API_TOKEN_MESSAGES.sessionOnly } });
    }
    // The member's session is untouched.
    expect((await member.get("/api/user")).status).toBe(200);
  });

  it("opens the admin's account-changing calls only for an admin's read-write token", async () => {
    const target = await signedIn(forum);
    const memberBot = script((await tokenOf(await signedIn(forum))).token);
    const readBot = script((await tokenOf(admin, "read")).token);
    const writeBot = script((await tokenOf(admin, "write")).token);
    const ban = (bot: ReturnType<typeof script>) => bot.put(`/api/admin/users/${target.user.id}/ban`, { banned: true });
    expect(await ban(memberBot)).toMatchObject({ status: 403, body: { message: MESSAGES.adminOnly } });
    expect(await ban(readBot)).toMatchObject({ status: 403, body: { message: API_TOKEN_MESSAGES.readOnly } });
    expect((await ban(writeBot)).status).toBe(200);
  });

  it("answers 401 saying whether it is unknown, expired or revoked", async () => {
    const member = await signedIn(forum);
    const expiring = await tokenOf(member, "read", "30");
    expect((await script(expiring.token).get("/api/categories")).status).toBe(200);
    now += 30 * DAY;
    expect(await script(expiring.token).get("/api/categories")).toMatchObject({
      status: 401,
      body: { message: API_TOKEN_MESSAGES.expired },
    });
    const revoked = await tokenOf(member);
    expect((await member.del(`/api/users/me/tokens/${revoked.id}`)).status).toBe(200);
    expect(await script(revoked.token).get("/api/user")).toMatchObject({
      status: 401,
      body: { message: API_TOKEN_MESSAGES.revoked },
    });
    const viaTrpc = await forum.app.inject({ method: "GET", url: "/trpc/auth.me", headers: bearer(revoked.token) });
    expect(viaTrpc.statusCode).toBe(401);
    expect(viaTrpc.json().error.message).toBe(API_TOKEN_MESSAGES.revoked);
    expect(await script("forum_pat_nothing").get("/api/user")).toMatchObject({
      status: 401,
      body: { message: API_TOKEN_MESSAGES.unknown },
    });
    // Another member cannot revoke it: 404, as if it did not exist.
    const other = await signedIn(forum);
    const kept = await tokenOf(member);
    expect((await other.del(`/api/users/me/tokens/${kept.id}`)).status).toBe(404);
    expect((await script(kept.token).get("/api/user")).status).toBe(200);
  });

  it("stops working at once when its member is banned or deleted", async () => {
    const banned = await signedIn(forum);
    const bannedBot = script((await tokenOf(banned)).token);
    expect((await bannedBot.get("/api/user")).status).toBe(200);
    expect((await admin.put(`/api/admin/users/${banned.user.id}/ban`, { banned: true })).status).toBe(200);
    expect(await bannedBot.get("/api/categories")).toMatchObject({ status: 401, body: { message: MESSAGES.banned } });

    const deleted = await signedIn(forum);
    const deletedBot = script((await tokenOf(deleted)).token);
    expect((await admin.del(`/api/admin/users/${deleted.user.id}`)).status).toBe(200);
    expect(await deletedBot.get("/api/user")).toMatchObject({
      status: 401,
      body: { message: API_TOKEN_MESSAGES.unknown },
    });
  });

  it("marks its last use at most once a minute", async () => {
    const member = await signedIn(forum);
    const made = await tokenOf(member);
    const lastUsed = async () =>
      (await forum.db.selectFrom("api_tokens").select("lastUsedAt").where("id", "=", made.id).executeTakeFirstOrThrow())
        .lastUsedAt;
    const bot = script(made.token);
    await bot.get("/api/user");
    const first = now;
    expect(Number(await lastUsed())).toBe(first);
    now += 30_000;
    await bot.get("/api/user");
    expect(Number(await lastUsed())).toBe(first);
    now += 30_000;
    await bot.get("/api/user");
    expect(Number(await lastUsed())).toBe(now);
    const listed = (await member.get("/api/users/me/tokens")).body[0];
    expect(listed.lastUsedAt).toBe(new Date(now).toISOString());
  });
});

describe("throttles", () => {
  it("count a token's calls as its member's, per token and session alike", async () => {
    const member = await signedIn(forum, { createdAt: now });
    const first = script((await tokenOf(member)).token);
    const second = script((await tokenOf(member)).token);
    const limit = THROTTLES.newAccountPosts.limit;
    for (let n = 0; n < limit - 1; n++) expect((await first.post("/api/posts", newPost(`t${n}`))).status).toBe(201);
    expect((await second.post("/api/posts", newPost("last"))).status).toBe(201);
    const refused = await first.post("/api/posts", newPost("over"));
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    now += 2 * 60 * MINUTE;
  });

  it("the login throttles do not reach a token", async () => {
    const member = await signedIn(forum);
    const bot = script((await tokenOf(member)).token);
    const browser = client(forum.app);
    for (let n = 0; n <= THROTTLES.loginPerAccount.limit; n++) {
      await browser.post("/api/login", { username: member.user.username, password: "wrong password" });
    }
    const locked = await browser.post("/api/login", { username: member.user.username, password: member.user.password });
    expect(locked.status).toBe(429);
    expect((await bot.get("/api/user")).status).toBe(200);
    expect((await bot.post("/api/posts", newPost("while locked"))).status).toBe(201);
  });
});

describe("admins", () => {
  it("see a member's tokens and revoke one", async () => {
    const member = await signedIn(forum);
    const made = await tokenOf(member, "read", "90", "backup");
    const listed = await admin.get(`/api/admin/users/${member.user.id}/tokens`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: made.id, name: "backup", scope: "read" })]);
    expect((await member.get(`/api/admin/users/${member.user.id}/tokens`)).status).toBe(403);
    const revoked = await admin.del(`/api/admin/tokens/${made.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    expect((await script(made.token).get("/api/user")).body.message).toBe(API_TOKEN_MESSAGES.revoked);
    expect((await admin.del("/api/admin/tokens/999999")).status).toBe(404);
  });
});
