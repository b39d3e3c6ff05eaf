// Reports (issue 15): members report a post or reply once each; moderators and admins see the
// open reports grouped by content and resolve them (dismiss, delete the content, or, admins only,
// ban the author), which records who resolved them and when.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, insertCategory, signedIn, startForum, type TestForum } from "./harness";

let forum: TestForum;
let categoryId: number;
type Member = Awaited<ReturnType<typeof signedIn>>;
let author: Member;
let moderator: Member;
let admin: Member;

beforeAll(async () => {
  forum = await startForum();
  categoryId = await insertCategory(forum.db, "Reported");
  author = await signedIn(forum, { username: "spammy" });
  moderator = await signedIn(forum, { username: "report-mod", role: "moderator" });
  admin = await signedIn(forum, { username: "report-admin", role: "admin" });
});
afterAll(() => forum.close());

async function newPost(content = "Buy cheap watches at example.com") {
  const res = await author.post("/api/posts", { title: "Totally on topic", content, categoryId });
  expect(res.status).toBe(201);
  return res.body as { id: number; slug: string };
}

async function newReply(postId: number, content = "Click here for prizes") {
  const res = await author.post(`/api/posts/${postId}/replies`, { content });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

async function reportRows(where: { postId?: number; replyId?: number }) {
  let query = forum.db.selectFrom("reports").selectAll().orderBy("id");
  if (where.postId !== undefined) query = query.where("postId", "=", where.postId);
  if (where.replyId !== undefined) query = query.where("replyId", "=", where.replyId);
  return query.execute();
}

const openList = async () => (await moderator.get("/api/admin/reports")).body as Array<Record<string, unknown>>;

describe("POST /api/reports", () => {
  it("records a member's report of a post, once: a second one answers 409", async () => {
    const post = await newPost();
    const reporter = await signedIn(forum);
    const first = await reporter.post("/api/reports", { postId: post.id, reason: "Spam", text: "  Link farm  " });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      postId: post.id,
      replyId: null,
      reason: "Spam",
      text: "Link farm",
      createdAt: expect.any(String),
    });
    const again = await reporter.post("/api/reports", { postId: post.id, reason: "Abuse" });
    expect(again).toMatchObject({ status: 409, body: { message: "You have already reported this" } });
    expect(await reportRows({ postId: post.id })).toEqual([
      expect.objectContaining({ reporterId: reporter.user.id, reason: "Spam", text: "Link farm", resolvedAt: null }),
    ]);
  });

  it("reports a reply the same way, once per member", async () => {
    const post = await newPost();
    const replyId = await newReply(post.id);
    const reporter = await signedIn(forum);
    expect((await reporter.post("/api/reports", { replyId, reason: "Off-topic" })).status).toBe(201);
    expect((await reporter.post("/api/reports", { replyId, reason: "Other" })).status).toBe(409);
    // Reporting the post is another report.
    expect((await reporter.post("/api/reports", { postId: post.id, reason: "Other" })).status).toBe(201);
    expect(await reportRows({ replyId })).toHaveLength(1);
  });

  it("refuses bad reports with 400, unknown content with 404, visitors with 401, storing nothing", async () => {
    const post = await newPost();
    const reporter = await signedIn(forum);
    const cases: Array<[unknown, string]> = [
      [{ postId: post.id, reason: "Boring" }, "reason must be one of Spam, Abuse, Off-topic, Other"],
      [{ postId: post.id, reason: "Other", text: "x".repeat(501) }, "Text must be at most 500 characters"],
      [{ reason: "Spam" }, "Report either a post (postId) or a reply (replyId)"],
      [{ postId: post.id, replyId: 1, reason: "Spam" }, "Report either a post (postId) or a reply (replyId)"],
    ];
    for (const [body, message] of cases) {
      expect(await reporter.post("/api/reports", body)).toMatchObject({ status: 400, body: { message } });
    }
    expect(
      (await reporter.post("/api/reports", { postId: post.id, reason: "Other", text: "y".repeat(500) })).status,
    ).toBe(201);
    expect(await reporter.post("/api/reports", { postId: 999_999, reason: "Spam" })).toMatchObject({
      status: 404,
      body: { message: "Post not found" },
    });
    expect(await reporter.post("/api/reports", { replyId: 999_999, reason: "Spam" })).toMatchObject({
      status: 404,
      body: { message: "Reply not found" },
    });
    expect((await client(forum.app).post("/api/reports", { postId: post.id, reason: "Spam" })).status).toBe(401);
    expect(await reportRows({ postId: post.id })).toHaveLength(1);
  });
});

describe("the Reports screen's calls", () => {
  it("list open reports grouped by content with excerpt, author, reporters, reasons and count", async () => {
    const post = await newPost(`Spam ${"lorem ipsum ".repeat(40)}`);
    const replyId = await newReply(post.id, "Rude words");
    const [a, b, c] = [await signedIn(forum), await signedIn(forum), await signedIn(forum)];
    await a.post("/api/reports", { postId: post.id, reason: "Spam" });
    await b.post("/api/reports", { postId: post.id, reason: "Spam", text: "Again" });
    await c.post("/api/reports", { postId: post.id, reason: "Off-topic" });
    await a.post("/api/reports", { replyId, reason: "Abuse" });

    const list = await openList();
    const onPost = list.find((item) => item.kind === "post" && item.id === post.id);
    expect(onPost).toMatchObject({
      post: { id: post.id, slug: post.slug, title: "Totally on topic" },
      author: { id: author.user.id, username: "spammy", role: "user", banned: false },
      count: 3,
      reasons: ["Spam", "Off-topic"],
      reports: [
        { reporter: { id: a.user.id, username: a.user.username }, reason: "Spam", text: null },
        { reporter: { id: b.user.id, username: b.user.username }, reason: "Spam", text: "Again" },
        { reporter: { id: c.user.id, username: c.user.username }, reason: "Off-topic", text: null },
      ],
    });
    expect(String(onPost?.excerpt ?? "").length).toBeLessThanOrEqual(200);
    expect(onPost?.excerpt).toMatch(/^Spam lorem ipsum/);
    expect(list.find((item) => item.kind === "reply" && item.id === replyId)).toMatchObject({
      post: { id: post.id },
      excerpt: "Rude words",
      count: 1,
      reasons: ["Abuse"],
    });
    const count = (await admin.get("/api/admin/reports/count")).body.count;
    expect(count).toBe(list.reduce((sum, item) => sum + (item.count as number), 0));
  });

  it("dismiss: closes every open report of the content, recording who and when; the content stays", async () => {
    const post = await newPost();
    await (await signedIn(forum)).post("/api/reports", { postId: post.id, reason: "Spam" });
    await (await signedIn(forum)).post("/api/reports", { postId: post.id, reason: "Abuse" });
    const countBefore = (await moderator.get("/api/admin/reports/count")).body.count;
    const before = Date.now();
    const res = await moderator.post("/api/admin/reports/resolve", { postId: post.id, action: "dismiss" });
    expect(res.body).toEqual({
      resolution: "dismissed",
      resolved: 2,
      resolvedBy: { id: moderator.user.id, username: "report-mod" },
      resolvedAt: expect.any(String),
    });
    const rows = await reportRows({ postId: post.id });
    for (const row of rows) {
      expect(row).toMatchObject({ resolution: "dismissed", resolvedById: moderator.user.id });
      expect(row.resolvedAt).toBeGreaterThanOrEqual(before);
    }
    expect((await moderator.get("/api/admin/reports/count")).body.count).toBe(countBefore - 2);
    expect((await openList()).some((item) => item.kind === "post" && item.id === post.id)).toBe(false);
    expect((await client(forum.app).get(`/api/posts/${post.slug}`)).status).toBe(200);
    // Nothing left to resolve.
    const again = await moderator.post("/api/admin/reports/resolve", { postId: post.id, action: "dismiss" });
    expect(again).toMatchObject({ status: 404, body: { message: "There are no open reports on this" } });
  });

  it("delete: deletes the content; the resolved reports keep the record", async () => {
    const post = await newPost();
    const replyId = await newReply(post.id);
    const reporter = await signedIn(forum);
    await reporter.post("/api/reports", { replyId, reason: "Spam" });
    const res = await moderator.post("/api/admin/reports/resolve", { replyId, action: "delete" });
    expect(res.body).toMatchObject({ resolution: "deleted", resolved: 1 });
    expect(await forum.db.selectFrom("replies").select("id").where("id", "=", replyId).executeTakeFirst()).toBe(
      undefined,
    );
    expect((await client(forum.app).get(`/api/posts/${post.slug}`)).body.replyCount).toBe(0);
    const kept = await forum.db.selectFrom("reports").selectAll().where("reporterId", "=", reporter.user.id).execute();
    expect(kept).toEqual([
      expect.objectContaining({ replyId: null, postId: null, resolution: "deleted", resolvedById: moderator.user.id }),
    ]);

    // A post goes with its replies; their open reports are settled with it.
    const reply2 = await newReply(post.id);
    await reporter.post("/api/reports", { postId: post.id, reason: "Spam" });
    await (await signedIn(forum)).post("/api/reports", { replyId: reply2, reason: "Spam" });
    await moderator.post("/api/admin/reports/resolve", { postId: post.id, action: "delete" });
    expect((await client(forum.app).get(`/api/posts/${post.slug}`)).status).toBe(404);
    const open = await forum.db.selectFrom("reports").selectAll().where("resolvedAt", "is", null).execute();
    expect(open.filter((row) => row.postId === null && row.replyId === null)).toEqual([]);
  });

  it("ban: admins only; bans the author, ends their sessions and deletes the content", async () => {
    const spammer = await signedIn(forum, { username: "ban-me" });
    const made = await spammer.post("/api/posts", { title: "Spam", content: "Spam", categoryId });
    await (await signedIn(forum)).post("/api/reports", { postId: made.body.id, reason: "Spam" });

    const byModerator = await moderator.post("/api/admin/reports/resolve", { postId: made.body.id, action: "ban" });
    expect(byModerator).toMatchObject({
      status: 403,
      body: { message: "Only administrators can ban members: moderators can dismiss reports or delete the content" },
    });
    expect(await reportRows({ postId: made.body.id })).toEqual([expect.objectContaining({ resolvedAt: null })]);

    const byAdmin = await admin.post("/api/admin/reports/resolve", { postId: made.body.id, action: "ban" });
    expect(byAdmin.body).toMatchObject({ resolution: "banned", resolvedBy: { username: "report-admin" } });
    const user = await forum.db.selectFrom("users").selectAll().where("id", "=", spammer.user.id).executeTakeFirst();
    expect(user?.banned).toBe(1);
    expect((await spammer.get("/api/user")).status).toBe(401);
    expect((await client(forum.app).get(`/api/posts/${made.body.slug}`)).status).toBe(404);
  });

  it("ban refuses an admin's content and one's own", async () => {
    const otherAdmin = await signedIn(forum, { role: "admin" });
    const made = await otherAdmin.post("/api/posts", { title: "Admin says", content: "Hello", categoryId });
    await (await signedIn(forum)).post("/api/reports", { postId: made.body.id, reason: "Other" });
    const res = await admin.post("/api/admin/reports/resolve", { postId: made.body.id, action: "ban" });
    expect(res).toMatchObject({ status: 403, body: { message: "Admin accounts cannot be banned" } });
    const own = await admin.post("/api/posts", { title: "Mine", content: "Mine", categoryId });
    await (await signedIn(forum)).post("/api/reports", { postId: own.body.id, reason: "Other" });
    const self = await admin.post("/api/admin/reports/resolve", { postId: own.body.id, action: "ban" });
    expect(self).toMatchObject({ status: 403, body: { message: "You cannot ban yourself" } });
  });

  it("drops open reports from the list when their content is deleted some other way", async () => {
    const post = await newPost();
    await (await signedIn(forum)).post("/api/reports", { postId: post.id, reason: "Spam" });
    expect((await openList()).some((item) => item.id === post.id && item.kind === "post")).toBe(true);
    expect((await author.del(`/api/posts/${post.id}`)).status).toBe(200);
    expect((await openList()).some((item) => item.id === post.id && item.kind === "post")).toBe(false);
  });
});
