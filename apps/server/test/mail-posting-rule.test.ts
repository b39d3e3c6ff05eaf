// "Members must confirm their email before posting" (issue 28): off by default; on, a member whose
// address is not confirmed gets 403 with a clear message for posts and replies, through both
// doors; admins are exempt; confirming (through the real SMTP server's mail) lifts it. A change of
// the setting shows on the next read of the cached settings.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Client, client, insertCategory, insertPost, signedIn, startForum, type TestForum } from "./harness";
import { mailedToken, sendingTo, startSmtp, type TestSmtp } from "./smtp";

const CONFIRM_LINK = /https:\/\/forum\.example\.com\/confirm-email\?token=(forum_confirm_[A-Za-z0-9_-]+)/;
const REFUSED = "Please confirm your email address before posting. Check your inbox for the link, or send a new one.";

let smtp: TestSmtp;
let forum: TestForum;
let admin: Client;
let categoryId: number;
let postId: number;

beforeEach(async () => {
  smtp = await startSmtp();
  forum = await startForum(sendingTo(smtp));
  admin = await signedIn(forum, { role: "admin" });
  categoryId = await insertCategory(forum.db);
  const author = await signedIn(forum);
  postId = (await insertPost(forum.db, { authorId: author.user.id, categoryId })).id;
});
afterEach(async () => {
  await forum?.close();
  await smtp.close();
});

const setRule = (on: boolean) => admin.post("/api/forum-settings", { requireConfirmedEmail: on });
const newPost = (who: Client) => who.post("/api/posts", { title: "A new discussion", content: "Body", categoryId });
const newReply = (who: Client) => who.post(`/api/posts/${postId}/replies`, { content: "A reply" });

describe("the setting", () => {
  it("is off by default, and a change shows on the next read", async () => {
    const visitor = client(forum.app);
    expect((await visitor.get("/api/forum-settings")).body).toEqual({
      requireConfirmedEmail: false,
      requireStaffTwoStep: false,
    });
    expect(await setRule(true)).toMatchObject({ status: 200, body: { requireConfirmedEmail: true } });
    expect((await visitor.get("/api/forum-settings")).body).toEqual({
      requireConfirmedEmail: true,
      requireStaffTwoStep: false,
    });
    expect((await setRule(false)).body).toEqual({ requireConfirmedEmail: false, requireStaffTwoStep: false });
    expect((await visitor.get("/api/forum-settings")).body).toEqual({
      requireConfirmedEmail: false,
      requireStaffTwoStep: false,
    });
  });

  it("is the admins' to change", async () => {
    const member = await signedIn(forum);
    expect((await member.post("/api/forum-settings", { requireConfirmedEmail: true })).status).toBe(403);
    expect((await client(forum.app).post("/api/forum-settings", { requireConfirmedEmail: true })).status).toBe(401);
    expect((await admin.post("/api/forum-settings", { requireConfirmedEmail: "yes" })).status).toBe(400);
  });
});

describe("posting with an unconfirmed address", () => {
  it("is allowed while the setting is off", async () => {
    const member = await signedIn(forum);
    expect((await newPost(member)).status).toBe(201);
    expect((await newReply(member)).status).toBe(201);
  });

  it("answers 403 with the message for posts and replies while it is on, on both doors", async () => {
    await setRule(true);
    const member = await signedIn(forum);
    expect(await newPost(member)).toMatchObject({ status: 403, body: { message: REFUSED } });
    expect(await newReply(member)).toMatchObject({ status: 403, body: { message: REFUSED } });
    for (const [url, payload] of [
      ["/trpc/posts.create", { title: "Through tRPC", content: "Body", categoryId }],
      ["/trpc/replies.create", { postId, content: "Through tRPC" }],
    ] as const) {
      const response = await forum.app.inject({
        method: "POST",
        url,
        payload,
        headers: { cookie: member.jar.cookie as string },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(REFUSED);
    }
    const written = await forum.db.selectFrom("replies").select("id").where("authorId", "=", member.user.id).execute();
    expect(written).toEqual([]);
  });

  it("leaves admins free to post", async () => {
    await setRule(true);
    await forum.db.updateTable("users").set({ emailConfirmedAt: null }).execute();
    expect((await newPost(admin)).status).toBe(201);
    expect((await newReply(admin)).status).toBe(201);
  });

  it("is allowed once the mailed link confirms the address", async () => {
    await setRule(true);
    const member = client(forum.app);
    const made = await member.post("/api/register", {
      username: "olga",
      email: "olga@example.com",
      password: "a-long-password-1",
    });
    expect(made.status).toBe(201);
    expect((await newReply(member)).status).toBe(403);
    const token = await mailedToken(forum, smtp, 1, CONFIRM_LINK);
    expect((await client(forum.app).post("/api/email/confirm", { token })).status).toBe(200);
    expect((await newReply(member)).status).toBe(201);
    expect((await newPost(member)).status).toBe(201);
  });
});
