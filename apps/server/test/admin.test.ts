import { MESSAGES } from "@forum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDocumented } from "./conformance";
import { client, insertCategory, insertPost, insertUser, signedIn, startForum, type TestForum } from "./harness";

type Browser = Awaited<ReturnType<typeof signedIn>>;

let forum: TestForum;
let admin: Browser;
let member: Browser;
let categoryId: number;

beforeAll(async () => {
  forum = await startForum();
  admin = await signedIn(forum, { role: "admin", username: "head-admin" });
  member = await signedIn(forum);
  categoryId = await insertCategory(forum.db, "Admin Category");
});
afterAll(() => forum.close());

async function countOf(table: "users" | "posts" | "categories" | "replies" | "votes") {
  const row = await forum.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function userRow(id: number) {
  return forum.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

function postRow(id: number) {
  return forum.db.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

const ADMIN_READS = [
  "/api/admin/stats",
  "/api/admin/recent-users",
  "/api/admin/recent-posts",
  "/api/admin/users",
  "/api/admin/user-stats",
];

describe("admin dashboard reads", () => {
  it.each(ADMIN_READS)("%s refuses visitors with 401 and members with 403", async (url) => {
    expect((await client(forum.app).get(url)).status).toBe(401);
    expect((await member.get(url)).status).toBe(403);
  });

  it("stats count users, posts and categories", async () => {
    const before = await admin.get("/api/admin/stats");
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      totalUsers: await countOf("users"),
      totalPosts: await countOf("posts"),
      totalCategories: await countOf("categories"),
    });
    const author = await insertUser(forum.db);
    await insertPost(forum.db, { authorId: author.id, categoryId });
    await insertPost(forum.db, { authorId: author.id, categoryId });
    await insertCategory(forum.db);
    const after = await admin.get("/api/admin/stats");
    expect(after.body).toEqual({
      totalUsers: before.body.totalUsers + 1,
      totalPosts: before.body.totalPosts + 2,
      totalCategories: before.body.totalCategories + 1,
    });
  });

  it("recent users are the newest five accounts, with email and role, without secrets", async () => {
    const fresh = [];
    for (let i = 0; i < 6; i++) fresh.push(await insertUser(forum.db, { username: `recent-${i}` }));
    const res = await admin.get("/api/admin/recent-users");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(5);
    expect(res.body.map((u: { username: string }) => u.username)).toEqual([
      "recent-5",
      "recent-4",
      "recent-3",
      "recent-2",
      "recent-1",
    ]);
    expect(res.body[0]).toMatchObject({ id: fresh[5]?.id, email: "recent-5@example.com", role: "user", banned: false });
    for (const user of res.body) expect(user).not.toHaveProperty("passwordHash");
  });

  it("recent posts are the newest five posts with their author and category", async () => {
    const author = await insertUser(forum.db, { username: "recent-poster" });
    const now = Date.now() + 60_000;
    const ids: number[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await insertPost(forum.db, { authorId: author.id, categoryId, createdAt: now + i * 1000 })).id);
    const res = await admin.get("/api/admin/recent-posts");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((p: { id: number }) => p.id)).toEqual(ids.slice(1).reverse());
    expect(res.body[0]).toMatchObject({
      author: { username: "recent-poster" },
      category: { name: "Admin Category" },
      upvotes: 0,
      views: 0,
    });
  });

  it("users lists every account as a bare array", async () => {
    const res = await admin.get("/api/admin/users");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(await countOf("users"));
    const me = res.body.find((u: { id: number }) => u.id === admin.user.id);
    expect(me).toMatchObject({ username: "head-admin", email: "head-admin@example.com", role: "admin" });
    for (const user of res.body) expect(user).not.toHaveProperty("passwordHash");
  });

  it("user stats count all, active, banned and admin accounts", async () => {
    const before = await admin.get("/api/admin/user-stats");
    expect(before.status).toBe(200);
    const total = await countOf("users");
    expect(before.body.totalUsers).toBe(total);
    expect(before.body.activeUsers + before.body.bannedUsers).toBe(total);
    await insertUser(forum.db, { banned: true });
    await insertUser(forum.db, { role: "admin" });
    await insertUser(forum.db);
    const after = await admin.get("/api/admin/user-stats");
    expect(after.body).toEqual({
      totalUsers: before.body.totalUsers + 3,
      activeUsers: before.body.activeUsers + 2,
      bannedUsers: before.body.bannedUsers + 1,
      admins: before.body.admins + 1,
    });
  });
});

describe("PUT /api/admin/users/{id}", () => {
  const edit = (username: string, extra: Record<string, unknown> = {}) => ({
    username,
    email: `${username}@example.com`,
    firstName: "First",
    lastName: "Last",
    role: "user",
    ...extra,
  });

  it("saves username, email, names and role", async () => {
    const target = await insertUser(forum.db, { username: "to-edit" });
    const res = await admin.put(`/api/admin/users/${target.id}`, {
      username: "edited-name",
      email: "Edited@Example.com",
      firstName: "Grace",
      lastName: "Hopper",
      role: "moderator",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: target.id, username: "edited-name", email: "edited@example.com" });
    expect(await userRow(target.id)).toMatchObject({
      username: "edited-name",
      email: "edited@example.com",
      firstName: "Grace",
      lastName: "Hopper",
      role: "moderator",
    });
  });

  it("promotes a member to admin, who can use admin calls at once", async () => {
    const promoted = await signedIn(forum);
    expect((await promoted.get("/api/admin/stats")).status).toBe(403);
    const res = await admin.put(
      `/api/admin/users/${promoted.user.id}`,
      edit(promoted.user.username, { role: "admin" }),
    );
    expect(res.status).toBe(200);
    expect((await userRow(promoted.user.id))?.role).toBe("admin");
    expect((await promoted.get("/api/admin/stats")).status).toBe(200);
    // ...and demoting them (another admin remains) takes it away at once.
    const back = await admin.put(`/api/admin/users/${promoted.user.id}`, edit(promoted.user.username));
    expect(back.status).toBe(200);
    expect((await promoted.get("/api/admin/stats")).status).toBe(403);
  });

  it("refuses a blank username with the spec's message", async () => {
    const target = await insertUser(forum.db);
    const res = await admin.put(`/api/admin/users/${target.id}`, { ...edit(target.username), username: "  " });
    expect(res).toMatchObject({ status: 400, body: { message: "Username is required" } });
    expect((await userRow(target.id))?.username).toBe(target.username);
  });

  it("refuses a username another account has, case-insensitively, with 409", async () => {
    await insertUser(forum.db, { username: "already-here" });
    const target = await insertUser(forum.db);
    const res = await admin.put(`/api/admin/users/${target.id}`, {
      ...edit(target.username),
      username: "Already-Here",
    });
    expect(res).toMatchObject({ status: 409, body: { message: "That username is already taken" } });
    expect((await userRow(target.id))?.username).toBe(target.username);
  });

  it("refuses an email another account has with 409", async () => {
    await insertUser(forum.db, { username: "mail-owner" });
    const target = await insertUser(forum.db);
    const res = await admin.put(`/api/admin/users/${target.id}`, {
      ...edit(target.username),
      email: "mail-owner@example.com",
    });
    expect(res).toMatchObject({ status: 409, body: { message: "That email address is already registered" } });
  });

  it("refuses an unknown role or a bad email with 400", async () => {
    const target = await insertUser(forum.db);
    expect((await admin.put(`/api/admin/users/${target.id}`, edit(target.username, { role: "owner" }))).status).toBe(
      400,
    );
    expect((await admin.put(`/api/admin/users/${target.id}`, edit(target.username, { email: "nope" }))).status).toBe(
      400,
    );
    expect((await userRow(target.id))?.role).toBe("user");
  });

  it("answers 404 for an unknown user", async () => {
    const res = await admin.put("/api/admin/users/999999", edit("ghost-user"));
    expect(res).toMatchObject({ status: 404, body: { message: "User not found" } });
  });

  it("refuses visitors and members", async () => {
    const target = await insertUser(forum.db);
    const payload = edit(target.username, { role: "admin" });
    expect((await client(forum.app).put(`/api/admin/users/${target.id}`, payload)).status).toBe(401);
    expect((await member.put(`/api/admin/users/${target.id}`, payload)).status).toBe(403);
    expect((await member.put(`/api/admin/users/${member.user.id}`, edit(member.user.username, payload))).status).toBe(
      403,
    );
    expect((await userRow(target.id))?.role).toBe("user");
    expect((await userRow(member.user.id))?.role).toBe("user");
  });

  it("cannot demote the last admin", async () => {
    const solo = await startForum();
    try {
      const only = await signedIn(solo, { role: "admin", username: "only-admin" });
      const res = await only.put(`/api/admin/users/${only.user.id}`, {
        username: "only-admin",
        email: "only-admin@example.com",
        role: "user",
      });
      expect(res.status).toBe(409);
      expect(Object.keys(res.body)).toEqual(["message"]);
      const row = await solo.db.selectFrom("users").select("role").where("id", "=", only.user.id).executeTakeFirst();
      expect(row?.role).toBe("admin");
      // Keeping the role while editing other fields is fine.
      const rename = await only.put(`/api/admin/users/${only.user.id}`, {
        username: "only-admin",
        email: "only-admin@example.com",
        firstName: "Solo",
        role: "admin",
      });
      expect(rename.status).toBe(200);

      // A banned admin (left over from before, say) cannot run the forum, so does not count.
      await insertUser(solo.db, { role: "admin", banned: true });
      const demote = await only.put(`/api/admin/users/${only.user.id}`, {
        username: "only-admin",
        email: "only-admin@example.com",
        role: "moderator",
      });
      expect(demote.status).toBe(409);
      const after = await solo.db.selectFrom("users").select("role").where("id", "=", only.user.id).executeTakeFirst();
      expect(after?.role).toBe("admin");

      // With a second admin who can sign in, stepping down is allowed.
      await insertUser(solo.db, { role: "admin" });
      const stepDown = await only.put(`/api/admin/users/${only.user.id}`, {
        username: "only-admin",
        email: "only-admin@example.com",
        role: "user",
      });
      expect(stepDown.status).toBe(200);
      expect((await only.get("/api/admin/stats")).status).toBe(403);
    } finally {
      await solo.close();
    }
  });

  it("refuses to make a banned member an admin", async () => {
    const target = await insertUser(forum.db, { banned: true });
    const res = await admin.put(`/api/admin/users/${target.id}`, edit(target.username, { role: "admin" }));
    expect(res.status).toBe(409);
    expect(Object.keys(res.body)).toEqual(["message"]);
    expect(await userRow(target.id)).toMatchObject({ role: "user", banned: 1 });
    // Once unbanned, the promotion goes through.
    expect((await admin.put(`/api/admin/users/${target.id}/ban`, { banned: false })).status).toBe(200);
    const promoted = await admin.put(`/api/admin/users/${target.id}`, edit(target.username, { role: "admin" }));
    expect(promoted.status).toBe(200);
    expect((await userRow(target.id))?.role).toBe("admin");
  });
});

describe("PUT /api/admin/users/{id}/ban", () => {
  it("ends the member's sessions at once, refuses their login, and unbanning restores it", async () => {
    const target = await signedIn(forum, { password: "banned-password" });
    const second = client(forum.app);
    await second.post("/api/login", { username: target.user.username, password: "banned-password" });
    expect((await target.get("/api/user")).status).toBe(200);

    const ban = await admin.put(`/api/admin/users/${target.user.id}/ban`, { banned: true });
    expect(ban.status).toBe(200);
    expect(ban.body).toMatchObject({ id: target.user.id, banned: true });
    expect((await userRow(target.user.id))?.banned).toBe(1);

    // Each session is told why it ends (banned-session.test.ts has the rest of that story).
    expect(await target.get("/api/user")).toMatchObject({ status: 401, body: { message: MESSAGES.banned } });
    expect(await second.get("/api/user")).toMatchObject({ status: 401, body: { message: MESSAGES.banned } });
    const login = await client(forum.app).post("/api/login", {
      username: target.user.username,
      password: "banned-password",
    });
    expect(login.status).toBe(403);
    expect(login.body.message).toMatch(/banned/);

    const unban = await admin.put(`/api/admin/users/${target.user.id}/ban`, { banned: false });
    expect(unban.status).toBe(200);
    expect(unban.body).toMatchObject({ banned: false });
    expect((await userRow(target.user.id))?.banned).toBe(0);
    // No session from before the ban comes back: the member signs in again.
    const sessions = await forum.db.selectFrom("sessions").select("id").where("userId", "=", target.user.id).execute();
    expect(sessions).toHaveLength(0);
    const again = client(forum.app);
    expect(
      (await again.post("/api/login", { username: target.user.username, password: "banned-password" })).status,
    ).toBe(200);
    expect((await again.get("/api/user")).status).toBe(200);
  });

  it("refuses to ban an admin, or the caller themselves", async () => {
    const otherAdmin = await signedIn(forum, { role: "admin" });
    const res = await admin.put(`/api/admin/users/${otherAdmin.user.id}/ban`, { banned: true });
    expect(res).toMatchObject({ status: 403, body: { message: "Admin accounts cannot be banned" } });
    expect((await userRow(otherAdmin.user.id))?.banned).toBe(0);
    expect((await otherAdmin.get("/api/user")).status).toBe(200);
    const self = await admin.put(`/api/admin/users/${admin.user.id}/ban`, { banned: true });
    expect(self.status).toBe(403);
    expect((await userRow(admin.user.id))?.banned).toBe(0);
  });

  it("refuses a missing or non-boolean flag with 400, and answers 404 for an unknown user", async () => {
    const target = await insertUser(forum.db);
    expect((await admin.put(`/api/admin/users/${target.id}/ban`, {})).status).toBe(400);
    expect((await admin.put(`/api/admin/users/${target.id}/ban`, { banned: "maybe" })).status).toBe(400);
    expect((await userRow(target.id))?.banned).toBe(0);
    expect(await admin.put("/api/admin/users/999999/ban", { banned: true })).toMatchObject({
      status: 404,
      body: { message: "User not found" },
    });
  });

  it("refuses visitors and members", async () => {
    const target = await signedIn(forum);
    expect((await client(forum.app).put(`/api/admin/users/${target.user.id}/ban`, { banned: true })).status).toBe(401);
    expect((await member.put(`/api/admin/users/${target.user.id}/ban`, { banned: true })).status).toBe(403);
    expect((await userRow(target.user.id))?.banned).toBe(0);
    expect((await target.get("/api/user")).status).toBe(200);
  });
});

describe("DELETE /api/admin/users/{id}", () => {
  it("deletes the member with their posts, replies and votes, and recounts what they fed", async () => {
    const doomed = await signedIn(forum, { username: "doomed" });
    const bystander = await signedIn(forum);
    const ownCategory = await insertCategory(forum.db, "Doomed Category");

    const doomedPost = await insertPost(forum.db, { authorId: doomed.user.id, categoryId: ownCategory });
    const otherPost = await insertPost(forum.db, { authorId: bystander.user.id, categoryId: ownCategory });
    // The bystander replies to and votes on the doomed post; the doomed member replies to and
    // votes on the bystander's post and reply.
    const bystanderReply = await bystander.post(`/api/posts/${otherPost.id}/replies`, { content: "bystander reply" });
    expect(bystanderReply.status).toBe(201);
    expect((await bystander.post(`/api/posts/${doomedPost.id}/replies`, { content: "on doomed" })).status).toBe(201);
    expect((await bystander.post("/api/votes", { type: "upvote", postId: doomedPost.id })).status).toBe(200);
    const doomedReply = await doomed.post(`/api/posts/${otherPost.id}/replies`, { content: "doomed reply" });
    expect(doomedReply.status).toBe(201);
    expect((await doomed.post("/api/votes", { type: "upvote", postId: otherPost.id })).status).toBe(200);
    await forum.db
      .insertInto("votes")
      .values({
        userId: doomed.user.id,
        postId: null,
        replyId: bystanderReply.body.id,
        value: 1,
        createdAt: Date.now(),
      })
      .execute();
    await forum.db.updateTable("replies").set({ upvotes: 1 }).where("id", "=", bystanderReply.body.id).execute();

    expect(await postRow(otherPost.id)).toMatchObject({ replyCount: 2, upvotes: 1 });

    const res = await admin.del(`/api/admin/users/${doomed.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty("message");

    expect(await userRow(doomed.user.id)).toBeUndefined();
    const left = async (table: "posts" | "replies" | "votes" | "sessions", column: "authorId" | "userId") =>
      forum.db.selectFrom(table).select("id").where(column, "=", doomed.user.id).execute();
    expect(await left("posts", "authorId")).toHaveLength(0);
    expect(await left("replies", "authorId")).toHaveLength(0);
    expect(await left("votes", "userId")).toHaveLength(0);
    expect(await left("sessions", "userId")).toHaveLength(0);
    // The doomed post went with its replies and votes from others.
    const onDoomedPost = await forum.db
      .selectFrom("replies")
      .select("id")
      .where("postId", "=", doomedPost.id)
      .execute();
    expect(onDoomedPost).toHaveLength(0);
    const votesOnDoomedPost = await forum.db
      .selectFrom("votes")
      .select("id")
      .where("postId", "=", doomedPost.id)
      .execute();
    expect(votesOnDoomedPost).toHaveLength(0);

    // Counters the member fed are right again.
    expect(await postRow(otherPost.id)).toMatchObject({ replyCount: 1, upvotes: 0, downvotes: 0 });
    const reply = await forum.db
      .selectFrom("replies")
      .selectAll()
      .where("id", "=", bystanderReply.body.id)
      .executeTakeFirstOrThrow();
    expect(reply.upvotes).toBe(0);
    const category = await forum.db
      .selectFrom("categories")
      .select("postCount")
      .where("id", "=", ownCategory)
      .executeTakeFirstOrThrow();
    expect(category.postCount).toBe(1);

    expect((await doomed.get("/api/user")).status).toBe(401);
    expect((await client(forum.app).get("/api/users/doomed")).status).toBe(404);
  });

  it("refuses to delete an admin account with 403", async () => {
    const otherAdmin = await insertUser(forum.db, { role: "admin" });
    const res = await admin.del(`/api/admin/users/${otherAdmin.id}`);
    expect(res).toMatchObject({ status: 403, body: { message: "Admin accounts cannot be deleted" } });
    expect(await userRow(otherAdmin.id)).toBeDefined();
    expect((await admin.del(`/api/admin/users/${admin.user.id}`)).status).toBe(403);
  });

  it("answers 404 for an unknown user", async () => {
    const res = await admin.del("/api/admin/users/999999");
    expect(res).toMatchObject({ status: 404, body: { message: "User not found" } });
  });

  it("refuses visitors and members", async () => {
    const target = await insertUser(forum.db);
    expect((await client(forum.app).del(`/api/admin/users/${target.id}`)).status).toBe(401);
    expect((await member.del(`/api/admin/users/${target.id}`)).status).toBe(403);
    expect(await userRow(target.id)).toBeDefined();
  });
});

describe("POST /api/bulk-upload", () => {
  const multipart = () => {
    const boundary = "----forumtestboundary";
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="type"',
      "",
      "users",
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="users.xlsx"',
      "Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "",
      "not really a spreadsheet",
      `--${boundary}--`,
      "",
    ].join("\r\n");
    return { body, contentType: `multipart/form-data; boundary=${boundary}` };
  };

  it("refuses visitors with 401 and members with 403", async () => {
    expect((await client(forum.app).post("/api/bulk-upload", {})).status).toBe(401);
    expect((await member.post("/api/bulk-upload", {})).status).toBe(403);
  });

  it("answers admins 400 for a request without a file, and reads a multipart upload", async () => {
    const res = await admin.post("/api/bulk-upload", {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Please select a file and upload type" });
    const { body, contentType } = multipart();
    const upload = await forum.app.inject({
      method: "POST",
      url: "/api/bulk-upload",
      payload: body,
      headers: { "content-type": contentType, cookie: admin.jar.cookie as string },
    });
    await checkDocumented(forum.app, "POST", "/api/bulk-upload", upload);
    // The text is not a spreadsheet (the importer itself is tested in bulk-upload.test.ts).
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toEqual({
      message: "The file is not an Excel spreadsheet (.xlsx or .xls), or it is damaged",
    });
    const visitorUpload = await forum.app.inject({
      method: "POST",
      url: "/api/bulk-upload",
      payload: body,
      headers: { "content-type": contentType },
    });
    await checkDocumented(forum.app, "POST", "/api/bulk-upload", visitorUpload);
    expect(visitorUpload.statusCode).toBe(401);
  });
});
