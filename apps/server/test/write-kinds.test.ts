// Every mutation's meta.writes against what it really writes: each one runs once, successfully,
// against a database whose triggers record the tables (and, on tables with counters, the column
// groups) each statement changed, read as data kinds through TABLE_KINDS
// (packages/db/src/dataKinds.ts). A kind written but not declared would leave kept answers
// stale on every instance; the test names the mutation and the kind. SQLite's triggers do the
// recording; the PostgreSQL notifications are checked against the same map in
// test/postgres/notified-kinds.test.ts.
import { createHash } from "node:crypto";
import * as XLSX from "@e965/xlsx";
import { totpCode, totpStepAt } from "@forum/api";
import { type DataKind, TABLE_KINDS, type TableKinds } from "@forum/db";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { procedureDefinition, procedureNames } from "../src/plugins/procedures";
import {
  type Client,
  client,
  insertCategory,
  insertPost,
  insertUser,
  type Reply,
  signedIn,
  startForum,
  TEST_ENGINE,
  type TestForum,
} from "./harness";
import { multipartBody, ONE_PIXEL_PNG } from "./multipart";

let forum: TestForum;
let admin: Client & { user: { id: number } };
let categoryId: number;

/** Records every change to the tables of TABLE_KINDS as (table, kind) rows. */
async function recordWrites(): Promise<void> {
  await sql`create table "writtenKinds" ("tableName" text not null, "kind" text not null)`.execute(forum.db);
  for (const [table, { kind, counters }] of Object.entries(TABLE_KINDS) as [string, TableKinds][]) {
    const record = (what: string) => `insert into "writtenKinds" values ('${table}', '${what}')`;
    const changed = (columns: readonly string[]) =>
      columns.map((column) => `old."${column}" is not new."${column}"`).join(" or ");
    const columns = (
      await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(forum.db)
    ).rows.map((row) => row.name);
    const statements = [
      `create trigger "record_${table}_insert" after insert on "${table}" begin ${record(kind)}; end`,
      `create trigger "record_${table}_delete" after delete on "${table}" begin ${record(kind)}; end`,
    ];
    const counted = Object.values(counters ?? {}).flat() as string[];
    for (const [counterKind, group] of Object.entries(counters ?? {}) as [DataKind, string[]][]) {
      statements.push(
        `create trigger "record_${table}_${counterKind}" after update on "${table}" when ${changed(group)} begin ${record(counterKind)}; end`,
      );
    }
    const rest = columns.filter((column) => !counted.includes(column));
    statements.push(
      `create trigger "record_${table}_update" after update on "${table}" when ${changed(rest)} begin ${record(kind)}; end`,
    );
    for (const statement of statements) await sql.raw(statement).execute(forum.db);
  }
}

async function writtenKinds(): Promise<Map<DataKind, string[]>> {
  const rows = await sql<{ tableName: string; kind: DataKind }>`select * from "writtenKinds"`.execute(forum.db);
  const kinds = new Map<DataKind, string[]>();
  for (const { tableName, kind } of rows.rows) {
    const tables = kinds.get(kind) ?? [];
    if (!tables.includes(tableName)) tables.push(tableName);
    kinds.set(kind, tables);
  }
  return kinds;
}

async function member() {
  return signedIn(forum);
}

/** A member with two-step sign-in on, and their recovery codes. */
async function withTwoStep() {
  const browser = await member();
  const { secret } = (await browser.post("/api/users/me/two-step/setup")).body;
  const enabled = await browser.post("/api/users/me/two-step/enable", {
    code: totpCode(secret, totpStepAt(Date.now())),
  });
  expect(enabled.status).toBe(200);
  return { browser, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

/** The member signed in on another browser too. */
async function secondSession(browser: Client & { user: { username: string; password: string } }) {
  const login = await client(forum.app).post("/api/login", {
    username: browser.user.username,
    password: browser.user.password,
  });
  expect(login.status).toBe(200);
}

/** A post by a fresh member, with a reply by another, the reply's author voting on the post. */
async function discussion() {
  const author = await member();
  const replier = await member();
  const post = await insertPost(forum.db, { authorId: author.user.id, categoryId });
  const reply = (await replier.post(`/api/posts/${post.id}/replies`, { content: `Hello @${author.user.username}` }))
    .body;
  await replier.post("/api/votes", { type: "upvote", postId: post.id });
  await author.post("/api/votes", { type: "upvote", replyId: reply.id });
  return { author, replier, post, reply };
}

/** A webhook endpoint (never reached: the name does not resolve here, and its sender is not waited for). */
async function newWebhook(): Promise<number> {
  const made = await admin.post("/api/admin/webhooks", {
    url: "https://hooks.example.com/kinds",
    events: ["report.created"],
  });
  expect(made.status).toBe(201);
  return made.body.id;
}

async function withAvatar(browser: Client) {
  const form = await multipartBody({ avatar: { name: "me.png", bytes: ONE_PIXEL_PNG } });
  const uploaded = await browser.post("/api/users/me/avatar", form.body, { "content-type": form.contentType });
  expect(uploaded.status).toBe(200);
}

/** For each mutation: the set-up (not recorded), then the call whose writes are recorded. */
const SCENARIOS: Record<string, () => Promise<() => Promise<Reply>>> = {
  "auth.register": async () => () =>
    client(forum.app).post("/api/register", {
      username: "kinds_new",
      email: "kinds_new@example.com",
      password: "a-long-password-1",
    }),
  "auth.login": async () => {
    const user = await insertUser(forum.db);
    return () => client(forum.app).post("/api/login", { username: user.username, password: user.password });
  },
  "auth.logout": async () => {
    const browser = await member();
    return () => browser.post("/api/logout");
  },
  "auth.changePassword": async () => {
    const browser = await member();
    await member(); // another session of someone else stays
    return () =>
      browser.put("/api/auth/change-password", {
        currentPassword: browser.user.password,
        newPassword: "another-password-2",
      });
  },
  "users.update": async () => {
    const browser = await member();
    return () =>
      browser.put(`/api/users/${browser.user.id}`, {
        bio: "Now with a bio",
        firstName: "Named",
        email: `${browser.user.username}@changed.example.com`,
      });
  },
  "users.setAvatar": async () => {
    const browser = await member();
    const form = await multipartBody({ avatar: { name: "me.png", bytes: ONE_PIXEL_PNG } });
    return () => browser.post("/api/users/me/avatar", form.body, { "content-type": form.contentType });
  },
  "users.deleteAvatar": async () => {
    const browser = await member();
    await withAvatar(browser);
    return () => browser.del("/api/users/me/avatar");
  },
  "users.updatePreferences": async () => {
    const browser = await member();
    return () => browser.put("/api/users/me/preferences", { weeklyDigest: true, showProfileInPosts: false });
  },
  "apiTokens.create": async () => {
    const browser = await member();
    return () => browser.post("/api/users/me/tokens", { name: "Recorded", scope: "read", expiresInDays: "30" });
  },
  "apiTokens.revoke": async () => {
    const browser = await member();
    const { id } = (await browser.post("/api/users/me/tokens", { name: "Mine", scope: "read", expiresInDays: "30" }))
      .body;
    return () => browser.del(`/api/users/me/tokens/${id}`);
  },
  "apiTokens.adminRevoke": async () => {
    const browser = await member();
    const { id } = (await browser.post("/api/users/me/tokens", { name: "Theirs", scope: "read", expiresInDays: "30" }))
      .body;
    return () => admin.del(`/api/admin/tokens/${id}`);
  },
  "twoStep.setup": async () => {
    const browser = await member();
    return () => browser.post("/api/users/me/two-step/setup");
  },
  "twoStep.enable": async () => {
    const browser = await member();
    const { secret } = (await browser.post("/api/users/me/two-step/setup")).body;
    return () => browser.post("/api/users/me/two-step/enable", { code: totpCode(secret, totpStepAt(Date.now())) });
  },
  "twoStep.disable": async () => {
    const { browser } = await withTwoStep();
    return () => browser.post("/api/users/me/two-step/disable", { password: browser.user.password });
  },
  "auth.secondStep": async () => {
    const { browser, recoveryCodes } = await withTwoStep();
    const signingIn = client(forum.app);
    const { challenge } = (
      await signingIn.post("/api/login", { username: browser.user.username, password: browser.user.password })
    ).body;
    return () => signingIn.post("/api/login/second-step", { challenge, code: recoveryCodes[0] });
  },
  "sessions.signOut": async () => {
    const browser = await member();
    await secondSession(browser);
    const other = (await browser.get("/api/users/me/sessions")).body.find((s: { current: boolean }) => !s.current);
    return () => browser.del(`/api/users/me/sessions/${other.id}`);
  },
  "sessions.signOutOthers": async () => {
    const browser = await member();
    await secondSession(browser);
    return () => browser.del("/api/users/me/other-sessions");
  },
  "dataExport.request": async () => {
    const browser = await member();
    return () => browser.post("/api/users/me/data-export");
  },
  // A backup writes a file, and its line in the staff log.
  "backups.create": async () => () => admin.post("/api/admin/backups"),
  "notifications.markRead": async () => {
    const { author } = await discussion();
    return () => author.post("/api/notifications/read", {});
  },
  "readStates.markRead": async () => {
    const { post } = await discussion();
    const reader = await member();
    return () => reader.post(`/api/posts/${post.id}/read`, { upTo: 0 });
  },
  "readStates.markAllRead": async () => {
    const { post } = await discussion();
    const reader = await member();
    await reader.post(`/api/posts/${post.id}/read`, { upTo: 0 });
    return () => reader.post("/api/read/all");
  },
  "categories.create": async () => () =>
    admin.post("/api/categories", { name: "Recorded", description: "Made while recording" }),
  "categories.update": async () => {
    const id = await insertCategory(forum.db);
    return () => admin.put(`/api/categories/${id}`, { name: "Renamed while recording", description: "Changed" });
  },
  "categories.delete": async () => {
    const id = await insertCategory(forum.db);
    return () => admin.del(`/api/categories/${id}`);
  },
  "posts.create": async () => {
    const browser = await member();
    return () => browser.post("/api/posts", { title: "Recorded post", content: "Hello @admin_kinds", categoryId });
  },
  "posts.update": async () => {
    const { post } = await discussion();
    const other = await insertCategory(forum.db);
    return () =>
      admin.put(`/api/posts/${post.id}`, {
        title: "Moved and pinned",
        content: "Edited, mentioning @admin_kinds",
        categoryId: other,
        pinned: true,
        locked: true,
        featured: true,
      });
  },
  "posts.delete": async () => {
    const { author, post } = await discussion();
    return () => author.del(`/api/posts/${post.id}`);
  },
  "replies.create": async () => {
    const { post, reply } = await discussion();
    const browser = await member();
    return () =>
      browser.post(`/api/posts/${post.id}/replies`, { content: "Answering @admin_kinds", replyToId: reply.id });
  },
  "replies.update": async () => {
    const { replier, reply } = await discussion();
    return () => replier.put(`/api/replies/${reply.id}`, { content: "Edited, mentioning @admin_kinds" });
  },
  "replies.delete": async () => {
    const { replier, reply } = await discussion();
    return () => replier.del(`/api/replies/${reply.id}`);
  },
  "votes.cast": async () => {
    const { reply } = await discussion();
    const browser = await member();
    return () => browser.post("/api/votes", { type: "downvote", replyId: reply.id });
  },
  "reports.create": async () => {
    const { post } = await discussion();
    const browser = await member();
    return () => browser.post("/api/reports", { postId: post.id, reason: "Spam" });
  },
  "reports.resolve": async () => {
    const { post, author } = await discussion();
    await withAvatar(author);
    const reporter = await member();
    await reporter.post("/api/reports", { postId: post.id, reason: "Abuse" });
    return () => admin.post("/api/admin/reports/resolve", { postId: post.id, action: "ban" });
  },
  "ads.create": async () => () => admin.post("/api/ads", { title: "Recorded ad", content: "Buy" }),
  "ads.update": async () => {
    const ad = (await admin.post("/api/ads", { title: "An ad", content: "Buy" })).body;
    return () => admin.put(`/api/ads/${ad.id}`, { title: "Changed ad", content: "Sell", active: false });
  },
  "ads.delete": async () => {
    const ad = (await admin.post("/api/ads", { title: "An ad", content: "Buy" })).body;
    return () => admin.del(`/api/ads/${ad.id}`);
  },
  "ads.track": async () => {
    const ad = (await admin.post("/api/ads", { title: "Tracked", content: "Buy" })).body;
    return () => client(forum.app).post(`/api/ads/${ad.id}/track`, { type: "click" });
  },
  "ads.updateSettings": async () => () =>
    admin.post("/api/ad-settings", { enableAds: true, adsensePubId: "pub-1", adsBetweenPosts: 4 }),
  "admin.updateUser": async () => {
    const user = await insertUser(forum.db);
    return () =>
      admin.put(`/api/admin/users/${user.id}`, {
        username: `${user.username}_renamed`,
        email: `${user.username}@renamed.example.com`,
        role: "moderator",
      });
  },
  "admin.setBanned": async () => {
    const browser = await member();
    return () => admin.put(`/api/admin/users/${browser.user.id}/ban`, { banned: true });
  },
  "admin.resetLink": async () => {
    const browser = await member();
    return () => admin.post(`/api/admin/users/${browser.user.id}/reset-link`);
  },
  "password.forgot": async () => {
    const user = await insertUser(forum.db);
    return () => client(forum.app).post("/api/password/forgot", { login: user.username });
  },
  "password.reset": async () => {
    const browser = await member();
    const { link } = (await admin.post(`/api/admin/users/${browser.user.id}/reset-link`)).body;
    const token = new URL(link).searchParams.get("token");
    return () => client(forum.app).post("/api/password/reset", { token, password: "a-reset-password-1" });
  },
  "email.resend": async () => {
    const browser = await member();
    return () => browser.post("/api/email/resend");
  },
  "email.confirm": async () => {
    const browser = await member();
    await browser.post("/api/email/resend");
    const kept = await forum.db
      .selectFrom("mail_outbox")
      .select("text")
      .where("kind", "=", "confirm")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const token = /token=(\S+)/.exec(kept.text)?.[1];
    return () => client(forum.app).post("/api/email/confirm", { token });
  },
  "email.cancelChange": async () => {
    const browser = await member();
    await browser.put(`/api/users/${browser.user.id}`, { email: `${browser.user.username}@moving.example.com` });
    return () => browser.del("/api/email/pending");
  },
  "forumSettings.update": async () => () => admin.post("/api/forum-settings", { requireConfirmedEmail: true }),
  "site.update": async () => () => admin.post("/api/site", { name: "Kinds Forum", contact: "kinds@example.org" }),
  "site.setLogo": async () => {
    const form = await multipartBody({ logo: { name: "logo.png", bytes: ONE_PIXEL_PNG } });
    return () => admin.post("/api/site/logo", form.body, { "content-type": form.contentType });
  },
  "site.removeLogo": async () => () => admin.del("/api/site/logo"),
  "email.unsubscribe": async () => {
    const browser = await member();
    const token = `forum_unsubscribe_kinds_${browser.user.id}`;
    await forum.db
      .insertInto("unsubscribe_tokens")
      .values({
        tokenHash: createHash("sha256").update(token).digest("hex"),
        userId: browser.user.id,
        list: "notify",
        expiresAt: Date.now() + 60_000,
      })
      .execute();
    return () => client(forum.app).post("/api/email/unsubscribe", { token });
  },
  "mail.updateDigestSchedule": async () => () =>
    admin.put("/api/admin/mail/digest-schedule", { digestWeekday: 5, digestHour: 17 }),
  "mail.sendTest": async () => () => admin.post("/api/admin/mail/test", { to: "kinds@example.com" }),
  "webhooks.create": async () => () =>
    admin.post("/api/admin/webhooks", { url: "https://hooks.example.com/kinds", events: ["user.created"] }),
  "webhooks.update": async () => {
    const id = await newWebhook();
    return () => admin.put(`/api/admin/webhooks/${id}`, { enabled: false });
  },
  "webhooks.delete": async () => {
    const id = await newWebhook();
    return () => admin.del(`/api/admin/webhooks/${id}`);
  },
  "webhooks.sendTest": async () => {
    const id = await newWebhook();
    return () => admin.post(`/api/admin/webhooks/${id}/test`);
  },
  "webhooks.redeliver": async () => {
    const id = await newWebhook();
    await admin.post(`/api/admin/webhooks/${id}/test`);
    const [delivery] = (await admin.get(`/api/admin/webhooks/${id}/deliveries`)).body;
    return () => admin.post(`/api/admin/webhook-deliveries/${delivery.id}/redeliver`);
  },
  "mail.retry": async () => {
    const now = Date.now();
    const row = await forum.db
      .insertInto("mail_outbox")
      .values({
        kind: "test",
        toAddress: "x@example.com",
        subject: "s",
        text: "t",
        html: "h",
        messageId: "<m@x>",
        state: "failed",
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return () => admin.post(`/api/admin/mail/${row.id}/retry`);
  },
  "admin.deleteUser": async () => {
    const { author } = await discussion();
    await withAvatar(author);
    const reporter = await member();
    const { post } = await discussion();
    await author.post("/api/reports", { postId: post.id, reason: "Spam" });
    await reporter.post(`/api/posts/${post.id}/replies`, { content: `@${author.user.username} hi` });
    await author.post("/api/users/me/tokens", { name: "Goes with the account", scope: "read", expiresInDays: "30" });
    return () => admin.del(`/api/admin/users/${author.user.id}`);
  },
  "account.delete": async () => {
    // Keeping what they wrote: the row stays and loses its name, profile, secrets and sessions.
    const { browser, recoveryCodes } = await withTwoStep();
    await withAvatar(browser);
    const post = await insertPost(forum.db, { authorId: browser.user.id, categoryId });
    const replier = await member();
    await replier.post(`/api/posts/${post.id}/replies`, { content: `Hello @${browser.user.username}` });
    await browser.post("/api/users/me/tokens", { name: "Goes with the account", scope: "read", expiresInDays: "30" });
    return () =>
      browser.post("/api/users/me/delete", {
        password: browser.user.password,
        code: recoveryCodes[0],
        content: "keep",
      });
  },
  "bulk.upload": async () => {
    const rows = [
      ["title", "content", "categoryId", "authorId"],
      ["Imported", "Imported text", categoryId, admin.user.id],
    ];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
    const bytes = XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
    const form = await multipartBody({ type: "posts", file: { name: "posts.xlsx", bytes } });
    return () => admin.post("/api/bulk-upload", form.body, { "content-type": form.contentType });
  },
};

describe.skipIf(TEST_ENGINE === "postgres")("what each mutation writes", () => {
  beforeAll(async () => {
    forum = await startForum();
    admin = await signedIn(forum, { role: "admin", username: "admin_kinds" });
    categoryId = await insertCategory(forum.db, "Recorded kinds");
    await recordWrites();
  });
  afterAll(() => forum?.close());

  const mutations = procedureNames().filter((name) => procedureDefinition(name).type === "mutation");

  it("has a scenario for every mutation", () => {
    expect(Object.keys(SCENARIOS).sort()).toEqual([...mutations].sort());
  });

  it.each(mutations)("%s declares every kind it writes", async (name) => {
    const scenario = SCENARIOS[name];
    if (!scenario) throw new Error(`No scenario for ${name}`);
    const act = await scenario();
    await forum.app.services.views.flush();
    await sql`delete from "writtenKinds"`.execute(forum.db);
    const reply = await act();
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
    const written = await writtenKinds();
    expect(written.size, `${name} wrote nothing`).toBeGreaterThan(0);
    const declared = procedureDefinition(name).meta?.writes ?? [];
    const undeclared = [...written]
      // The request's own note of its session's use comes before the procedure, whichever it is.
      .filter(([kind]) => kind !== "sessionUse" && !declared.includes(kind))
      .map(([kind, tables]) => `${kind} (${tables})`);
    expect(undeclared, `${name} writes kinds its meta.writes misses`).toEqual([]);
  });
});
