// The log is JSON lines with each request's id, and no secret ever reaches it: a run that signs
// in with a password (and fails once), resets a password through its mailed link, uses an API
// token and signs in with a two-step code is captured at the most verbose level, and none of the
// passwords, the session cookie, the reset token, the API token or the two-step secret appears.
import { totpCode, totpStepAt } from "@forum/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, insertUser, startForum, type TestForum } from "./harness";
import { mailedToken, sendingTo, startSmtp, type TestSmtp } from "./smtp";

const PASSWORD = "log-secret-password-4711";
const WRONG_PASSWORD = "log-wrong-password-0815";
const NEW_PASSWORD = "log-new-password-2342";
const RESET_LINK = /reset-password\?token=(forum_reset_[A-Za-z0-9_-]+)/;

const lines: string[] = [];
let now = Date.now();
let smtp: TestSmtp;
let forum: TestForum;
beforeAll(async () => {
  smtp = await startSmtp();
  forum = await startForum({
    ...sendingTo(smtp),
    clock: () => now,
    logLevel: "trace",
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(async () => {
  await forum.close();
  await smtp.close();
});

const sessionOf = (headers: Record<string, unknown>) =>
  /forum_session=([^;]+)/.exec(String(headers["set-cookie"] ?? ""))?.[1] ?? "";

describe("the log", () => {
  it("shows no password, session cookie, reset token, API token or two-step secret", async () => {
    const secrets: string[] = [PASSWORD, WRONG_PASSWORD, NEW_PASSWORD];
    const user = await insertUser(forum.db, { username: "log-member", password: PASSWORD, email: "log@example.com" });

    // Passwords: a wrong one, a right one, and one in a body that is not even JSON.
    expect(
      (await client(forum.app).post("/api/login", { username: user.username, password: WRONG_PASSWORD })).status,
    ).toBe(401);
    const broken = await forum.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: `{"username":"log-member","password":"${PASSWORD}"`,
    });
    expect(broken.statusCode).toBe(400);
    const browser = client(forum.app);
    const login = await browser.post("/api/login", { username: user.username, password: PASSWORD });
    expect(login.status).toBe(200);
    secrets.push(sessionOf(login.headers));

    // A mailed reset link: its page (the token in the address) and the reset itself.
    expect((await client(forum.app).post("/api/password/forgot", { login: user.username })).status).toBe(200);
    const resetToken = await mailedToken(forum, smtp, 1, RESET_LINK);
    secrets.push(resetToken);
    await forum.app.inject({ url: `/reset-password?token=${resetToken}` });
    const reset = await client(forum.app).post("/api/password/reset", { token: resetToken, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    secrets.push(sessionOf(reset.headers));

    // An API token, used, and a wrong one.
    const member = client(forum.app);
    expect((await member.post("/api/login", { username: user.username, password: NEW_PASSWORD })).status).toBe(200);
    secrets.push(member.jar.cookie?.replace("forum_session=", "") ?? "");
    const made = await member.post("/api/users/me/tokens", { name: "script", scope: "write", expiresInDays: "30" });
    expect(made.status).toBe(201);
    const apiToken = made.body.token as string;
    secrets.push(apiToken);
    expect((await client(forum.app).get("/api/user", { authorization: `Bearer ${apiToken}` })).status).toBe(200);
    expect((await client(forum.app).get("/api/user", { authorization: `Bearer ${apiToken}x` })).status).toBe(401);

    // Two-step sign-in: its secret, and a sign-in with a code.
    const setup = await member.post("/api/users/me/two-step/setup");
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    secrets.push(secret);
    const code = () => totpCode(secret, totpStepAt(now));
    expect((await member.post("/api/users/me/two-step/enable", { code: code() })).status).toBe(200);
    // A code counts once: the sign-in uses the next one.
    now += 30_000;
    const twoStep = client(forum.app);
    const first = await twoStep.post("/api/login", { username: user.username, password: NEW_PASSWORD });
    expect(first.body.secondStep).toBe("totp");
    secrets.push(first.body.challenge);
    const second = await twoStep.post("/api/login/second-step", { challenge: first.body.challenge, code: code() });
    expect(second.status).toBe(200);
    secrets.push(sessionOf(second.headers));

    const log = lines.join("");
    expect(lines.length).toBeGreaterThan(20);
    for (const line of log.trim().split("\n")) expect(() => JSON.parse(line)).not.toThrow();
    // The request log shows the reset page, with its token hidden.
    expect(log).toContain("/reset-password?token=[hidden]");
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(log).not.toContain(secret);
    }
  });

  it("gives each request an id, on its log lines and in X-Request-Id; a sane one from a proxy is kept", async () => {
    const own = await forum.app.inject({ url: "/api/health" });
    const id = own.headers["x-request-id"];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const ofRequest = lines.filter((line) => line.includes(`"reqId":"${id}"`)).map((line) => JSON.parse(line));
    expect(ofRequest.map((entry) => entry.msg)).toEqual(["incoming request", "request completed"]);
    expect(ofRequest[0].req).toMatchObject({ method: "GET", url: "/api/health" });

    const given = await forum.app.inject({ url: "/api/health", headers: { "x-request-id": "proxy-7f3a.42:1" } });
    expect(given.headers["x-request-id"]).toBe("proxy-7f3a.42:1");
    const odd = await forum.app.inject({ url: "/api/health", headers: { "x-request-id": 'a"b\\n{evil}' } });
    expect(odd.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.join("")).not.toContain("{evil}");
  });
});
