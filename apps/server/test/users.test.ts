import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, insertCategory, insertPost, insertUser, signedIn, startForum, type TestForum } from "./harness";

type Browser = Awaited<ReturnType<typeof signedIn>>;

let forum: TestForum;
let admin: Browser;
let categoryId: number;

beforeAll(async () => {
  forum = await startForum();
  admin = await signedIn(forum, { role: "admin" });
  categoryId = await insertCategory(forum.db, "Profiles Category");
});
afterAll(() => forum.close());

/** Adds a reply through the REST path, as its author would. */
async function reply(author: Browser, postId: number, content: string): Promise<number> {
  const res = await author.post(`/api/posts/${postId}/replies`, { content });
  if (res.status !== 201) throw new Error(`reply failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** An upvote on a reply: there is no REST path for it, so the row and the counter are written directly. */
async function upvoteReply(userId: number, replyId: number) {
  await forum.db
    .insertInto("votes")
    .values({ userId, postId: null, replyId, value: 1, createdAt: Date.now() })
    .execute();
  await forum.db
    .updateTable("replies")
    .set((eb) => ({ upvotes: eb("upvotes", "+", 1) }))
    .where("id", "=", replyId)
    .execute();
}

function userRow(id: number) {
  return forum.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("GET /api/users/{username}", () => {
  it("answers the profile with post and reply counts and reputation from posts and replies", async () => {
    const author = await signedIn(forum, { username: "Reputable" });
    const voters = [await signedIn(forum), await signedIn(forum), await signedIn(forum)];
    const first = await insertPost(forum.db, { authorId: author.user.id, categoryId });
    const second = await insertPost(forum.db, { authorId: author.user.id, categoryId });
    // Post upvotes: 2 on the first post, 1 on the second; a downvote does not add reputation.
    for (const voter of [voters[0], voters[1]])
      expect((await voter?.post("/api/votes", { type: "upvote", postId: first.id }))?.status).toBe(200);
    expect((await voters[2]?.post("/api/votes", { type: "upvote", postId: second.id }))?.status).toBe(200);
    expect((await voters[0]?.post("/api/votes", { type: "downvote", postId: second.id }))?.status).toBe(200);

    // Replies by the author on someone else's post, with reply upvotes.
    const othersPost = await insertPost(forum.db, { authorId: admin.user.id, categoryId });
    const replyA = await reply(author, othersPost.id, "First reply");
    const replyB = await reply(author, first.id, "Second reply");
    await reply(author, othersPost.id, "Third reply");
    await upvoteReply(voters[0]?.user.id as number, replyA);
    await upvoteReply(voters[1]?.user.id as number, replyA);
    await upvoteReply(voters[2]?.user.id as number, replyB);

    // Someone else's activity does not count towards the author.
    await reply(voters[0] as Browser, first.id, "Not by the author");

    const res = await client(forum.app).get("/api/users/Reputable");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: author.user.id,
      username: "Reputable",
      role: "user",
      banned: false,
      postCount: 2,
      replyCount: 3,
      reputation: 2 + 1 + 2 + 1,
    });
    expect(res.body).not.toHaveProperty("passwordHash");
  });

  it("answers zero counts for a member with no activity", async () => {
    const quiet = await insertUser(forum.db, { username: "quiet-one" });
    const res = await client(forum.app).get("/api/users/quiet-one");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: quiet.id, postCount: 0, replyCount: 0, reputation: 0 });
  });

  it("finds the user whatever the case of the username", async () => {
    const user = await insertUser(forum.db, { username: "MixedCase" });
    for (const name of ["mixedcase", "MIXEDCASE", "MixedCase"]) {
      const res = await client(forum.app).get(`/api/users/${name}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: user.id, username: "MixedCase" });
    }
  });

  it("answers 404 with the spec's message for an unknown user", async () => {
    const res = await client(forum.app).get("/api/users/nobody-at-all");
    expect(res).toMatchObject({ status: 404, body: { message: "User not found" } });
  });

  it("shows the email only to that user and to admins", async () => {
    const owner = await signedIn(forum, { username: "private-person", email: "private@example.com" });
    const other = await signedIn(forum);
    const url = "/api/users/private-person";

    const asVisitor = await client(forum.app).get(url);
    expect(asVisitor.status).toBe(200);
    expect(asVisitor.body).not.toHaveProperty("email");
    const asOther = await other.get(url);
    expect(asOther.status).toBe(200);
    expect(asOther.body).not.toHaveProperty("email");
    expect(JSON.stringify(asOther.body)).not.toContain("private@example.com");

    expect((await owner.get(url)).body.email).toBe("private@example.com");
    expect((await admin.get(url)).body.email).toBe("private@example.com");
  });
});

describe("GET /api/users/{username}/posts and /replies", () => {
  it("lists the user's posts, newest first, as a bare array", async () => {
    const author = await insertUser(forum.db, { username: "post-lister" });
    const other = await insertUser(forum.db);
    const now = Date.now();
    const oldest = await insertPost(forum.db, {
      authorId: author.id,
      categoryId,
      title: "Oldest",
      createdAt: now - 3000,
    });
    const newest = await insertPost(forum.db, { authorId: author.id, categoryId, title: "Newest", createdAt: now });
    const middle = await insertPost(forum.db, {
      authorId: author.id,
      categoryId,
      title: "Middle",
      createdAt: now - 1000,
    });
    await insertPost(forum.db, { authorId: other.id, categoryId, title: "Not theirs" });

    const res = await client(forum.app).get("/api/users/POST-LISTER/posts");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((p: { id: number }) => p.id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(res.body[0]).toMatchObject({ title: "Newest", slug: newest.slug, authorId: author.id });
  });

  it("lists the user's replies as a bare array, each with its post's slug and title", async () => {
    const author = await signedIn(forum, { username: "reply-lister" });
    const post = await insertPost(forum.db, { authorId: admin.user.id, categoryId, title: "Replied To" });
    const first = await reply(author, post.id, "Older reply");
    await forum.db
      .updateTable("replies")
      .set({ createdAt: Date.now() - 5000 })
      .where("id", "=", first)
      .execute();
    const second = await reply(author, post.id, "Newer reply");

    const res = await client(forum.app).get("/api/users/reply-lister/replies");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((r: { id: number }) => r.id)).toEqual([second, first]);
    for (const item of res.body) {
      expect(item.post).toEqual({ slug: post.slug, title: "Replied To" });
      expect(item.authorId).toBe(author.user.id);
    }
    expect(res.body[0].content).toBe("Newer reply");
  });

  it("answers empty arrays for a user with nothing, and 404 for an unknown user", async () => {
    await insertUser(forum.db, { username: "empty-handed" });
    expect(await client(forum.app).get("/api/users/empty-handed/posts")).toMatchObject({ status: 200, body: [] });
    expect(await client(forum.app).get("/api/users/empty-handed/replies")).toMatchObject({ status: 200, body: [] });
    expect(await client(forum.app).get("/api/users/no-such-user/posts")).toMatchObject({
      status: 404,
      body: { message: "User not found" },
    });
    expect(await client(forum.app).get("/api/users/no-such-user/replies")).toMatchObject({
      status: 404,
      body: { message: "User not found" },
    });
  });
});

describe("PUT /api/users/{id}", () => {
  const fields = {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "Ada.Lovelace@Example.com",
    bio: "Writes programs for engines.",
    website: "https://ada.example",
    location: "London, UK",
  };

  it("saves a member's own profile and returns the updated user; a new email waits for its confirmation", async () => {
    const me = await signedIn(forum, { username: "ada" });
    const res = await me.put(`/api/users/${me.user.id}`, fields);
    expect(res.status).toBe(200);
    const { email: _asked, ...rest } = fields;
    // The address changes once confirmed from the mail sent to it (mail-change.test.ts).
    expect(res.body).toMatchObject({
      id: me.user.id,
      username: "ada",
      ...rest,
      email: "ada@example.com",
      pendingEmail: "ada.lovelace@example.com",
      role: "user",
    });
    expect(res.body).not.toHaveProperty("passwordHash");
    expect(await userRow(me.user.id)).toMatchObject({ ...rest, email: "ada@example.com" });
    expect((await me.get("/api/user")).body).toMatchObject({
      firstName: "Ada",
      pendingEmail: "ada.lovelace@example.com",
    });
  });

  it("leaves absent fields as they are and clears a field sent blank", async () => {
    const me = await signedIn(forum);
    await me.put(`/api/users/${me.user.id}`, { bio: "Original bio", location: "Paris" });
    const res = await me.put(`/api/users/${me.user.id}`, { location: "" });
    expect(res.status).toBe(200);
    expect(await userRow(me.user.id)).toMatchObject({ bio: "Original bio", location: null });
  });

  it("ignores a role or ban flag a member slips into their own profile update", async () => {
    const me = await signedIn(forum);
    const res = await me.put(`/api/users/${me.user.id}`, {
      bio: "sneaky",
      role: "admin",
      banned: false,
      username: "x",
    });
    expect(res.status).toBe(200);
    const row = await userRow(me.user.id);
    expect(row).toMatchObject({ role: "user", bio: "sneaky", username: me.user.username });
  });

  it("refuses another member's profile with 403 and changes nothing", async () => {
    const me = await signedIn(forum);
    const victim = await insertUser(forum.db);
    const res = await me.put(`/api/users/${victim.id}`, { bio: "defaced" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "You can only update your own profile" });
    expect((await userRow(victim.id)).bio).toBeNull();
  });

  it("lets an admin update anyone's profile", async () => {
    const target = await insertUser(forum.db);
    const res = await admin.put(`/api/users/${target.id}`, { firstName: "Edited", location: "Somewhere" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: target.id, firstName: "Edited", location: "Somewhere" });
    expect(await userRow(target.id)).toMatchObject({ firstName: "Edited", location: "Somewhere" });
  });

  it("answers 404 when an admin updates an unknown user", async () => {
    const res = await admin.put("/api/users/999999", { bio: "ghost" });
    expect(res).toMatchObject({ status: 404, body: { message: "User not found" } });
  });

  it("refuses an email another account has, case-insensitively, with 409", async () => {
    await insertUser(forum.db, { email: "owner@example.com" });
    const me = await signedIn(forum);
    const res = await me.put(`/api/users/${me.user.id}`, { email: "OWNER@example.com" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: "That email address is already registered" });
    expect((await userRow(me.user.id)).email).toBe(`${me.user.username}@example.com`);
  });

  it("accepts the member's own current email", async () => {
    const me = await signedIn(forum);
    const res = await me.put(`/api/users/${me.user.id}`, { email: `${me.user.username.toUpperCase()}@example.com` });
    expect(res.status).toBe(200);
  });

  it.each([["not-an-email"], [""], ["a@"], [42]])("refuses the invalid email %j with 400", async (email) => {
    const me = await signedIn(forum);
    const res = await me.put(`/api/users/${me.user.id}`, { email });
    expect(res).toMatchObject({ status: 400, body: { message: "Please enter a valid email address" } });
    expect((await userRow(me.user.id)).email).toBe(`${me.user.username}@example.com`);
  });

  it("refuses visitors with 401", async () => {
    const target = await insertUser(forum.db);
    const res = await client(forum.app).put(`/api/users/${target.id}`, { bio: "visitor" });
    expect(res.status).toBe(401);
    expect((await userRow(target.id)).bio).toBeNull();
  });
});

describe("profile website", () => {
  it("keeps web addresses, adds https:// to a bare host and refuses other schemes", async () => {
    const member = await signedIn(forum);
    const bare = await member.put(`/api/users/${member.user.id}`, { website: "example.com/me" });
    expect(bare.status).toBe(200);
    expect(bare.body.website).toBe("https://example.com/me");
    const script = await member.put(`/api/users/${member.user.id}`, { website: "javascript:alert(1)" });
    expect(script).toMatchObject({
      status: 400,
      body: { message: "Website must be a web address such as https://example.com" },
    });
    const row = await forum.db
      .selectFrom("users")
      .select("website")
      .where("id", "=", member.user.id)
      .executeTakeFirstOrThrow();
    expect(row.website).toBe("https://example.com/me");
  });
});
