// "Download my data" (issue 30) on both engines: a member asks, the background worker builds the
// zip (driven here by hand, on the test's clock), and the download holds JSON files whose content
// is the database's (profile, preferences, posts, replies, votes, notifications) and the avatar,
// with no secret anywhere. Another member cannot download it, a second request within a day is
// 429, a week later the worker has deleted it, and two instances' workers build each export once.
import { DATA_EXPORT_LEASE_MS, totpCode, totpStepAt } from "@forum/api";
import {
  API_TOKEN_MESSAGES,
  DATA_EXPORT_FILES,
  DATA_EXPORT_KEPT_MS,
  DATA_EXPORT_MESSAGES,
  THROTTLES,
} from "@forum/contracts";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDocumented } from "./conformance";
import { type Client, client, insertCategory, insertPost, signedIn, startForum, type TestForum } from "./harness";
import { multipartBody, ONE_PIXEL_PNG } from "./multipart";

const HOUR = 3600_000;
const PUBLIC_URL = "https://forum.example.com";
let now = Date.parse("2026-11-30T09:00:00Z");
let forum: TestForum;
let categoryId: number;

beforeAll(async () => {
  // The limits on: one request a day is one of them.
  forum = await startForum({ clock: () => now, publicUrl: PUBLIC_URL, rateLimits: true });
  categoryId = await insertCategory(forum.db, "Exported Things");
});
afterAll(() => forum.close());

/** Signed in, with an account old enough that the new-account posting limits do not apply. */
const memberSignedIn = () => signedIn(forum, { createdAt: now - 30 * 24 * HOUR });
const worker = (app = forum.app) => app.services.dataExports.worker;
const iso = (ms: unknown) => new Date(Number(ms)).toISOString();

/** The zip's bytes (inject's raw payload: the client helper reads bodies as text). */
async function download(browser: Client | undefined, url: string) {
  const response = await forum.app.inject({
    method: "GET",
    url,
    headers: browser?.jar.cookie ? { cookie: browser.jar.cookie } : {},
  });
  await checkDocumented(forum.app, "GET", url, response);
  return response;
}

function unzipped(bytes: Buffer): { files: Record<string, Uint8Array>; json: Record<string, unknown> } {
  const files = unzipSync(new Uint8Array(bytes));
  const json: Record<string, unknown> = {};
  for (const [name, content] of Object.entries(files)) {
    if (name.endsWith(".json")) json[name] = JSON.parse(strFromU8(content));
  }
  return { files, json };
}

/** A member who wrote, voted, was replied to, has an avatar, preferences and two-step sign-in on. */
async function activeMember() {
  const member = await memberSignedIn();
  const other = await memberSignedIn();
  const userId = member.user.id;
  await forum.db
    .updateTable("users")
    .set({ emailConfirmedAt: now, bio: "I export things" })
    .where("id", "=", userId)
    .execute();
  const own = await member.post("/api/posts", {
    title: "My exported discussion",
    content: "Everything I wrote, in a zip",
    categoryId,
  });
  expect(own.status).toBe(201);
  const theirs = await insertPost(forum.db, { authorId: other.user.id, categoryId, title: "Someone else's post" });
  const myReply = await member.post(`/api/posts/${theirs.id}/replies`, { content: "My reply, exported too" });
  expect(myReply.status).toBe(201);
  const theirReply = await other.post(`/api/posts/${own.body.id}/replies`, {
    content: `Nice one @${member.user.username}`,
  });
  expect(theirReply.status).toBe(201);
  expect((await member.post("/api/votes", { type: "upvote", postId: theirs.id })).status).toBe(200);
  expect((await member.post("/api/votes", { type: "downvote", replyId: theirReply.body.id })).status).toBe(200);
  expect((await member.put("/api/users/me/preferences", { weeklyDigest: true })).status).toBe(200);
  const form = await multipartBody({ avatar: { name: "me.png", bytes: ONE_PIXEL_PNG } });
  expect((await member.post("/api/users/me/avatar", form.body, { "content-type": form.contentType })).status).toBe(200);
  const setup = await member.post("/api/users/me/two-step/setup");
  const enabled = await member.post("/api/users/me/two-step/enable", {
    code: totpCode(setup.body.secret, totpStepAt(now)),
  });
  expect(enabled.status).toBe(200);
  return {
    member,
    other,
    userId,
    secrets: { totp: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] },
  };
}

describe("an export", () => {
  let subject: Awaited<ReturnType<typeof activeMember>>;
  let downloadUrl: string;
  let requestedAt: number;

  beforeAll(async () => {
    subject = await activeMember();
  });

  it("is asked for, shown as being prepared, and built by the worker, not in the request", async () => {
    const { member } = subject;
    expect((await member.get("/api/users/me/data-export")).body).toEqual({ export: null, nextRequestAt: null });
    requestedAt = now;
    const asked = await member.post("/api/users/me/data-export");
    expect(asked.status).toBe(201);
    expect(asked.body.message).toBe(DATA_EXPORT_MESSAGES.requested);
    expect(asked.body.export).toMatchObject({ state: "preparing", requestedAt: iso(now), downloadUrl: null });
    const row = await forum.db
      .selectFrom("data_exports")
      .selectAll()
      .where("userId", "=", subject.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: "queued", file: null });
    // Not yet built: the download says so.
    const early = await download(member, `/api/users/me/data-export/${row.id}/download`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: DATA_EXPORT_MESSAGES.notReady });

    now += 5_000;
    expect(await worker().sendDue()).toBe(1);
    const status = await member.get("/api/users/me/data-export");
    expect(status.body.export).toMatchObject({
      id: row.id,
      state: "ready",
      readyAt: iso(now),
      expiresAt: iso(now + DATA_EXPORT_KEPT_MS),
      downloadUrl: `/api/users/me/data-export/${row.id}/download`,
    });
    expect(status.body.export.sizeBytes).toBeGreaterThan(100);
    expect(status.body.nextRequestAt).toBe(iso(requestedAt + THROTTLES.dataExports.windowMs));
    downloadUrl = status.body.export.downloadUrl;
    // Nothing left to build.
    expect(await worker().sendDue()).toBe(0);
  });

  it("downloads as a zip attachment whose JSON files are what the database holds", async () => {
    const { member, userId } = subject;
    const response = await download(member, downloadUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="forum-data-${member.user.username}-2026-11-30.zip"`,
    );
    const { files, json } = unzipped(response.rawPayload);
    expect(Object.keys(files).sort()).toEqual([...DATA_EXPORT_FILES, "avatar.webp"].sort());

    const db = forum.db;
    const user = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
    expect(json["profile.json"]).toMatchObject({
      id: userId,
      username: user.username,
      email: user.email,
      emailConfirmedAt: iso(user.emailConfirmedAt),
      bio: "I export things",
      role: "user",
      avatar: user.profileImageUrl,
      createdAt: iso(user.createdAt),
      twoStepSignIn: { enabled: true, since: iso(user.totpEnabledAt) },
    });
    expect(json["preferences.json"]).toEqual((await member.get("/api/users/me/preferences")).body);
    expect(json["preferences.json"]).toMatchObject({ weeklyDigest: true });

    const posts = await db
      .selectFrom("posts")
      .innerJoin("categories", "categories.id", "posts.categoryId")
      .select([
        "posts.id",
        "title",
        "posts.slug",
        "content",
        "categoryId",
        "categories.name",
        "posts.createdAt",
        "replyCount",
      ])
      .where("authorId", "=", userId)
      .orderBy("posts.id")
      .execute();
    expect(posts).toHaveLength(1);
    expect(json["posts.json"]).toEqual(
      posts.map((post) =>
        expect.objectContaining({
          id: post.id,
          title: post.title,
          url: `${PUBLIC_URL}/posts/${post.slug}`,
          content: post.content,
          category: { id: post.categoryId, name: "Exported Things" },
          createdAt: iso(post.createdAt),
          replyCount: 1,
        }),
      ),
    );

    const replies = await db
      .selectFrom("replies")
      .innerJoin("posts", "posts.id", "replies.postId")
      .select(["replies.id", "postId", "posts.title", "replies.content", "replies.createdAt"])
      .where("replies.authorId", "=", userId)
      .orderBy("replies.id")
      .execute();
    expect(replies).toHaveLength(1);
    expect(json["replies.json"]).toEqual(
      replies.map((reply) =>
        expect.objectContaining({
          id: reply.id,
          post: expect.objectContaining({ id: reply.postId, title: "Someone else's post" }),
          content: "My reply, exported too",
          createdAt: iso(reply.createdAt),
        }),
      ),
    );

    const votes = await db.selectFrom("votes").selectAll().where("userId", "=", userId).orderBy("id").execute();
    expect(votes).toHaveLength(2);
    expect(json["votes.json"]).toEqual([
      expect.objectContaining({
        id: votes[0]?.id,
        vote: "up",
        on: "post",
        postTitle: "Someone else's post",
        replyId: null,
      }),
      expect.objectContaining({
        id: votes[1]?.id,
        vote: "down",
        on: "reply",
        postTitle: "My exported discussion",
        replyId: votes[1]?.replyId,
        createdAt: iso(votes[1]?.createdAt),
      }),
    ]);

    const notifications = await db
      .selectFrom("notifications")
      .selectAll()
      .where("userId", "=", userId)
      .orderBy("id")
      .execute();
    expect(notifications.length).toBeGreaterThan(0);
    expect(json["notifications.json"]).toEqual(
      notifications.map((notification) =>
        expect.objectContaining({
          id: notification.id,
          type: notification.type,
          from: subject.other.user.username,
          post: { id: notification.postId, title: "My exported discussion" },
          replyId: notification.replyId,
          read: Number(notification.read) === 1,
          createdAt: iso(notification.createdAt),
        }),
      ),
    );

    const avatar = await db
      .selectFrom("avatars")
      .select("image")
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(files["avatar.webp"] ?? []).equals(Buffer.from(avatar.image))).toBe(true);
  });

  it("holds no secret: no password hash, session or token hash, two-step secret or recovery code", async () => {
    const { member, userId, secrets } = subject;
    const { files } = unzipped((await download(member, downloadUrl)).rawPayload);
    const text = Object.entries(files)
      .filter(([name]) => name.endsWith(".json"))
      .map(([, content]) => strFromU8(content))
      .join("\n");
    const user = await forum.db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
    const sessions = await forum.db.selectFrom("sessions").select("id").where("userId", "=", userId).execute();
    const codes = await forum.db.selectFrom("recovery_codes").select("codeHash").where("userId", "=", userId).execute();
    const forbidden = [
      user.passwordHash,
      user.totpSealed,
      secrets.totp,
      ...secrets.recoveryCodes,
      ...codes.map((code) => code.codeHash),
      ...sessions.map((session) => session.id),
      (member.jar.cookie ?? "").replace("forum_session=", ""),
    ];
    expect(forbidden.length).toBeGreaterThan(14);
    for (const secret of forbidden) {
      expect(secret && secret.length > 8).toBe(true);
      expect(text).not.toContain(secret);
    }
    for (const key of ["passwordHash", "totpSealed", "totpPendingSealed", "codeHash", "tokenHash", "secret"]) {
      expect(text).not.toContain(`"${key}"`);
    }
  });

  it("mails the member that it is ready, with a link to Settings rather than to the file", async () => {
    const mails = await forum.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("kind", "=", "data-export")
      .where("userId", "=", subject.userId)
      .execute();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.toAddress).toBe(`${subject.member.user.username}@example.com`);
    expect(mail?.subject).toBe("[Tech Forum] Your data is ready");
    expect(mail?.text).toContain(`${PUBLIC_URL}/settings`);
    expect(mail?.text).not.toContain("/download");
  });

  it("is not another member's to download (404), nor a visitor's (401)", async () => {
    const response = await download(subject.other, downloadUrl);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: DATA_EXPORT_MESSAGES.notFound });
    expect((await download(undefined, downloadUrl)).statusCode).toBe(401);
    expect((await download(subject.member, "/api/users/me/data-export/999999/download")).statusCode).toBe(404);
  });

  it("is asked for once a day: a second request within 24 hours is 429 with the wait", async () => {
    now = requestedAt + 3 * HOUR;
    const again = await subject.member.post("/api/users/me/data-export");
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ message: DATA_EXPORT_MESSAGES.tooSoon(21 * 60) });
    expect(again.body.message).toBe("You can request your data once a day. Try again in 21 hours.");
    expect(again.headers["retry-after"]).toBe(String(21 * 3600));
    // The ready export is untouched.
    expect((await subject.member.get("/api/users/me/data-export")).body.export.state).toBe("ready");
  });

  it("is deleted by the worker after 7 days, and shown as expired", async () => {
    const readyRow = await forum.db
      .selectFrom("data_exports")
      .select(["id", "expiresAt"])
      .where("userId", "=", subject.userId)
      .executeTakeFirstOrThrow();
    now = Number(readyRow.expiresAt) - 1;
    expect((await download(subject.member, downloadUrl)).statusCode).toBe(200);
    now = Number(readyRow.expiresAt);
    await worker().sendDue();
    const row = await forum.db
      .selectFrom("data_exports")
      .selectAll()
      .where("id", "=", readyRow.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: "expired", file: null });
    const response = await download(subject.member, downloadUrl);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: DATA_EXPORT_MESSAGES.expired });
    const status = await subject.member.get("/api/users/me/data-export");
    expect(status.body).toMatchObject({ export: { state: "expired", downloadUrl: null }, nextRequestAt: null });
    // A new one may be asked for, and replaces it.
    expect((await subject.member.post("/api/users/me/data-export")).status).toBe(201);
    const rows = await forum.db
      .selectFrom("data_exports")
      .select("state")
      .where("userId", "=", subject.userId)
      .execute();
    expect(rows).toEqual([{ state: "queued" }]);
  });
});

describe("a large export", () => {
  it("is zipped whole when its files are large enough for the zip writer's worker threads", async () => {
    const member = await memberSignedIn();
    // Past fflate's 160 kB threshold, from which it deflates on a worker thread.
    const content = Array.from({ length: 6000 }, (_, i) => `Line ${i} of a long post, ${"x".repeat(i % 50)}`).join(
      "\n",
    );
    expect(content.length).toBeGreaterThan(200_000);
    await insertPost(forum.db, { authorId: member.user.id, categoryId, title: "A very long post", content });
    now += 24 * HOUR;
    expect((await member.post("/api/users/me/data-export")).status).toBe(201);
    await worker().sendDue();
    const status = (await member.get("/api/users/me/data-export")).body;
    expect(status.export.state).toBe("ready");
    const { json } = unzipped((await download(member, status.export.downloadUrl)).rawPayload);
    expect(json["posts.json"]).toEqual([expect.objectContaining({ title: "A very long post", content })]);
  });
});

describe("several instances", () => {
  it("build each export once when two workers run at the same time", async () => {
    const members = [];
    for (let i = 0; i < 6; i++) {
      const member = await memberSignedIn();
      await insertPost(forum.db, { authorId: member.user.id, categoryId, title: `Instance post ${i}` });
      await forum.db.updateTable("users").set({ emailConfirmedAt: now }).where("id", "=", member.user.id).execute();
      expect((await member.post("/api/users/me/data-export")).status).toBe(201);
      members.push(member);
    }
    const second = await forum.startInstance();
    const ids = members.map((member) => member.user.id);
    // The earlier suite's request is due as well.
    const queued = await forum.db.selectFrom("data_exports").select("id").where("state", "=", "queued").execute();
    const attempted = await Promise.all([worker().sendDue(), worker(second).sendDue()]);
    expect(attempted[0] + attempted[1]).toBe(queued.length);
    const rows = await forum.db
      .selectFrom("data_exports")
      .select(["userId", "state", "attempts"])
      .where("userId", "in", ids)
      .execute();
    expect(rows).toHaveLength(6);
    for (const row of rows)
      expect({ state: row.state, attempts: Number(row.attempts) }).toEqual({ state: "ready", attempts: 1 });
    const mails = await forum.db
      .selectFrom("mail_outbox")
      .select("userId")
      .where("kind", "=", "data-export")
      .where("userId", "in", ids)
      .execute();
    expect(mails.map((mail) => mail.userId).sort()).toEqual([...ids].sort());
    // Either instance serves the file.
    const first = members[0] as Client;
    const url = (await first.get("/api/users/me/data-export")).body.export.downloadUrl;
    const fromSecond = await second.inject({ method: "GET", url, headers: { cookie: first.jar.cookie ?? "" } });
    expect(fromSecond.statusCode).toBe(200);
    expect(JSON.parse(strFromU8(unzipSync(new Uint8Array(fromSecond.rawPayload))["posts.json"] as Uint8Array))).toEqual(
      [expect.objectContaining({ title: "Instance post 0" })],
    );
  });

  it("leaves an export whose builder died mid-build to the next worker once the lease is over (no mail to an unconfirmed address)", async () => {
    const member = await memberSignedIn();
    expect((await member.post("/api/users/me/data-export")).status).toBe(201);
    // What a claim leaves behind when its process is killed before it stores the zip.
    await forum.db
      .updateTable("data_exports")
      .set({ state: "building", attempts: 1, nextAttemptAt: now + DATA_EXPORT_LEASE_MS })
      .where("userId", "=", member.user.id)
      .execute();
    const second = await forum.startInstance();
    expect(await worker(second).sendDue()).toBe(0);
    now += DATA_EXPORT_LEASE_MS;
    expect(await worker(second).sendDue()).toBe(1);
    const row = await forum.db
      .selectFrom("data_exports")
      .select(["state", "attempts"])
      .where("userId", "=", member.user.id)
      .executeTakeFirstOrThrow();
    expect({ state: row.state, attempts: Number(row.attempts) }).toEqual({ state: "ready", attempts: 2 });
    // Built once after all: one mail at most, and none here, the address not being confirmed.
    const mails = await forum.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("kind", "=", "data-export")
      .where("userId", "=", member.user.id)
      .execute();
    expect(mails).toEqual([]);
  });

  it("refuses API tokens: the website's session only", async () => {
    const member = await memberSignedIn();
    const token = await member.post("/api/users/me/tokens", { name: "Script", scope: "read", expiresInDays: "30" });
    expect(token.status).toBe(201);
    expect((await member.post("/api/users/me/data-export")).status).toBe(201);
    await worker().sendDue();
    const url = (await member.get("/api/users/me/data-export")).body.export.downloadUrl;
    const withToken = await forum.app.inject({
      method: "GET",
      url,
      headers: { authorization: `Bearer ${token.body.token}` },
    });
    expect(withToken.statusCode).toBe(401);
    const status = await client(forum.app).get("/api/users/me/data-export", {
      authorization: `Bearer ${token.body.token}`,
    });
    expect(status).toMatchObject({ status: 403, body: { message: API_TOKEN_MESSAGES.sessionOnly } });
  });
});
