// Roles × actions (issue 15): what visitors, members, a post's author, moderators and admins may
// do with content and with the admin area. Moderators edit and delete any post or reply, pin,
// lock, reply in locked discussions and handle reports; only admins ban, and only admins reach
// members, categories, ads, settings and bulk import. Each cell acts on fresh content, and the
// whole matrix is compared at once, so a change of any rule shows as one readable diff.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  client,
  insertCategory,
  insertPost,
  insertUser,
  signedIn,
  startForum,
  type TestForum,
} from "./harness";

const ROLES = ["visitor", "member", "author", "moderator", "admin"] as const;
type RoleName = (typeof ROLES)[number];

let forum: TestForum;
let categoryId: number;
let browsers: Record<RoleName, Client>;
let authorId: number;

beforeAll(async () => {
  forum = await startForum();
  categoryId = await insertCategory(forum.db, "Matrix");
  const author = await signedIn(forum, { username: "matrix-author" });
  authorId = author.user.id;
  browsers = {
    visitor: client(forum.app),
    member: await signedIn(forum, { username: "matrix-member" }),
    author,
    moderator: await signedIn(forum, { username: "matrix-moderator", role: "moderator" }),
    admin: await signedIn(forum, { username: "matrix-admin", role: "admin" }),
  };
});
afterAll(() => forum.close());

/** Fresh content for one cell: a post by `ownerId` with a reply of theirs and an open report on each. */
async function content(ownerId: number, { locked = false } = {}) {
  const post = await insertPost(forum.db, { authorId: ownerId, categoryId, title: "Matrix post", content: "Text" });
  if (locked) await forum.db.updateTable("posts").set({ locked: 1 }).where("id", "=", post.id).execute();
  const now = Date.now();
  const reply = await forum.db
    .insertInto("replies")
    .values({ postId: post.id, authorId: ownerId, content: "Reply text", createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await forum.db
    .updateTable("posts")
    .set((eb) => ({ replyCount: eb("replyCount", "+", 1) }))
    .where("id", "=", post.id)
    .execute();
  const reporter = await insertUser(forum.db);
  for (const target of [
    { postId: post.id, replyId: null },
    { postId: null, replyId: reply.id },
  ]) {
    await forum.db
      .insertInto("reports")
      .values({ reporterId: reporter.id, ...target, reason: "Spam", text: null, createdAt: now })
      .execute();
  }
  return { postId: post.id, replyId: reply.id };
}

type Fixture = Awaited<ReturnType<typeof content>>;
type Action = {
  /** Content owned by someone else than the author role (banning the author would end their session). */
  ownedByStranger?: boolean;
  locked?: boolean;
  run: (browser: Client, f: Fixture) => Promise<{ status: number }>;
};

const postBody = (extra: Record<string, unknown> = {}) => ({
  title: "Matrix post",
  content: "Text",
  categoryId: 0,
  ...extra,
});

const ACTIONS: Record<string, Action> = {
  "edit a post": {
    run: (b, f) => b.put(`/api/posts/${f.postId}`, { ...postBody({ content: "Edited" }), categoryId }),
  },
  "delete a post": { run: (b, f) => b.del(`/api/posts/${f.postId}`) },
  "edit a reply": { run: (b, f) => b.put(`/api/replies/${f.replyId}`, { content: "Edited reply" }) },
  "delete a reply": { run: (b, f) => b.del(`/api/replies/${f.replyId}`) },
  "pin a post": { run: (b, f) => b.put(`/api/posts/${f.postId}`, { ...postBody({ pinned: true }), categoryId }) },
  "lock a post": { run: (b, f) => b.put(`/api/posts/${f.postId}`, { ...postBody({ locked: true }), categoryId }) },
  "feature a post": {
    // Featuring stays with admins: anyone else's flag is ignored (200, not stored), see below.
    run: (b, f) => b.put(`/api/posts/${f.postId}`, { ...postBody({ featured: true }), categoryId }),
  },
  reply: { run: (b, f) => b.post(`/api/posts/${f.postId}/replies`, { content: "Hi" }) },
  "reply in a locked post": {
    locked: true,
    run: (b, f) => b.post(`/api/posts/${f.postId}/replies`, { content: "Hi" }),
  },
  "vote on a reply": { run: (b, f) => b.post("/api/votes", { type: "upvote", replyId: f.replyId }) },
  "report a post": { run: (b, f) => b.post("/api/reports", { postId: f.postId, reason: "Abuse" }) },
  "list open reports": { run: (b) => b.get("/api/admin/reports") },
  "count open reports": { run: (b) => b.get("/api/admin/reports/count") },
  "dismiss reports": {
    run: (b, f) => b.post("/api/admin/reports/resolve", { postId: f.postId, action: "dismiss" }),
  },
  "delete reported content": {
    run: (b, f) => b.post("/api/admin/reports/resolve", { replyId: f.replyId, action: "delete" }),
  },
  "ban a reported author": {
    ownedByStranger: true,
    run: (b, f) => b.post("/api/admin/reports/resolve", { postId: f.postId, action: "ban" }),
  },
  "list members": { run: (b) => b.get("/api/admin/users") },
  "ban a member": {
    ownedByStranger: true,
    run: async (b, f) => {
      const owner = await forum.db.selectFrom("posts").select("authorId").where("id", "=", f.postId).executeTakeFirst();
      return b.put(`/api/admin/users/${owner?.authorId}/ban`, { banned: true });
    },
  },
  "create a category": {
    run: (b) => b.post("/api/categories", { name: `Cat ${Math.random()}`, description: "About" }),
  },
  "create an ad": { run: (b) => b.post("/api/ads", { title: "Ad", content: "Buy" }) },
  "change ad settings": {
    run: (b) => b.post("/api/ad-settings", { enableAds: false, adsensePubId: null, adsBetweenPosts: 3 }),
  },
  "bulk import": { run: (b) => b.post("/api/bulk-upload", { type: "users" }) },
  "see the dashboard": { run: (b) => b.get("/api/admin/stats") },
};

//                          visitor member author moderator admin
const EXPECTED: Record<string, [number, number, number, number, number]> = {
  "edit a post": [401, 403, 200, 200, 200],
  "delete a post": [401, 403, 200, 200, 200],
  "edit a reply": [401, 403, 200, 200, 200],
  "delete a reply": [401, 403, 200, 200, 200],
  "pin a post": [401, 403, 403, 200, 200],
  "lock a post": [401, 403, 403, 200, 200],
  "feature a post": [401, 403, 200, 200, 200],
  reply: [401, 201, 201, 201, 201],
  "reply in a locked post": [401, 403, 403, 201, 201],
  "vote on a reply": [401, 200, 200, 200, 200],
  "report a post": [401, 201, 201, 201, 201],
  "list open reports": [401, 403, 403, 200, 200],
  "count open reports": [401, 403, 403, 200, 200],
  "dismiss reports": [401, 403, 403, 200, 200],
  "delete reported content": [401, 403, 403, 200, 200],
  "ban a reported author": [401, 403, 403, 403, 200],
  "list members": [401, 403, 403, 403, 200],
  "ban a member": [401, 403, 403, 403, 200],
  "create a category": [401, 403, 403, 403, 201],
  "create an ad": [401, 403, 403, 403, 201],
  "change ad settings": [401, 403, 403, 403, 200],
  // The admin gets past the role check to the upload's own refusal (a JSON body has no file).
  "bulk import": [401, 403, 403, 403, 400],
  "see the dashboard": [401, 403, 403, 403, 200],
};

describe("roles × actions", () => {
  it("matches the expected matrix on this engine", async () => {
    const actual: Record<string, number[]> = {};
    for (const [name, action] of Object.entries(ACTIONS)) {
      actual[name] = [];
      for (const role of ROLES) {
        const ownerId = action.ownedByStranger && role !== "author" ? (await insertUser(forum.db)).id : authorId;
        const fixture = await content(ownerId, { locked: action.locked ?? false });
        actual[name].push((await action.run(browsers[role], fixture)).status);
      }
    }
    expect(actual).toEqual(EXPECTED);
  });

  it("lets only admins feature a post; the others' flag is not stored", async () => {
    for (const role of ["author", "moderator", "admin"] as const) {
      const { postId } = await content(authorId);
      await browsers[role].put(`/api/posts/${postId}`, { ...postBody({ featured: true }), categoryId });
      const row = await forum.db.selectFrom("posts").select("featured").where("id", "=", postId).executeTakeFirst();
      expect(row?.featured, role).toBe(role === "admin" ? 1 : 0);
    }
  });

  it("refuses moderators on admin calls with the admins-only message, and members on moderation with theirs", async () => {
    const stats = await browsers.moderator.get("/api/admin/stats");
    expect(stats.body).toEqual({ message: "Only administrators can do that" });
    const reports = await browsers.member.get("/api/admin/reports");
    expect(reports.body).toEqual({ message: "Only moderators and administrators can do that" });
  });
});
