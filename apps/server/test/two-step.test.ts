// Two-step sign-in (issue 30) on both engines: set-up confirmed by a code computed here from the
// secret shown, sign-in asks for a code (no session until then), a code is never accepted twice,
// a recovery code works once, wrong codes are throttled like passwords, a challenge expires, and
// turning it off needs the password or a code. The forum's clock is the test's.
import { createHash } from "node:crypto";
import { totpCode, totpStepAt } from "@forum/api";
import { TWO_STEP_MESSAGES } from "@forum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, client, insertUser, signedIn, startForum, type TestForum } from "./harness";

let now = Date.now();
let forum: TestForum;
beforeAll(async () => {
  forum = await startForum({ rateLimits: true, clock: () => now });
});
afterAll(() => forum.close());

const codeAt = (secret: string, at = now) => totpCode(secret, totpStepAt(at));

/** A member with two-step sign-in on: their secret and recovery codes. */
const withTwoStep = () => withTwoStepAs("user");

async function withTwoStepAs(role: "user" | "admin") {
  const user = await insertUser(forum.db, { role, createdAt: now - 7 * 24 * 3600_000 });
  const browser = client(forum.app);
  expect((await browser.post("/api/login", { username: user.username, password: user.password })).status).toBe(200);
  const setup = await browser.post("/api/users/me/two-step/setup");
  expect(setup.status).toBe(200);
  const enabled = await browser.post("/api/users/me/two-step/enable", { code: codeAt(setup.body.secret) });
  expect(enabled.status).toBe(200);
  return { user, browser, secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

async function passwordStep(user: { username: string; password: string }) {
  const browser = client(forum.app);
  const answer = await browser.post("/api/login", { username: user.username, password: user.password });
  expect(answer.status).toBe(200);
  return { browser, answer };
}

describe("setting it up", () => {
  it("shows a secret and its QR code, turns on with a current code, and keeps the secret sealed and the recovery codes hashed", async () => {
    const member = await signedIn(forum);
    const setup = await member.post("/api/users/me/two-step/setup");
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qrSvg).toMatch(/^<svg/);
    expect(await member.get("/api/users/me/two-step")).toMatchObject({ body: { enabled: false } });
    expect(await member.post("/api/users/me/two-step/enable", { code: "000000" })).toMatchObject({
      status: 400,
      body: { message: TWO_STEP_MESSAGES.codeWrong },
    });
    const enabled = await member.post("/api/users/me/two-step/enable", { code: codeAt(setup.body.secret) });
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(await member.get("/api/users/me/two-step")).toMatchObject({
      body: { enabled: true, recoveryCodesLeft: 10 },
    });
    const row = await forum.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", member.user.id)
      .executeTakeFirstOrThrow();
    expect(row.totpSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(setup.body.secret);
    const hashes = await forum.db
      .selectFrom("recovery_codes")
      .select("codeHash")
      .where("userId", "=", member.user.id)
      .execute();
    const first = enabled.body.recoveryCodes[0].replace(/-/g, "");
    expect(hashes.map((h) => h.codeHash)).toContain(createHash("sha256").update(first).digest("hex"));
    expect(JSON.stringify(hashes)).not.toContain(first);
  });
});

describe("signing in with it on", () => {
  it("asks for a code after the password, starts the session only then, and never accepts a code twice", async () => {
    const { user, secret } = await withTwoStep();
    now += 30_000;
    const { browser, answer } = await passwordStep(user);
    expect(answer.body).toEqual({ secondStep: "totp", challenge: expect.any(String) });
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect((await browser.get("/api/user")).status).toBe(401);
    const wrong = await browser.post("/api/login/second-step", { challenge: answer.body.challenge, code: "123456" });
    expect(wrong).toMatchObject({ status: 401, body: { message: TWO_STEP_MESSAGES.codeWrong } });
    const code = codeAt(secret);
    const right = await browser.post("/api/login/second-step", { challenge: answer.body.challenge, code });
    expect(right).toMatchObject({ status: 200, body: { username: user.username } });
    expect((await browser.get("/api/user")).status).toBe(200);
    // The challenge is used up, and the same code (in its window) is refused on a new one.
    expect((await browser.post("/api/login/second-step", { challenge: answer.body.challenge, code })).status).toBe(401);
    const again = await passwordStep(user);
    expect(
      await again.browser.post("/api/login/second-step", { challenge: again.answer.body.challenge, code }),
    ).toMatchObject({ status: 401, body: { message: TWO_STEP_MESSAGES.codeWrong } });
    now += 30_000;
    expect(
      (
        await again.browser.post("/api/login/second-step", {
          challenge: again.answer.body.challenge,
          code: codeAt(secret),
        })
      ).status,
    ).toBe(200);
  });

  it("takes a recovery code once", async () => {
    const { user, recoveryCodes } = await withTwoStep();
    const code = recoveryCodes[3] as string;
    const first = await passwordStep(user);
    expect(
      (
        await first.browser.post("/api/login/second-step", {
          challenge: first.answer.body.challenge,
          code: code.toUpperCase(),
        })
      ).status,
    ).toBe(200);
    const second = await passwordStep(user);
    expect(
      (await second.browser.post("/api/login/second-step", { challenge: second.answer.body.challenge, code })).status,
    ).toBe(401);
  });

  it("throttles wrong codes like wrong passwords, and lets a challenge expire", async () => {
    const { user, secret } = await withTwoStep();
    const { browser, answer } = await passwordStep(user);
    const attempt = (code: string) =>
      browser.post("/api/login/second-step", { challenge: answer.body.challenge, code });
    for (let n = 0; n < 5; n++) expect((await attempt("000000")).status).toBe(401);
    const held = await attempt(codeAt(secret));
    expect(held.status).toBe(429);
    now += 16 * 60_000;
    expect(await attempt(codeAt(secret))).toMatchObject({
      status: 401,
      body: { message: TWO_STEP_MESSAGES.challengeExpired },
    });
    const fresh = await passwordStep(user);
    expect(
      (
        await fresh.browser.post("/api/login/second-step", {
          challenge: fresh.answer.body.challenge,
          code: codeAt(secret),
        })
      ).status,
    ).toBe(200);
  });
});

describe("required of staff", () => {
  it("keeps admins and moderators without it from their powers until they turn it on, and an admin cannot require it without having it", async () => {
    const admin = await withTwoStepAs("admin");
    const moderator = await signedIn(forum, { role: "moderator", createdAt: now - 7 * 24 * 3600_000 });
    const plainAdmin = await signedIn(forum, { role: "admin", createdAt: now - 7 * 24 * 3600_000 });
    expect(await plainAdmin.post("/api/forum-settings", { requireStaffTwoStep: true })).toMatchObject({
      status: 400,
      body: { message: TWO_STEP_MESSAGES.ownFirst },
    });
    expect(await admin.browser.post("/api/forum-settings", { requireStaffTwoStep: true })).toMatchObject({
      status: 200,
      body: { requireConfirmedEmail: false, requireStaffTwoStep: true },
    });
    try {
      expect(await moderator.get("/api/admin/reports")).toMatchObject({
        status: 403,
        body: { message: TWO_STEP_MESSAGES.staffRequired },
      });
      expect((await plainAdmin.get("/api/admin/stats")).status).toBe(403);
      expect((await admin.browser.get("/api/admin/stats")).status).toBe(200);
      // Their member calls, and setting it up, still work.
      expect((await moderator.get("/api/users/me/sessions")).status).toBe(200);
      const setup = await moderator.post("/api/users/me/two-step/setup");
      expect((await moderator.post("/api/users/me/two-step/enable", { code: codeAt(setup.body.secret) })).status).toBe(
        200,
      );
      expect((await moderator.get("/api/admin/reports")).status).toBe(200);
    } finally {
      await admin.browser.post("/api/forum-settings", { requireStaffTwoStep: false });
    }
  });
});

describe("turning it off", () => {
  it("needs the password or a current code; then the password alone signs in", async () => {
    const { user, browser } = await withTwoStep();
    expect(await browser.post("/api/users/me/two-step/disable", {})).toMatchObject({
      status: 400,
      body: { message: TWO_STEP_MESSAGES.proofRequired },
    });
    expect((await browser.post("/api/users/me/two-step/disable", { password: "wrong one" })).status).toBe(400);
    expect(await browser.post("/api/users/me/two-step/disable", { password: user.password })).toMatchObject({
      status: 200,
      body: { message: TWO_STEP_MESSAGES.turnedOff },
    });
    const { answer } = await passwordStep(user);
    expect(answer.body).toMatchObject({ username: user.username });
    expect(await forum.db.selectFrom("recovery_codes").select("id").where("userId", "=", user.id).execute()).toEqual(
      [],
    );
  });

  it("counts wrong passwords and codes against the sign-in limits, so an open session is no way to guess them", async () => {
    const { user, browser, secret } = await withTwoStep();
    for (let n = 0; n < 5; n++) {
      expect((await browser.post("/api/users/me/two-step/disable", { password: "not it" })).status).toBe(400);
    }
    expect((await browser.post("/api/users/me/two-step/disable", { password: user.password })).status).toBe(429);
    for (let n = 0; n < 5; n++) {
      expect((await browser.post("/api/users/me/two-step/disable", { code: "000000" })).status).toBe(400);
    }
    now += 30_000;
    expect((await browser.post("/api/users/me/two-step/disable", { code: codeAt(secret) })).status).toBe(429);
    now += 16 * 60_000;
    expect((await browser.post("/api/users/me/two-step/disable", { code: codeAt(secret) })).status).toBe(200);
  });

  it("cannot be changed with an API token", async () => {
    const member: Client & { user: { id: number } } = await signedIn(forum, { createdAt: now - 7 * 24 * 3600_000 });
    const token = (await member.post("/api/users/me/tokens", { name: "bot", scope: "write", expiresInDays: "30" })).body
      .token;
    const bot = client(forum.app);
    expect(
      (await bot.post("/api/users/me/two-step/setup", undefined, { authorization: `Bearer ${token}` })).status,
    ).toBe(403);
  });
});
