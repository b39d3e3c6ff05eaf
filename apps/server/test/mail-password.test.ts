// Forgotten passwords end to end, against a real SMTP server: the same answer whether or not an
// account matches, the mailed link (from the public address, never the Host header) that works
// once, for an hour, and only while it is the newest; the reset ends every session and signs in
// here; the limits; the admin's reset link. The clock is injected and moved, never waited for.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withoutSecrets } from "../src/secretLinks";
import { client, type ForumOptions, insertUser, signedIn, startForum, type TestForum } from "./harness";
import { mailedToken, sendingTo, startSmtp, type TestSmtp } from "./smtp";

const RESET_LINK = /https:\/\/forum\.example\.com\/reset-password\?token=(forum_reset_[A-Za-z0-9_-]+)/;
const SENT = "If an account matches, we have sent a link to reset the password.";
const INVALID = "This link to reset the password is not valid any more. Ask for a new one.";
const NEW_PASSWORD = "a brand new secret";

let smtp: TestSmtp;
let forum: TestForum;
let now: number;

async function start(options: ForumOptions = {}) {
  forum = await startForum({
    clock: () => now,
    ...sendingTo(smtp),
    ...options,
  });
}

/** Sends what is due and answers the token of the newest reset mail, after `count` mails in all. */
const resetTokenFrom = (count: number) => mailedToken(forum, smtp, count, RESET_LINK);

beforeEach(async () => {
  now = Date.parse("2026-11-30T09:00:00Z");
  smtp = await startSmtp();
});
afterEach(async () => {
  await forum?.close();
  await smtp.close();
});

describe("forgot password", () => {
  it("mails a reset link that works once, ends every session and signs in on this browser", async () => {
    await start();
    const member = await signedIn(forum, { username: "Alice", email: "alice@example.com" });
    const otherBrowser = await signedIn(forum, { username: "bob" });
    const asked = await client(forum.app).post("/api/password/forgot", { login: "alice" }, { host: "evil.example" });
    expect(asked).toMatchObject({ status: 200, body: { message: SENT } });

    const token = await resetTokenFrom(1);
    const [mail] = smtp.received;
    expect(mail?.envelopeTo).toEqual(["alice@example.com"]);
    expect(mail?.subject).toBe("[Tech Forum] Reset your password");
    expect(mail?.html).toContain(`href="https://forum.example.com/reset-password?token=${token}"`);
    expect(mail?.messageId).toMatch(/^<.+@forum\.example\.com>$/);
    expect(`${mail?.text}${mail?.html}`).not.toContain("evil.example");
    // 256 random bits, stored only as a hash.
    expect(Buffer.from(token.replace("forum_reset_", ""), "base64url")).toHaveLength(32);
    const stored = await forum.db.selectFrom("mail_tokens").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    // Sent, the outbox keeps the mail without its working link.
    const kept = await forum.db.selectFrom("mail_outbox").select(["state", "text", "html"]).execute();
    expect(kept).toMatchObject([{ state: "sent" }]);
    expect(JSON.stringify(kept)).not.toContain("forum_reset_");
    expect(kept[0]?.text).toContain("reset-password?token=[sent, not kept]");

    const browser = client(forum.app);
    const reset = await browser.post("/api/password/reset", { token, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect(reset.body.username).toBe("Alice");
    expect((await browser.get("/api/user")).status).toBe(200);
    expect((await member.get("/api/user")).status).toBe(401);
    expect((await otherBrowser.get("/api/user")).status).toBe(200);
    const login = await client(forum.app).post("/api/login", { username: "alice", password: NEW_PASSWORD });
    expect(login.status).toBe(200);

    const again = await client(forum.app).post("/api/password/reset", { token, password: "yet another secret" });
    expect(again).toMatchObject({ status: 400, body: { message: INVALID } });
  });

  it("answers the same for an unknown account, and sends nothing", async () => {
    await start();
    await insertUser(forum.db, { username: "carol", email: "carol@example.com" });
    const known = await client(forum.app).post("/api/password/forgot", { login: "Carol@Example.com" });
    const unknownName = await client(forum.app).post("/api/password/forgot", { login: "nobody" });
    const unknownAddress = await client(forum.app).post("/api/password/forgot", { login: "nobody@example.com" });
    for (const answer of [known, unknownName, unknownAddress]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: SENT });
    }
    await resetTokenFrom(1);
    expect(await forum.app.services.mail.sender?.sendDue()).toBe(0);
    expect(smtp.received.map((mail) => mail.envelopeTo[0])).toEqual(["carol@example.com"]);
  });

  it("refuses a link after 60 minutes, and an older link once a newer one is sent", async () => {
    await start();
    await insertUser(forum.db, { username: "dave" });
    await client(forum.app).post("/api/password/forgot", { login: "dave" });
    const first = await resetTokenFrom(1);
    await client(forum.app).post("/api/password/forgot", { login: "dave" });
    const second = await resetTokenFrom(2);
    expect(second).not.toBe(first);
    expect(
      (await client(forum.app).post("/api/password/reset", { token: first, password: NEW_PASSWORD })).body,
    ).toEqual({
      message: INVALID,
    });

    now += 60 * 60_000;
    const late = await client(forum.app).post("/api/password/reset", { token: second, password: NEW_PASSWORD });
    expect(late).toMatchObject({ status: 400, body: { message: INVALID } });
    const short = await client(forum.app).post("/api/password/reset", { token: second, password: "short" });
    expect(short.status).toBe(400);
  });

  it("sends at most 3 reset mails per account an hour, and takes 10 requests per address", async () => {
    await start({ rateLimits: true });
    await insertUser(forum.db, { username: "erin" });
    for (let i = 0; i < 4; i++) {
      expect((await client(forum.app).post("/api/password/forgot", { login: "erin" })).body).toEqual({ message: SENT });
    }
    await forum.app.services.mail.sender?.sendDue();
    await smtp.waitFor(3);
    expect(await forum.db.selectFrom("mail_outbox").select("id").execute()).toHaveLength(3);
    for (let i = 0; i < 6; i++) await client(forum.app).post("/api/password/forgot", { login: `someone${i}` });
    const refused = await client(forum.app).post("/api/password/forgot", { login: "erin" });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many requests to reset a password from this address\. Try again in/);
    // An hour later the account may have mail again.
    now += 60 * 60_000 + 1;
    expect((await client(forum.app).post("/api/password/forgot", { login: "erin" })).status).toBe(200);
    await resetTokenFrom(4);
  });

  it("never logs the token, and the reset page sends no Referer", async () => {
    await start();
    expect(withoutSecrets("/reset-password?token=forum_reset_abc&x=1")).toBe("/reset-password?token=[hidden]&x=1");
    const page = await forum.app.inject({ method: "GET", url: "/reset-password?token=forum_reset_abc" });
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    const other = await forum.app.inject({ method: "GET", url: "/api/categories" });
    expect(other.headers["referrer-policy"]).not.toBe("no-referrer");
  });
});

describe("the admin's reset link", () => {
  it("with SMTP: sends the reset email", async () => {
    await start();
    const admin = await signedIn(forum, { role: "admin" });
    const member = await insertUser(forum.db, { username: "frank" });
    const sent = await admin.post(`/api/admin/users/${member.id}/reset-link`);
    expect(sent.body).toEqual({ message: "Reset email sent to frank@example.com", link: null });
    const token = await resetTokenFrom(1);
    expect((await client(forum.app).post("/api/password/reset", { token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("without SMTP: answers a one-time link to hand over", async () => {
    forum = await startForum({ clock: () => now, publicUrl: "https://forum.example.com" });
    const admin = await signedIn(forum, { role: "admin" });
    const member = await insertUser(forum.db, { username: "grace" });
    const made = await admin.post(`/api/admin/users/${member.id}/reset-link`);
    expect(made.status).toBe(200);
    const token = RESET_LINK.exec(made.body.link)?.[1] as string;
    expect(token).toBeDefined();
    const browser = client(forum.app);
    expect((await browser.post("/api/password/reset", { token, password: NEW_PASSWORD })).status).toBe(200);
    expect((await browser.post("/api/password/reset", { token, password: NEW_PASSWORD })).status).toBe(400);
    expect((await admin.post("/api/admin/users/999999/reset-link")).status).toBe(404);
    const member2 = await signedIn(forum);
    expect((await member2.post(`/api/admin/users/${member.id}/reset-link`)).status).toBe(403);
  });
});
