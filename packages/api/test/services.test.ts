// The rules that live in the services, called as the procedures call them (no HTTP), on both
// engines: a vote toggles and switches with the counts and ranking scores in step, slugs stay
// unique, a throttle counts in its window by the clock it is given, and only the author or staff
// may change a post or reply.
import { MESSAGES, type Role } from "@forum/contracts";
import { controversialScore, type ForumDb, hotScore } from "@forum/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../src/auth/sessions";
import { AppError } from "../src/errors";
import { assertCanModify, isStaff } from "../src/permissions";
import { uniqueSlug, uniqueSlugs } from "../src/services/slugs";
import { Throttles } from "../src/services/throttles";
import { castVote } from "../src/services/votes";
import { openTestDb, type TestDb } from "./engines";

let test: TestDb;
let db: ForumDb;
beforeAll(async () => {
  test = await openTestDb();
  db = test.db;
});
afterAll(() => test.close());

let counter = 0;
async function insertUser(role: Role = "user") {
  counter += 1;
  const row = await db
    .insertInto("users")
    .values({
      username: `member${counter}`,
      email: `member${counter}@example.com`,
      passwordHash: "not used",
      firstName: null,
      lastName: null,
      bio: null,
      website: null,
      location: null,
      role,
      profileImageUrl: null,
      preferences: null,
      createdAt: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertPost(title: string, slug: string, createdAt = Date.now()) {
  counter += 1;
  const category = await db
    .insertInto("categories")
    .values({
      name: `Category ${counter}`,
      slug: `category-${counter}`,
      description: null,
      color: "#3b82f6",
      createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const authorId = await insertUser();
  const post = await db
    .insertInto("posts")
    .values({
      slug,
      title,
      content: "Body",
      excerpt: null,
      categoryId: category.id,
      authorId,
      hotScore: hotScore(0, 0, createdAt),
      createdAt,
      updatedAt: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return post.id;
}

describe("votes", () => {
  it("the same vote again takes it back, the other kind switches it, and the scores follow", async () => {
    const createdAt = Date.now() - 3_600_000;
    const postId = await insertPost("Vote on me", `vote-on-me-${counter}`, createdAt);
    const [first, second] = [await insertUser(), await insertUser()];
    const cast = async (userId: number, type: "upvote" | "downvote") =>
      (await castVote(db, userId, { postId }, type)).result;

    expect(await cast(first, "upvote")).toMatchObject({ upvotes: 1, downvotes: 0, votes: 1, myVote: "up" });
    expect(await cast(second, "downvote")).toMatchObject({ upvotes: 1, downvotes: 1, votes: 0, myVote: "down" });
    expect(await cast(first, "upvote")).toMatchObject({ upvotes: 0, downvotes: 1, votes: -1, myVote: "none" });
    expect(await cast(second, "upvote")).toMatchObject({ upvotes: 1, downvotes: 0, votes: 1, myVote: "up" });

    const stored = await db
      .selectFrom("posts")
      .select(["upvotes", "downvotes", "score", "hotScore", "controversialScore"])
      .where("id", "=", postId)
      .executeTakeFirstOrThrow();
    const votes = await db.selectFrom("votes").selectAll().where("postId", "=", postId).execute();
    expect(votes.map((vote) => [vote.userId, vote.value])).toEqual([[second, 1]]);
    expect(stored).toMatchObject({ upvotes: 1, downvotes: 0, score: 1 });
    expect(stored.hotScore).toBeCloseTo(hotScore(1, 0, createdAt), 9);
    expect(stored.controversialScore).toBeCloseTo(controversialScore(1, 0), 9);
  });

  it("a vote on a post that does not exist is refused with the spec's message", async () => {
    await expect(castVote(db, await insertUser(), { postId: 999_999 }, "upvote")).rejects.toMatchObject({
      message: MESSAGES.postNotFound,
    });
  });
});

describe("slugs", () => {
  it("a title whose slug is taken gets the next free number", async () => {
    await insertPost("Hello World", "hello-world");
    await insertPost("Hello World", "hello-world-2");
    const slug = await db.transaction().execute((trx) => uniqueSlug(trx, "posts", "Hello, World!"));
    expect(slug).toBe("hello-world-3");
  });

  it("a batch is unique against the table and among itself, in order", async () => {
    await insertPost("Batch", "batch");
    expect(await uniqueSlugs(db, "posts", ["Batch", "Batch", "Other one", "batch"])).toEqual([
      "batch-2",
      "batch-3",
      "other-one",
      "batch-4",
    ]);
  });
});

describe("throttles", () => {
  it("refuses past the limit within the window, says how long to wait, and starts over after it", async () => {
    let now = 1_000_000;
    const throttles = new Throttles(db, true, () => now);
    const rule = { name: `test-${counter}`, limit: 2, windowMs: 60_000 };
    expect(await throttles.take(rule, "1.2.3.4")).toEqual({ allowed: true });
    now += 10_000;
    expect(await throttles.take(rule, "1.2.3.4")).toEqual({ allowed: true });
    expect(await throttles.take(rule, "5.6.7.8")).toEqual({ allowed: true });
    expect(await throttles.take(rule, "1.2.3.4")).toEqual({ allowed: false, retryAfterMs: 50_000 });
    now += 50_000;
    expect(await throttles.take(rule, "1.2.3.4")).toEqual({ allowed: true });
  });

  it("switched off, lets everything through", async () => {
    const throttles = new Throttles(db, false);
    const rule = { name: "off", limit: 0, windowMs: 60_000 };
    expect(await throttles.take(rule, "x")).toEqual({ allowed: true });
  });
});

describe("moderation permissions", () => {
  const user = (id: number, role: Role) => ({ id, role }) as SessionUser;

  it("the author, a moderator and an admin may change a post or reply; another member may not", () => {
    expect(() => assertCanModify(user(1, "user"), 1)).not.toThrow();
    expect(() => assertCanModify(user(2, "moderator"), 1)).not.toThrow();
    expect(() => assertCanModify(user(3, "admin"), 1)).not.toThrow();
    let refusal: unknown;
    try {
      assertCanModify(user(4, "user"), 1);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ kind: "FORBIDDEN", message: MESSAGES.notYours });
  });

  it("staff are moderators and admins only", () => {
    expect([isStaff(user(1, "user")), isStaff(user(1, "moderator")), isStaff(user(1, "admin")), isStaff(null)]).toEqual(
      [false, true, true, false],
    );
  });
});
