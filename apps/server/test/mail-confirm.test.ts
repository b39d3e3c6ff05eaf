// Confirmed addresses, against a real SMTP server: registration mails a confirmation link that
// works once, for 24 hours; Resend sends a new one (replacing the old) within its limit; admins
// count as confirmed. The clock is injected and moved, never waited for.
import { ensureAdmin } from "@forum/api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { client, type ForumOptions, startForum, type TestForum } from "./harness";
import { mailedToken, sendingTo, startSmtp, type TestSmtp } from "./smtp";

const CONFIRM_LINK = /https:\/\/forum\.example\.com\/confirm-email\?token=(forum_confirm_[A-Za-z0-9_-]+)/;
const INVALID = "This confirmation link is not valid any more. Sign in and send a new one.";

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

const confirmTokenFrom = (count: number) => mailedToken(forum, smtp, count, CONFIRM_LINK);

async function register(username: string) {
  const browser = client(forum.app);
  const made = await browser.post("/api/register", {
    username,
    email: `${username}@example.com`,
    password: "a-long-password-1",
  });
  expect(made.status).toBe(201);
  return browser;
}

beforeEach(async () => {
  now = Date.parse("2026-11-30T09:00:00Z");
  smtp = await startSmtp();
});
afterEach(async () => {
  await forum?.close();
  await smtp.close();
});

describe("confirmed addresses", () => {
  it("mails a confirmation link on registration that confirms the address once", async () => {
    await start();
    const browser = await register("hannah");
    expect((await browser.get("/api/user")).body.emailConfirmed).toBe(false);
    const token = await confirmTokenFrom(1);
    const [mail] = smtp.received;
    expect(mail?.envelopeTo).toEqual(["hannah@example.com"]);
    expect(mail?.subject).toBe("[Tech Forum] Confirm your email address");
    expect(mail?.html).toContain(`href="https://forum.example.com/confirm-email?token=${token}"`);
    // The account and its mail commit together.
    expect(await forum.db.selectFrom("mail_outbox").select("kind").execute()).toEqual([{ kind: "confirm" }]);

    const confirmed = await client(forum.app).post("/api/email/confirm", { token });
    expect(confirmed).toMatchObject({ status: 200, body: { message: "Your email address is confirmed." } });
    expect((await browser.get("/api/user")).body.emailConfirmed).toBe(true);
    expect((await client(forum.app).post("/api/email/confirm", { token })).body).toEqual({ message: INVALID });
    expect((await browser.post("/api/email/resend")).status).toBe(409);
  });

  it("refuses a link after 24 hours; Resend sends a new one that replaces it, within its limit", async () => {
    await start({ rateLimits: true });
    const browser = await register("ivan");
    const first = await confirmTokenFrom(1);
    const resent = await browser.post("/api/email/resend");
    expect(resent).toMatchObject({
      status: 200,
      body: { message: "We have sent a confirmation link to ivan@example.com." },
    });
    const second = await confirmTokenFrom(2);
    expect((await client(forum.app).post("/api/email/confirm", { token: first })).status).toBe(400);
    await browser.post("/api/email/resend");
    await browser.post("/api/email/resend");
    const refused = await browser.post("/api/email/resend");
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many confirmation emails\. Try again in/);
    const last = await confirmTokenFrom(4);
    expect(last).not.toBe(second);
    now += 24 * 60 * 60_000;
    expect((await client(forum.app).post("/api/email/confirm", { token: last })).status).toBe(400);
    expect((await browser.get("/api/user")).body.emailConfirmed).toBe(false);
    expect((await client(forum.app).post("/api/email/resend")).status).toBe(401);
  });

  it("counts admins as confirmed", async () => {
    await start();
    await ensureAdmin(forum.db, "chief", "a-long-admin-password");
    const admin = client(forum.app);
    expect((await admin.post("/api/login", { username: "chief", password: "a-long-admin-password" })).status).toBe(200);
    expect((await admin.get("/api/user")).body.emailConfirmed).toBe(true);
  });
});
