// Notification mail, against a real SMTP server: a reply or mention still unread once the wait has
// passed is mailed, a member's notifications that came due together in one mail, with one-click
// unsubscribe headers; and never for a read notification, a member with the switch off, an
// unconfirmed address, a banned or deleted member. The clock is injected and moved, never waited for.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withoutSecrets } from "../src/secretLinks";
import { client, insertCategory, insertPost, insertUser, signedIn, startForum, type TestForum } from "./harness";
import { headerOf, sendingTo, startSmtp, type TestSmtp, unsubscribeUrlOf } from "./smtp";

const MINUTE = 60_000;
const BASE = "https://forum.example.com";

let smtp: TestSmtp;
let forum: TestForum;
let now: number;

beforeEach(async () => {
  // Replies are stamped with the real time; the jobs' clock starts there and is moved by hand.
  now = Date.now();
  smtp = await startSmtp();
  forum = await startForum({ clock: () => now, ...sendingTo(smtp) });
});
afterEach(async () => {
  await forum.close();
  await smtp.close();
});

/**
 * A member with a confirmed address (as registration's mailed link would make it), signed in when
 * the test acts as them (a sign-in hashes a password: slow, so only where needed).
 */
async function member(options: { signedIn?: boolean; preferences?: object } = {}) {
  const browser = options.signedIn ? await signedIn(forum) : undefined;
  const user = browser?.user ?? (await insertUser(forum.db));
  await forum.db
    .updateTable("users")
    .set({ emailConfirmedAt: now, preferences: options.preferences ? JSON.stringify(options.preferences) : null })
    .where("id", "=", user.id)
    .execute();
  return { user, browser: browser as NonNullable<typeof browser> };
}

async function runJobs() {
  const ran = await forum.app.services.mail.jobs.runDue();
  await forum.app.services.mail.sender?.sendDue();
  return ran.notifications;
}

/** The oldest and the newest notification's time (they are stamped with the real time). */
async function notifiedAt(): Promise<[number, number]> {
  const row = await forum.db
    .selectFrom("notifications")
    .select((eb) => [eb.fn.min("createdAt").as("oldest"), eb.fn.max("createdAt").as("newest")])
    .executeTakeFirstOrThrow();
  return [Number(row.oldest), Number(row.newest)];
}

/** The clock `wait` after the newest notification. */
async function afterNewest(wait: number) {
  now = (await notifiedAt())[1] + wait;
}

async function unmailed() {
  const rows = await forum.db.selectFrom("notifications").select("id").where("mailed", "=", 0).execute();
  return rows.length;
}

describe("notification mail", () => {
  it("mails a member's unread reply and mention 10 minutes on, together, once, with unsubscribe headers", async () => {
    const categoryId = await insertCategory(forum.db);
    const author = await member();
    const replier = (await member({ signedIn: true })).browser;
    const first = await insertPost(forum.db, { authorId: author.user.id, categoryId, title: "Tabs or spaces" });
    const second = await insertPost(forum.db, { authorId: replier.user.id, categoryId, title: "Rust in 2026" });
    const reply = await replier.post(`/api/posts/${first.id}/replies`, { content: "Spaces, always." });
    const mention = await replier.post(`/api/posts/${second.id}/replies`, {
      content: `What does @${author.user.username} think?`,
    });

    // Not before the oldest one has waited its 10 minutes; then both at once.
    now = (await notifiedAt())[0] + 10 * MINUTE - 1;
    expect(await runJobs()).toBe(0);
    await afterNewest(10 * MINUTE);
    // Two instances look at once: one mail.
    const other = await forum.startInstance();
    const runs = await Promise.all([forum.app.services.mail.jobs.runDue(), other.services.mail.jobs.runDue()]);
    expect(runs[0].notifications + runs[1].notifications).toBe(1);
    await forum.app.services.mail.sender?.sendDue();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.envelopeTo).toEqual([`${author.user.username}@example.com`]);
    expect(mail?.subject).toBe("[Tech Forum] 2 new notifications");
    const who = `@${replier.user.username}`;
    expect(mail?.text).toContain(`${who} replied to "Tabs or spaces"`);
    expect(mail?.html).toContain(`${who} replied to &#34;Tabs or spaces&#34;`);
    for (const part of [mail?.text, mail?.html]) {
      expect(part).toContain("Tabs or spaces");
      expect(part).toContain(`${who} mentioned you in`);
      expect(part).toContain("Spaces, always.");
      expect(part).toContain(`${BASE}/posts/${first.slug}#reply-${reply.body.id}`);
      expect(part).toContain(`${BASE}/posts/${second.slug}#reply-${mention.body.id}`);
    }
    expect(mail?.html).toContain(`href="${BASE}/posts/${first.slug}#reply-${reply.body.id}"`);
    expect(headerOf(mail, "Auto-Submitted")).toBe("auto-generated");
    expect(headerOf(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(unsubscribeUrlOf(mail)).toMatch(/^https:\/\/forum\.example\.com\/unsubscribe\?token=forum_unsubscribe_/);
    expect(mail?.text).toContain(unsubscribeUrlOf(mail));

    // Once: nothing is due any more, on the next look or later.
    now += 60 * MINUTE;
    expect(await runJobs()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    // The outbox keeps the sent mail without its working link, headers included.
    const kept = await forum.db.selectFrom("mail_outbox").select(["kind", "text", "headers"]).execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]?.kind).toBe("notify");
    expect(`${kept[0]?.text}${kept[0]?.headers}`).not.toContain("forum_unsubscribe_");
  });

  it("mails one notification with its own subject, and a later one in a mail of its own", async () => {
    const categoryId = await insertCategory(forum.db);
    const author = await member();
    const replier = (await member({ signedIn: true })).browser;
    const post = await insertPost(forum.db, { authorId: author.user.id, categoryId, title: "Vim or Emacs" });
    await replier.post(`/api/posts/${post.id}/replies`, { content: "Vim." });
    await afterNewest(10 * MINUTE);
    expect(await runJobs()).toBe(1);
    await replier.post(`/api/posts/${post.id}/replies`, { content: "Or nano." });
    await afterNewest(10 * MINUTE);
    expect(await runJobs()).toBe(1);
    const mails = await smtp.waitFor(2);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `[Tech Forum] @${replier.user.username} replied to "Vim or Emacs"`,
      `[Tech Forum] @${replier.user.username} replied to "Vim or Emacs"`,
    ]);
    expect(mails[1]?.text).toContain("Or nano.");
    expect(mails[1]?.text).not.toContain("Vim.");
  });

  it("never mails a read notification, nor a member with the switch off, unconfirmed, banned or deleted", async () => {
    const categoryId = await insertCategory(forum.db);
    const replier = (await member({ signedIn: true })).browser;
    const reader = await member({ signedIn: true });
    const switchedOff = await member({ preferences: { emailNotifications: false } });
    const unconfirmed = { user: await insertUser(forum.db) };
    const banned = await member();
    const deleted = await member();
    const posts = [];
    for (const owner of [reader, switchedOff, unconfirmed, banned, deleted]) {
      posts.push(await insertPost(forum.db, { authorId: owner.user.id, categoryId }));
    }
    for (const post of posts) await replier.post(`/api/posts/${post.id}/replies`, { content: "A reply" });
    expect(await unmailed()).toBe(5);

    expect((await reader.browser.post("/api/notifications/read", {})).status).toBe(200);
    await forum.db.updateTable("users").set({ banned: 1 }).where("id", "=", banned.user.id).execute();
    const admin = await signedIn(forum, { role: "admin" });
    expect((await admin.del(`/api/admin/users/${deleted.user.id}`)).status).toBe(200);

    await afterNewest(10 * MINUTE);
    expect(await runJobs()).toBe(0);
    expect(await forum.db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
    // Dealt with, so never looked at again.
    expect(await unmailed()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("marks due notifications without mailing them when SMTP is not configured", async () => {
    await forum.close();
    forum = await startForum({ clock: () => now, mail: { background: false } });
    const categoryId = await insertCategory(forum.db);
    const author = await member();
    const replier = (await member({ signedIn: true })).browser;
    const post = await insertPost(forum.db, { authorId: author.user.id, categoryId });
    await replier.post(`/api/posts/${post.id}/replies`, { content: "Hello" });
    await afterNewest(10 * MINUTE);
    expect((await forum.app.services.mail.jobs.runDue()).notifications).toBe(0);
    expect(await unmailed()).toBe(0);
    expect(await forum.db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
  });
});

describe("one-click unsubscribe", () => {
  async function mailedUnsubscribeUrl() {
    const categoryId = await insertCategory(forum.db);
    const author = await member({ signedIn: true });
    const replier = (await member({ signedIn: true })).browser;
    const post = await insertPost(forum.db, { authorId: author.user.id, categoryId });
    await replier.post(`/api/posts/${post.id}/replies`, { content: "Hello" });
    await afterNewest(10 * MINUTE);
    await runJobs();
    const [mail] = await smtp.waitFor(1);
    const url = new URL(unsubscribeUrlOf(mail));
    return { author, replier, post, path: `${url.pathname}${url.search}` };
  }

  it("shows a page with a button on GET, and turns Email Notifications off on the one-click POST without signing in", async () => {
    const { author, replier, post, path } = await mailedUnsubscribeUrl();
    const page = await forum.app.inject({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.body).toContain("Stop email notifications?");
    expect(page.body).toContain(`<form method="post" action="${path.replace(/&/g, "&#38;")}">`);
    // Only the token's hash is kept; the request log hides the token.
    const token = new URLSearchParams(path.split("?")[1]).get("token") ?? "";
    const stored = await forum.db.selectFrom("unsubscribe_tokens").select(["tokenHash", "list"]).execute();
    expect(stored).toEqual([{ tokenHash: expect.stringMatching(/^[0-9a-f]{64}$/), list: "notify" }]);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(withoutSecrets(path)).toBe("/unsubscribe?token=[hidden]");
    // A scanner following the link changes nothing.
    expect((await author.browser.get("/api/users/me/preferences")).body.emailNotifications).toBe(true);

    // RFC 8058: a mail provider's POST, from its own origin, no cookie.
    const done = await forum.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example.net" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("You will no longer get email notifications.");
    expect((await author.browser.get("/api/users/me/preferences")).body).toMatchObject({
      emailNotifications: false,
      weeklyDigest: false,
    });
    // Posting it again answers the same (providers may retry).
    expect((await forum.app.inject({ method: "POST", url: path, payload: "" })).statusCode).toBe(200);

    // No more notification mail.
    await replier.post(`/api/posts/${post.id}/replies`, { content: "Anyone?" });
    await afterNewest(10 * MINUTE);
    expect(await runJobs()).toBe(0);
  });

  it("refuses an unknown or expired token, by the page and by POST /api/email/unsubscribe", async () => {
    const { path } = await mailedUnsubscribeUrl();
    const token = new URLSearchParams(path.split("?")[1]).get("token") ?? "";
    const unknown = "/unsubscribe?token=forum_unsubscribe_nothing";
    expect((await forum.app.inject({ method: "GET", url: unknown })).statusCode).toBe(400);
    expect((await forum.app.inject({ method: "POST", url: unknown })).statusCode).toBe(400);
    const refused = await client(forum.app).post("/api/email/unsubscribe", { token: "forum_unsubscribe_nothing" });
    expect(refused).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^This unsubscribe link/) } });
    now += 91 * 24 * 60 * MINUTE;
    expect((await client(forum.app).post("/api/email/unsubscribe", { token })).status).toBe(400);
  });
});
