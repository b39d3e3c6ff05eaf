// The outbox and its sender against a real SMTP server: a mail is written to the outbox and sent
// by the background sender, with both parts, a Message-ID and the forum's name; without SMTP it
// is kept for admins to read; SMTP down, it waits with growing pauses and is sent once SMTP is
// back, never twice; two instances send each mail once; a sender killed mid-send leaves the
// mail to the next one. The clock is injected: the tests move it, they never wait for it.
import { GIVE_UP_AFTER_MS, LEASE_MS } from "@forum/api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ForumOptions, signedIn, startForum, type TestForum } from "./harness";
import { mailedToken, sendingTo, startSmtp, type TestSmtp } from "./smtp";

const MINUTE = 60_000;
let smtp: TestSmtp;
let forum: TestForum;
let now: number;

async function start(options: ForumOptions = {}) {
  forum = await startForum({
    clock: () => now,
    ...sendingTo(smtp),
    ...options,
  });
  return signedIn(forum, { role: "admin" });
}

const sender = (app = forum.app) => {
  const found = app.services.mail.sender;
  if (!found) throw new Error("no sender: SMTP is not configured");
  return found;
};
const outbox = () => forum.db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();

beforeEach(async () => {
  now = Date.parse("2026-11-30T09:00:00Z");
  smtp = await startSmtp();
});
afterEach(async () => {
  await forum?.close();
  await smtp.close();
});

describe("the outbox with SMTP configured", () => {
  it("sends a test mail with both parts, a Message-ID, the forum's name, and links from the public address", async () => {
    const admin = await start();
    // A forged Host never reaches a link: the public address does.
    const queued = await admin.post("/api/admin/mail/test", { to: "Someone@Example.org" }, { host: "evil.example" });
    expect(queued.status).toBe(201);
    expect(queued.body.message).toBe("Test email queued for someone@example.org");
    const [row] = await outbox();
    expect(row).toMatchObject({ kind: "test", toAddress: "someone@example.org", state: "queued" });

    expect(await sender().sendDue()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.envelopeTo).toEqual(["someone@example.org"]);
    expect(mail?.from?.text).toBe('"Tech Forum" <forum@example.com>');
    expect(mail?.subject).toBe("[Tech Forum] Test email");
    expect(mail?.messageId).toBe(row?.messageId);
    expect(mail?.text).toContain(`sent by ${admin.user.username}`);
    expect(mail?.text).toContain("https://forum.example.com/");
    expect(mail?.html).toContain('href="https://forum.example.com/"');
    expect(`${mail?.text}${mail?.html}`).not.toContain("evil.example");
    // Mail a person asked for: no unsubscribe, not auto-generated.
    expect(mail?.headers.has("list-unsubscribe")).toBe(false);
    expect((await outbox())[0]).toMatchObject({ state: "sent", attempts: 1, sentAt: now, lastError: null });
  });

  it("without MAIL_FROM, sends from forum@ the host named as the admin names the forum, at sending time", async () => {
    const admin = await start({ mail: { ...sendingTo(smtp).mail, from: { address: "forum@example.com" } } });
    expect((await admin.post("/api/admin/mail/test", { to: "a@example.org" })).status).toBe(201);
    // Renamed after the mail was queued: its subject keeps the old name, its sender has the new one.
    expect((await admin.post("/api/site", { name: 'Makers "Co"' })).status).toBe(200);
    expect(await sender().sendDue()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.from?.value).toEqual([{ name: 'Makers "Co"', address: "forum@example.com" }]);
    expect(mail?.subject).toBe("[Tech Forum] Test email");
  });

  it("keeps mail while SMTP is down, retries with growing pauses, and sends each mail once when it is back", async () => {
    const admin = await start();
    smtp.refuse = true;
    for (const to of ["a@example.org", "b@example.org", "c@example.org"]) {
      expect((await admin.post("/api/admin/mail/test", { to })).status).toBe(201);
    }
    expect(await sender().sendDue()).toBe(3);
    expect(smtp.received).toHaveLength(0);
    let rows = await outbox();
    for (const row of rows) {
      expect(row).toMatchObject({ state: "queued", attempts: 1 });
      expect(row.lastError).toContain("421");
      expect(Number(row.nextAttemptAt) - now).toBeGreaterThanOrEqual(MINUTE);
    }
    const status = await admin.get("/api/admin/mail/status");
    expect(status.body).toMatchObject({ smtpConfigured: true, counts: { queued: 3, sent: 0 } });
    expect(status.body.lastError).toContain("421");

    // Not due yet: nothing is tried.
    expect(await sender().sendDue()).toBe(0);
    // Each pause longer than the one before.
    const pauses: number[] = [];
    for (let attempt = 2; attempt <= 5; attempt++) {
      const due = Math.max(...(await outbox()).map((row) => Number(row.nextAttemptAt)));
      now = due;
      expect(await sender().sendDue()).toBe(3);
      rows = await outbox();
      pauses.push(Number(rows[0]?.nextAttemptAt) - now);
      expect(rows[0]).toMatchObject({ state: "queued", attempts: attempt });
    }
    for (let i = 1; i < pauses.length; i++) expect(pauses[i]).toBeGreaterThan(pauses[i - 1] as number);

    smtp.refuse = false;
    now = Math.max(...rows.map((row) => Number(row.nextAttemptAt)));
    expect(await sender().sendDue()).toBe(3);
    await smtp.waitFor(3);
    expect(await sender().sendDue()).toBe(0);
    now += GIVE_UP_AFTER_MS;
    expect(await sender().sendDue()).toBe(0);
    expect(smtp.received.map((mail) => mail.envelopeTo[0]).sort()).toEqual([
      "a@example.org",
      "b@example.org",
      "c@example.org",
    ]);
    expect((await outbox()).map((row) => row.state)).toEqual(["sent", "sent", "sent"]);
  });

  it("gives a mail up after a day of failures, shows the error, and sends it on Retry", async () => {
    const admin = await start();
    smtp.refuse = true;
    await admin.post("/api/admin/mail/test", { to: "late@example.org" });
    const queuedAt = now;
    for (let attempt = 0; attempt < 100; attempt++) {
      await sender().sendDue();
      const [row] = await outbox();
      if (row?.state === "failed") break;
      now = Number(row?.nextAttemptAt);
    }
    const [failed] = await outbox();
    expect(failed?.state).toBe("failed");
    expect(now - queuedAt).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS);
    // Tried all along, with pauses of at most about an hour.
    expect(Number(failed?.attempts)).toBeGreaterThan(24);
    const listed = await admin.get("/api/admin/mail?state=failed");
    expect(listed.body.total).toBe(1);
    expect(listed.body.mails[0]).toMatchObject({ to: "late@example.org", state: "failed" });
    expect(listed.body.mails[0].lastError).toContain("421");
    // The error's own time (the last attempt's), not the next attempt's; the mail's is when it was written.
    expect(listed.body.mails[0]).toMatchObject({ lastErrorAt: now, createdAt: queuedAt });
    expect((await admin.get("/api/admin/mail/status")).body).toMatchObject({ lastErrorAt: now });

    // Retry gives the mail another day of tries, counted from the retry; it is still dated when written.
    now += 60 * MINUTE;
    const retriedAt = now;
    expect((await admin.post(`/api/admin/mail/${failed?.id}/retry`)).status).toBe(200);
    await sender().sendDue();
    expect((await outbox())[0]).toMatchObject({ state: "queued" });
    expect(Number((await outbox())[0]?.createdAt)).toBe(queuedAt);
    now = retriedAt + GIVE_UP_AFTER_MS - MINUTE;
    await sender().sendDue();
    expect((await outbox())[0]?.state).toBe("queued");

    smtp.refuse = false;
    now = Number((await outbox())[0]?.nextAttemptAt);
    expect(await sender().sendDue()).toBe(1);
    await smtp.waitFor(1);
    expect((await outbox())[0]?.state).toBe("sent");
    expect(Number((await outbox())[0]?.createdAt)).toBe(queuedAt);
    expect((await admin.post("/api/admin/mail/999999/retry")).status).toBe(404);
  });

  it("sends each mail once with two instances sending at the same time", async () => {
    const admin = await start();
    for (let i = 0; i < 25; i++) await admin.post("/api/admin/mail/test", { to: `member${i}@example.org` });
    const second = await forum.startInstance();
    const attempted = await Promise.all([sender().sendDue(), sender(second).sendDue()]);
    expect(attempted.reduce((sum, count) => sum + count, 0)).toBe(25);
    await smtp.waitFor(25);
    const ids = smtp.received.map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(25);
    expect(smtp.received).toHaveLength(25);
    for (const row of await outbox()) expect(row).toMatchObject({ state: "sent", attempts: 1 });
  });

  it("leaves a mail claimed by a sender that died mid-send to the next sender once the lease is over", async () => {
    const admin = await start();
    await admin.post("/api/admin/mail/test", { to: "orphan@example.org" });
    // What a claim leaves behind when its process is killed before it records the outcome.
    await forum.db
      .updateTable("mail_outbox")
      .set({ state: "sending", attempts: 1, nextAttemptAt: now + LEASE_MS })
      .execute();
    const second = await forum.startInstance();
    expect(await sender(second).sendDue()).toBe(0);
    now += LEASE_MS;
    expect(await sender(second).sendDue()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.envelopeTo).toEqual(["orphan@example.org"]);
    expect((await outbox())[0]).toMatchObject({ state: "sent", attempts: 2 });
  });
});

describe("the outbox without SMTP", () => {
  it("keeps every mail, sends nothing, and lets an admin read it with its links", async () => {
    forum = await startForum({ clock: () => now, publicUrl: "https://forum.example.com" });
    const admin = await signedIn(forum, { role: "admin" });
    expect(forum.app.services.mail.sender).toBeUndefined();
    const queued = await admin.post("/api/admin/mail/test", { to: "kept@example.org" });
    expect(queued.status).toBe(201);
    expect(queued.body.message).toBe(
      "SMTP is not configured: the test email to kept@example.org is kept in the outbox",
    );
    expect((await outbox())[0]).toMatchObject({ state: "kept", attempts: 0 });
    const status = await admin.get("/api/admin/mail/status");
    expect(status.body).toMatchObject({ smtpConfigured: false, lastError: null, counts: { kept: 1 } });
    const listed = await admin.get("/api/admin/mail?state=kept");
    expect(listed.body.mails[0]).toMatchObject({ to: "kept@example.org", subject: "[Tech Forum] Test email" });
    expect(listed.body.mails[0].text).toContain("https://forum.example.com/");
    expect(smtp.received).toHaveLength(0);
    // Kept mail is for reading: Retry does not turn it into mail to send.
    expect((await admin.post(`/api/admin/mail/${listed.body.mails[0].id}/retry`)).status).toBe(404);
  });

  it("is for admins only", async () => {
    forum = await startForum({ clock: () => now });
    const member = await signedIn(forum);
    expect((await member.get("/api/admin/mail")).status).toBe(403);
    expect((await member.post("/api/admin/mail/test", { to: "x@example.org" })).status).toBe(403);
  });
});
