import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, insertUser, signedIn, startForum, type TestForum } from "./harness";

let forum: TestForum;
beforeAll(async () => {
  forum = await startForum();
});
afterAll(() => forum.close());

describe("register", () => {
  it("creates the account, answers the user without secrets and signs in", async () => {
    const browser = client(forum.app);
    const res = await browser.post("/api/register", {
      username: "newbie",
      email: "Newbie@Example.com",
      password: "longenough",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: "newbie", email: "newbie@example.com", role: "user", banned: false });
    expect(res.body).not.toHaveProperty("passwordHash");
    const cookie = res.headers["set-cookie"] as string;
    expect(cookie).toMatch(/forum_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await browser.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.body.username).toBe("newbie");
    const row = await forum.db
      .selectFrom("users")
      .select("passwordHash")
      .where("username", "=", "newbie")
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("refuses blank fields with the spec's message", async () => {
    const res = await client(forum.app).post("/api/register", {
      username: "",
      email: "a@b.co",
      password: "longenough",
    });
    expect(res).toMatchObject({ status: 400, body: { message: "Please fill in all fields" } });
  });

  it("refuses a taken username or email with 409, case-insensitively", async () => {
    await insertUser(forum.db, { username: "taken", email: "taken@example.com" });
    const byName = await client(forum.app).post("/api/register", {
      username: "TAKEN",
      email: "other@example.com",
      password: "longenough",
    });
    expect(byName.status).toBe(409);
    expect(byName.body.message).toBe("That username is already taken");
    const byEmail = await client(forum.app).post("/api/register", {
      username: "fresh",
      email: "Taken@example.com",
      password: "longenough",
    });
    expect(byEmail.status).toBe(409);
    expect(byEmail.body.message).toBe("That email address is already registered");
  });

  it("refuses a mismatched confirmation when a client sends one", async () => {
    const res = await client(forum.app).post("/api/register", {
      username: "mismatch",
      email: "mismatch@example.com",
      password: "longenough",
      confirmPassword: "different1",
    });
    expect(res).toMatchObject({ status: 400, body: { message: "Passwords do not match" } });
  });
});

describe("login and logout", () => {
  it("signs in, then logout ends the session", async () => {
    const user = await insertUser(forum.db, { username: "loginer", password: "s3cret-pass" });
    const browser = client(forum.app);
    const login = await browser.post("/api/login", { username: "loginer", password: "s3cret-pass" });
    expect(login.status).toBe(200);
    expect(login.body.id).toBe(user.id);
    const cookie = browser.jar.cookie;
    expect((await browser.get("/api/auth/user")).status).toBe(200);
    expect((await browser.post("/api/logout")).status).toBe(200);
    expect(browser.jar.cookie).toBeUndefined();
    // The old token no longer works, even if a client kept it.
    const replay = await client(forum.app, cookie).get("/api/user");
    expect(replay.status).toBe(401);
  });

  it("answers 401 with the same message for a wrong password and an unknown username", async () => {
    await insertUser(forum.db, { username: "known", password: "right-password" });
    const wrong = await client(forum.app).post("/api/login", { username: "known", password: "wrong-password" });
    const unknown = await client(forum.app).post("/api/login", { username: "nobody-here", password: "whatever1" });
    expect(wrong).toMatchObject({ status: 401, body: { message: "Invalid username or password" } });
    expect(unknown).toMatchObject({ status: 401, body: { message: "Invalid username or password" } });
  });

  it("refuses missing fields with the spec's message", async () => {
    const res = await client(forum.app).post("/api/login", { username: "someone" });
    expect(res).toMatchObject({ status: 400, body: { message: "Please fill in all fields" } });
  });

  it("refuses a banned member with 403", async () => {
    await insertUser(forum.db, { username: "banned-one", password: "right-password", banned: true });
    const res = await client(forum.app).post("/api/login", { username: "banned-one", password: "right-password" });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/banned/);
  });

  it("answers 401 on the current-user calls and on logout when signed out", async () => {
    const visitor = client(forum.app);
    expect((await visitor.get("/api/user")).status).toBe(401);
    expect((await visitor.get("/api/auth/user")).status).toBe(401);
    expect((await visitor.post("/api/logout")).status).toBe(401);
  });

  it("stores only the SHA-256 of the session token", async () => {
    const member = await signedIn(forum);
    const token = member.jar.cookie?.split("=")[1] as string;
    const sessions = await forum.db.selectFrom("sessions").select("id").where("userId", "=", member.user.id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.id).not.toBe(token);
    expect(sessions[0]?.id).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("change password", () => {
  it("checks the current password, changes it and signs out other sessions", async () => {
    const user = await insertUser(forum.db, { username: "changer", password: "old-password" });
    const first = client(forum.app);
    await first.post("/api/login", { username: user.username, password: "old-password" });
    const second = client(forum.app);
    await second.post("/api/login", { username: user.username, password: "old-password" });

    const wrong = await first.put("/api/auth/change-password", {
      currentPassword: "nope-nope",
      newPassword: "new-password",
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: "Current password is incorrect" } });

    const ok = await first.put("/api/auth/change-password", {
      currentPassword: "old-password",
      newPassword: "new-password",
    });
    expect(ok.status).toBe(200);
    expect((await first.get("/api/user")).status).toBe(200);
    expect((await second.get("/api/user")).status).toBe(401);
    expect((await client(forum.app).post("/api/login", { username: "changer", password: "new-password" })).status).toBe(
      200,
    );
  });

  it("answers 401 when signed out", async () => {
    const res = await client(forum.app).put("/api/auth/change-password", {
      currentPassword: "a",
      newPassword: "bbbbbbbb",
    });
    expect(res.status).toBe(401);
  });
});

describe("sessions", () => {
  it("extends a session used in the second half of its life", async () => {
    const member = await signedIn(forum);
    const soon = Date.now() + 5 * 24 * 60 * 60 * 1000;
    await forum.db.updateTable("sessions").set({ expiresAt: soon }).where("userId", "=", member.user.id).execute();
    const res = await member.get("/api/user");
    expect(res.status).toBe(200);
    expect(res.headers["set-cookie"]).toMatch(/forum_session=/);
    const row = await forum.db
      .selectFrom("sessions")
      .select("expiresAt")
      .where("userId", "=", member.user.id)
      .executeTakeFirstOrThrow();
    expect(row.expiresAt).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it("drops an expired session", async () => {
    const member = await signedIn(forum);
    await forum.db
      .updateTable("sessions")
      .set({ expiresAt: Date.now() - 1000 })
      .where("userId", "=", member.user.id)
      .execute();
    expect((await member.get("/api/user")).status).toBe(401);
    const left = await forum.db.selectFrom("sessions").select("id").where("userId", "=", member.user.id).execute();
    expect(left).toHaveLength(0);
  });

  it("refuses a write whose Origin names another site, and allows the same site or none", async () => {
    const member = await signedIn(forum);
    const crossSite = await member.post("/api/logout", undefined, { origin: "https://evil.example" });
    expect(crossSite).toMatchObject({ status: 403, body: { message: "Cross-site request refused" } });
    const sameSite = await member.put(
      `/api/users/${member.user.id}`,
      { bio: "hi" },
      { origin: "http://localhost:80", host: "localhost:80" },
    );
    expect(sameSite.status).toBe(200);
    const noOrigin = await member.put(`/api/users/${member.user.id}`, { bio: "hello" });
    expect(noOrigin.status).toBe(200);
  });
});
