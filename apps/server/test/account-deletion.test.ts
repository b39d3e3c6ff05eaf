// Deleting an account (issue 30) on both engines: the member's own deletion with each choice
// ("keep": posts and replies stay, written by "deleted member"; "delete": they go, with the
// replies of others under those posts), what remains in the database, every counter equal to a
// recount, the session signed out, the name not free again (the address is); a wrong password or
// a missing or wrong two-step code changes nothing; the last admin is refused; and an admin's
// deletion from User Management with both choices.
import { totpCode, totpStepAt } from "@forum/api";
import { ACCOUNT_DELETION_MESSAGES, DELETED_MEMBER, MESSAGES, TWO_STEP_MESSAGES } from "@forum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, insertCategory, insertPost, insertUser, signedIn, startForum, type TestForum } from "./harness";
import { expectCountersMatchRecount } from "./recount";

let now = Date.now();
let forum: TestForum;
beforeAll(async () => {
  forum = await startForum({ clock: () => now });
});
afterAll(() => forum.close());

type Member = Awaited<ReturnType<typeof signedIn>>;

/**
 * A member with a post (replied to and voted on by another), a reply under it, a reply (and a
 * reply to that reply by the other) under the other's post, votes on the other's post and
 * reply, an API token and a notification.
 */
async function busyMember() {
  const categoryId = await insertCategory(forum.db);
  const member = await signedIn(forum);
  const other = await signedIn(forum);
  const mine = await insertPost(forum.db, { authorId: member.user.id, categoryId });
  const theirs = await insertPost(forum.db, { authorId: other.user.id, categoryId });
  const ok = (answer: { status: number; body: unknown }, status = 201) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    return answer.body as { id: number };
  };
  ok(await other.post(`/api/posts/${mine.id}/replies`, { content: "Nice post" }));
  const myReplyOnMine = ok(await member.post(`/api/posts/${mine.id}/replies`, { content: "Thanks!" }));
  const myReplyOnTheirs = ok(await member.post(`/api/posts/${theirs.id}/replies`, { content: "I disagree" }));
  const answerToMe = ok(
    await other.post(`/api/posts/${theirs.id}/replies`, { content: "Why?", replyToId: myReplyOnTheirs.id }),
  );
  const otherReplyOnTheirs = ok(await other.post(`/api/posts/${theirs.id}/replies`, { content: "Bump" }));
  ok(await member.post("/api/votes", { type: "upvote", postId: theirs.id }), 200);
  ok(await member.post("/api/votes", { type: "downvote", replyId: otherReplyOnTheirs.id }), 200);
  ok(await other.post("/api/votes", { type: "upvote", postId: mine.id }), 200);
  ok(await other.post("/api/votes", { type: "upvote", replyId: myReplyOnTheirs.id }), 200);
  ok(await member.post("/api/users/me/tokens", { name: "script", scope: "read", expiresInDays: "never" }));
  const cookie = member.jar.cookie as string;
  return { categoryId, member, other, mine, theirs, myReplyOnMine, myReplyOnTheirs, answerToMe, cookie };
}

async function count(
  table: "posts" | "replies" | "votes" | "sessions" | "api_tokens" | "notifications" | "data_exports",
  userId: number,
) {
  const column = table === "posts" || table === "replies" ? "authorId" : "userId";
  const row = await forum.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(column, "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function register(username: string, email: string) {
  return client(forum.app).post("/api/register", { username, email, password: "another good password" });
}

async function expectSignedOut(cookie: string) {
  expect((await client(forum.app, cookie).get("/api/users/me/sessions")).status).toBe(401);
}

describe("a member deletes their own account", () => {
  it('keeping what they wrote: it stays, written by "deleted member", and nothing of them is left', async () => {
    const { member, other, mine, theirs, myReplyOnTheirs, answerToMe, cookie } = await busyMember();
    const id = member.user.id;
    expect(await count("notifications", other.user.id)).toBeGreaterThan(0);
    expect(await count("notifications", id)).toBeGreaterThan(0);
    const votesBefore = await count("votes", id);
    // A "Download my data" export holds their address and everything they wrote.
    expect((await member.post("/api/users/me/data-export")).status).toBe(201);
    expect(await count("data_exports", id)).toBe(1);

    const answer = await member.post("/api/users/me/delete", { password: member.user.password, content: "keep" });
    expect(answer).toMatchObject({ status: 200, body: { message: ACCOUNT_DELETION_MESSAGES.deleted } });
    await expectSignedOut(cookie);

    // Their posts, replies and votes stay (every count as it was), under a row that is nobody.
    expect(await count("posts", id)).toBe(1);
    expect(await count("replies", id)).toBe(2);
    expect(await count("votes", id)).toBe(votesBefore);
    for (const table of ["sessions", "api_tokens", "notifications", "data_exports"] as const) {
      expect(await count(table, id)).toBe(0);
    }
    const row = await forum.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      username: `deleted member #${id}`,
      firstName: null,
      lastName: null,
      bio: null,
      profileImageUrl: null,
      preferences: null,
      role: "user",
      totpSealed: null,
      deletedAt: now,
    });
    expect(JSON.stringify(row)).not.toContain(member.user.username);
    await expectCountersMatchRecount(forum.db, "after keeping");

    // Read back: written by "deleted member", in their own post and in the other discussion.
    const visitor = client(forum.app);
    expect((await visitor.get(`/api/posts/${mine.slug}`)).body).toMatchObject({
      author: { username: DELETED_MEMBER, firstName: null, profileImageUrl: null },
      upvotes: 1,
      replyCount: 2,
    });
    const replies = (await visitor.get(`/api/posts/${theirs.id}/replies`)).body.replies as Array<{
      id: number;
      author: { username: string };
      replyTo: { username: string } | null;
    }>;
    expect(replies.find((reply) => reply.id === myReplyOnTheirs.id)?.author.username).toBe(DELETED_MEMBER);
    expect(replies.find((reply) => reply.id === answerToMe.id)?.replyTo?.username).toBe(DELETED_MEMBER);
    expect((await visitor.get(`/api/posts/${theirs.slug}`)).body).toMatchObject({ upvotes: 1 });

    // No profile, no sign-in; the name is not free again, the address is.
    expect((await visitor.get(`/api/users/${member.user.username}`)).status).toBe(404);
    expect(
      (await visitor.post("/api/login", { username: member.user.username, password: member.user.password })).status,
    ).toBe(401);
    expect((await visitor.post("/api/login", { username: `deleted member #${id}`, password: "!deleted" })).status).toBe(
      401,
    );
    expect(await register(member.user.username.toUpperCase(), "someone.new@example.com")).toMatchObject({
      status: 409,
      body: { message: MESSAGES.usernameTaken },
    });
    expect((await register(`${member.user.username}x`, `${member.user.username}@example.com`)).status).toBe(201);
    // Not in User Management.
    const admin = await signedIn(forum, { role: "admin" });
    const listed = (await admin.get("/api/admin/users?limit=100")).body as Array<{ id: number }>;
    expect(listed.some((user) => user.id === id)).toBe(false);
  });

  it("deleting everything they wrote: their posts go with the replies under them, and their replies elsewhere", async () => {
    const { member, other, mine, theirs, myReplyOnTheirs, answerToMe, categoryId, cookie } = await busyMember();
    const id = member.user.id;
    const categoryBefore = await forum.db
      .selectFrom("categories")
      .select("postCount")
      .where("id", "=", categoryId)
      .executeTakeFirstOrThrow();

    const answer = await member.post("/api/users/me/delete", { password: member.user.password, content: "delete" });
    expect(answer.status).toBe(200);
    await expectSignedOut(cookie);

    expect(await forum.db.selectFrom("users").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(
      await forum.db.selectFrom("posts").select("id").where("id", "=", mine.id).executeTakeFirst(),
    ).toBeUndefined();
    // The other member's reply under the deleted post went with it; their others stay.
    expect(await count("replies", other.user.id)).toBe(2);
    expect(await count("votes", id)).toBe(0);
    const categoryAfter = await forum.db
      .selectFrom("categories")
      .select("postCount")
      .where("id", "=", categoryId)
      .executeTakeFirstOrThrow();
    expect(categoryAfter.postCount).toBe(categoryBefore.postCount - 1);
    await expectCountersMatchRecount(forum.db, "after deleting everything");

    const visitor = client(forum.app);
    expect((await visitor.get(`/api/posts/${mine.slug}`)).status).toBe(404);
    expect((await visitor.get(`/api/posts/${theirs.slug}`)).body).toMatchObject({ replyCount: 2, upvotes: 0 });
    const replies = (await visitor.get(`/api/posts/${theirs.id}/replies`)).body.replies as Array<{
      id: number;
      replyTo: unknown;
    }>;
    expect(replies.map((reply) => reply.id)).not.toContain(myReplyOnTheirs.id);
    expect(replies.find((reply) => reply.id === answerToMe.id)?.replyTo).toBeNull();
    expect((await register(member.user.username, "back.again@example.com")).status).toBe(409);
  });

  it("refuses a wrong password and changes nothing", async () => {
    const { member, cookie } = await busyMember();
    const before = await forum.db.selectFrom("users").selectAll().where("id", "=", member.user.id).execute();
    expect(await member.post("/api/users/me/delete", { password: "not my password", content: "delete" })).toMatchObject(
      { status: 400, body: { message: ACCOUNT_DELETION_MESSAGES.passwordWrong } },
    );
    expect(await member.post("/api/users/me/delete", { password: member.user.password })).toMatchObject({
      status: 400,
      body: { message: ACCOUNT_DELETION_MESSAGES.choiceRequired },
    });
    expect(await forum.db.selectFrom("users").selectAll().where("id", "=", member.user.id).execute()).toEqual(before);
    expect(await count("posts", member.user.id)).toBe(1);
    expect(await count("replies", member.user.id)).toBe(2);
    expect((await client(forum.app, cookie).get("/api/users/me/sessions")).status).toBe(200);
  });

  it("with two-step sign-in on, asks for a current code too", async () => {
    const member = await signedIn(forum);
    const setup = await member.post("/api/users/me/two-step/setup");
    const code = () => totpCode(setup.body.secret, totpStepAt(now));
    expect((await member.post("/api/users/me/two-step/enable", { code: code() })).status).toBe(200);
    now += 30_000;
    const body = { password: member.user.password, content: "keep" };
    expect(await member.post("/api/users/me/delete", body)).toMatchObject({
      status: 400,
      body: { message: ACCOUNT_DELETION_MESSAGES.codeRequired },
    });
    expect(await member.post("/api/users/me/delete", { ...body, code: "000000" })).toMatchObject({
      status: 400,
      body: { message: TWO_STEP_MESSAGES.codeWrong },
    });
    expect(await count("sessions", member.user.id)).toBe(1);
    expect((await member.post("/api/users/me/delete", { ...body, code: code() })).status).toBe(200);
    expect(await count("sessions", member.user.id)).toBe(0);
  });

  it("refuses the last admin, and lets an admin go while another remains", async () => {
    // The forum's admins so far, made by the other tests, become members: this one is the last.
    await forum.db.updateTable("users").set({ role: "user" }).where("role", "=", "admin").execute();
    const admin = await signedIn(forum, { role: "admin" });
    const body = { password: admin.user.password, content: "keep" };
    expect(await admin.post("/api/users/me/delete", body)).toMatchObject({
      status: 409,
      body: { message: ACCOUNT_DELETION_MESSAGES.lastAdmin },
    });
    // A banned admin cannot run the forum: still the last.
    await insertUser(forum.db, { role: "admin", banned: true });
    expect((await admin.post("/api/users/me/delete", body)).status).toBe(409);
    await insertUser(forum.db, { role: "admin" });
    expect((await admin.post("/api/users/me/delete", body)).status).toBe(200);
  });
});

describe("an admin deletes a member from User Management", () => {
  let admin: Member;
  beforeAll(async () => {
    admin = await signedIn(forum, { role: "admin" });
  });

  it("keeping what they wrote", async () => {
    const { member, mine, cookie } = await busyMember();
    expect(await admin.del(`/api/admin/users/${member.user.id}?content=keep`)).toMatchObject({
      status: 200,
      body: { message: ACCOUNT_DELETION_MESSAGES.userDeleted },
    });
    await expectSignedOut(cookie);
    expect((await client(forum.app).get(`/api/posts/${mine.slug}`)).body).toMatchObject({
      author: { username: DELETED_MEMBER },
    });
    expect(await count("replies", member.user.id)).toBe(2);
    await expectCountersMatchRecount(forum.db, "after an admin's deletion keeping posts");
    // Gone for User Management: a second deletion finds no one.
    expect((await admin.del(`/api/admin/users/${member.user.id}`)).status).toBe(404);
  });

  it("with everything they wrote (the default, as before)", async () => {
    const { member, mine, cookie } = await busyMember();
    expect((await admin.del(`/api/admin/users/${member.user.id}`)).status).toBe(200);
    await expectSignedOut(cookie);
    expect((await client(forum.app).get(`/api/posts/${mine.slug}`)).status).toBe(404);
    expect(await count("replies", member.user.id)).toBe(0);
    await expectCountersMatchRecount(forum.db, "after an admin's deletion with content");
  });

  it("never an admin account, and refuses an unknown choice", async () => {
    const other = await insertUser(forum.db, { role: "admin" });
    expect(await admin.del(`/api/admin/users/${other.id}?content=keep`)).toMatchObject({
      status: 403,
      body: { message: MESSAGES.adminCannotBeDeleted },
    });
    const member = await insertUser(forum.db);
    expect((await admin.del(`/api/admin/users/${member.id}?content=maybe`)).status).toBe(400);
    expect(
      await forum.db.selectFrom("users").select("id").where("id", "=", member.id).executeTakeFirst(),
    ).toBeDefined();
  });
});
