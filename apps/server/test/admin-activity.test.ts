// The dashboard's activity chart: posts, replies and new members per UTC day over 30 days.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { client, insertCategory, insertPost, insertUser, signedIn, startForum, type TestForum } from "./harness";

const DAY = 24 * 60 * 60 * 1000;

let forum: TestForum;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  forum = await startForum();
  admin = await signedIn(forum, { role: "admin", username: "chart-admin" });
});
afterAll(() => forum.close());

type Day = { date: string; posts: number; replies: number; members: number };

function isoDay(ms: number) {
  return new Date(ms).toISOString().slice(0, 10);
}

async function insertReply(postId: number, authorId: number, createdAt: number) {
  await forum.db
    .insertInto("replies")
    .values({ postId, authorId, content: "A reply", createdAt, updatedAt: createdAt })
    .execute();
}

async function setUserCreatedAt(id: number, createdAt: number) {
  await forum.db.updateTable("users").set({ createdAt }).where("id", "=", id).execute();
}

describe("GET /api/admin/activity", () => {
  it("refuses visitors with 401 and members with 403", async () => {
    const member = await signedIn(forum);
    expect((await client(forum.app).get("/api/admin/activity")).status).toBe(401);
    expect((await member.get("/api/admin/activity")).status).toBe(403);
  });

  it("answers 30 consecutive days ending today, each with posts, replies and members", async () => {
    const res = await admin.get("/api/admin/activity");
    expect(res.status).toBe(200);
    const days = res.body as Day[];
    expect(days).toHaveLength(30);
    expect(days[29]?.date).toBe(isoDay(Date.now()));
    expect(days[0]?.date).toBe(isoDay(Date.now() - 29 * DAY));
    for (let i = 1; i < days.length; i++) {
      const gap = Date.parse(days[i]?.date as string) - Date.parse(days[i - 1]?.date as string);
      expect(gap).toBe(DAY);
    }
    for (const day of days) {
      expect(Object.keys(day).sort()).toEqual(["date", "members", "posts", "replies"]);
    }
  });

  it("counts what was created on each day and leaves out what is older than 30 days", async () => {
    // The server's clock is pinned to the middle of today (UTC), so no day boundary moves mid-test.
    const today = Math.floor(Date.now() / DAY) * DAY;
    const now = today + 12 * 60 * 60 * 1000;
    vi.useFakeTimers({ toFake: ["Date"], now });
    try {
      const before = (await admin.get("/api/admin/activity")).body as Day[];
      const categoryId = await insertCategory(forum.db, "Chart Category");
      const author = await insertUser(forum.db, { username: "chart-author" });
      await setUserCreatedAt(author.id, now - 2 * DAY);
      const joiner = await insertUser(forum.db, { username: "chart-joiner" });
      await setUserCreatedAt(joiner.id, today + 1000);
      const early = await insertUser(forum.db, { username: "chart-early" });
      await setUserCreatedAt(early.id, today - 29 * DAY);
      const tooOld = await insertUser(forum.db, { username: "chart-too-old" });
      await setUserCreatedAt(tooOld.id, today - 29 * DAY - 1);

      const post = await insertPost(forum.db, { authorId: author.id, categoryId, createdAt: now });
      await insertPost(forum.db, { authorId: author.id, categoryId, createdAt: today });
      await insertPost(forum.db, { authorId: author.id, categoryId, createdAt: now - 3 * DAY });
      await insertPost(forum.db, { authorId: author.id, categoryId, createdAt: today - 29 * DAY });
      await insertPost(forum.db, { authorId: author.id, categoryId, createdAt: today - 30 * DAY });
      // Tomorrow's post is outside the window too.
      await insertPost(forum.db, { authorId: author.id, categoryId, createdAt: today + DAY });
      await insertReply(post.id, author.id, now);
      await insertReply(post.id, author.id, now - DAY);
      await insertReply(post.id, author.id, now - DAY + 1000);
      await insertReply(post.id, author.id, today - 1);

      const res = await admin.get("/api/admin/activity");
      expect(res.status).toBe(200);
      const after = res.body as Day[];
      expect(after).toHaveLength(30);
      expect(after.map((day) => day.date)).toEqual(before.map((day) => day.date));
      expect(after[29]?.date).toBe(isoDay(today));
      expect(after[0]?.date).toBe(isoDay(today - 29 * DAY));
      // What each day gained.
      const added = after.map((day, index) => {
        const old = before[index] as Day;
        return { posts: day.posts - old.posts, replies: day.replies - old.replies, members: day.members - old.members };
      });
      const expected = Array.from({ length: 30 }, () => ({ posts: 0, replies: 0, members: 0 }));
      expected[29] = { posts: 2, replies: 1, members: 1 };
      expected[28] = { posts: 0, replies: 3, members: 0 };
      expected[27] = { posts: 0, replies: 0, members: 1 };
      expected[26] = { posts: 1, replies: 0, members: 0 };
      expected[0] = { posts: 1, replies: 0, members: 1 };
      expect(added).toEqual(expected);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows a post made now in today's entry of the REST answer", async () => {
    const before = (await admin.get("/api/admin/activity")).body as Day[];
    const categoryId = await insertCategory(forum.db);
    const author = await insertUser(forum.db);
    const post = await insertPost(forum.db, { authorId: author.id, categoryId });
    await insertReply(post.id, author.id, Date.now());
    const after = (await admin.get("/api/admin/activity")).body as Day[];
    const todayBefore = before[29] as Day;
    const todayAfter = after[29] as Day;
    if (todayAfter.date !== todayBefore.date) return; // midnight passed between the calls
    expect(todayAfter).toEqual({
      date: todayBefore.date,
      posts: todayBefore.posts + 1,
      replies: todayBefore.replies + 1,
      members: todayBefore.members + 1,
    });
  });
});
