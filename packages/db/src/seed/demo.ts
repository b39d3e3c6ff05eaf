// The demo forum seeded into an empty database on first start.
import { randomBytes } from "node:crypto";
import { slugify } from "@forum/contracts";
import { recountCategories, recountPosts, recountReplies } from "../counters";
import type { ForumDb } from "../handle";
import { hotScore } from "../ranking";
import { DEMO_ADS, DEMO_CATEGORIES, DEMO_POSTS, DEMO_REPLIES, DEMO_USERS } from "./demo-content";
import { createRandom, type Random } from "./random";

export type SeedOptions = {
  hashPassword: (password: string) => Promise<string>;
  /** Create an "admin" account with a random password (when no admin comes from the environment). */
  createAdmin: boolean;
  now?: number;
};

export type SeedResult = { admin?: { username: string; password: string } };

const DAY = 24 * 60 * 60 * 1000;

/**
 * When a thread's replies came: in order, spread over the first 90 % of the time since the post
 * (a discussion slows down), so an old thread's replies are dated days back and only a fresh
 * thread's read "Just now". Never clamped to one shared moment.
 */
export function replyTimes(random: Random, postAt: number, now: number, count: number): number[] {
  const span = (now - postAt) * 0.9;
  const times = Array.from({ length: count }, () => postAt + Math.max(60_000, Math.floor(random.next() * span)));
  return times.sort((a, b) => a - b).map((time, index) => Math.min(time + index, now - 1));
}

export function randomPassword(): string {
  return randomBytes(12).toString("base64url");
}

export async function isDatabaseEmpty(db: ForumDb): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  return row === undefined;
}

export async function seedDemo(db: ForumDb, options: SeedOptions): Promise<SeedResult> {
  const now = options.now ?? Date.now();
  const random = createRandom(20261125);
  const result: SeedResult = {};
  // One hash for every demo member: nobody knows it, and hashing ten times would slow start-up.
  const memberHash = await options.hashPassword(randomPassword());
  const adminPassword = options.createAdmin ? randomPassword() : null;
  const adminHash = adminPassword ? await options.hashPassword(adminPassword) : null;

  await db.transaction().execute(async (trx) => {
    const userIds: number[] = [];
    if (adminHash && adminPassword) {
      const admin = await trx
        .insertInto("users")
        .values({
          username: "admin",
          email: "admin@forum.local",
          passwordHash: adminHash,
          firstName: "Forum",
          lastName: "Admin",
          bio: "I keep the lights on.",
          website: null,
          location: null,
          role: "admin",
          profileImageUrl: null,
          preferences: null,
          createdAt: now - 40 * DAY,
          emailConfirmedAt: now - 40 * DAY,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      userIds.push(admin.id);
      result.admin = { username: "admin", password: adminPassword };
    }
    for (const [index, user] of DEMO_USERS.entries()) {
      const row = await trx
        .insertInto("users")
        .values({
          username: user.username,
          email: `${user.username.replace(/[^a-z0-9]/gi, "")}@example.com`,
          passwordHash: memberHash,
          firstName: user.firstName,
          lastName: user.lastName,
          bio: user.bio,
          website: null,
          location: user.location,
          role: user.username.startsWith("moderator") ? "moderator" : "user",
          profileImageUrl: null,
          preferences: null,
          createdAt: now - (38 - index) * DAY,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      userIds.push(row.id);
    }

    const categoryIds: number[] = [];
    for (const category of DEMO_CATEGORIES) {
      const row = await trx
        .insertInto("categories")
        .values({ ...category, slug: slugify(category.name), createdAt: now - 45 * DAY })
        .returning("id")
        .executeTakeFirstOrThrow();
      categoryIds.push(row.id);
    }

    const postIds: number[] = [];
    const replyIds: number[] = [];
    for (const [index, post] of DEMO_POSTS.entries()) {
      // Spread over the last month; every eighth (so several categories) within the last day.
      const createdAt =
        index % 8 === 0 ? now - random.int(10, 20 * 60) * 60_000 : now - random.int(1, 30 * 24) * 3_600_000;
      const authorId = random.pick(userIds);
      const row = await trx
        .insertInto("posts")
        .values({
          slug: slugify(post.title),
          title: post.title,
          content: post.content,
          excerpt: post.excerpt ?? null,
          categoryId: categoryIds[post.category] as number,
          authorId,
          featured: index === 16 || index === 11 ? 1 : 0,
          views: random.int(5, 900),
          hotScore: hotScore(0, 0, createdAt),
          createdAt,
          updatedAt: createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      postIds.push(row.id);

      const replyCount = random.int(0, 6);
      for (const replyAt of replyTimes(random, createdAt, now, replyCount)) {
        const reply = await trx
          .insertInto("replies")
          .values({
            postId: row.id,
            authorId: random.pick(userIds),
            content: random.pick(DEMO_REPLIES),
            createdAt: replyAt,
            updatedAt: replyAt,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        replyIds.push(reply.id);
      }

      // Votes from a random subset of members, mostly up.
      for (const voterId of userIds) {
        if (!random.chance(0.45)) continue;
        await trx
          .insertInto("votes")
          .values({ userId: voterId, postId: row.id, replyId: null, value: random.chance(0.8) ? 1 : -1, createdAt })
          .execute();
      }
    }
    for (const replyId of replyIds) {
      for (const voterId of userIds) {
        if (!random.chance(0.15)) continue;
        await trx
          .insertInto("votes")
          .values({ userId: voterId, postId: null, replyId, value: random.chance(0.85) ? 1 : -1, createdAt: now })
          .execute();
      }
    }

    for (const ad of DEMO_ADS) {
      await trx
        .insertInto("advertisements")
        .values({
          ...ad,
          active: 1,
          impressions: random.int(100, 2000),
          clickCount: random.int(0, 40),
          createdAt: now - 10 * DAY,
        })
        .execute();
    }
    await trx.updateTable("adSettings").set({ enableAds: 1, adsBetweenPosts: 3 }).where("id", "=", 1).execute();

    await recountPosts(trx, postIds);
    await recountReplies(trx, replyIds);
    await recountCategories(trx, categoryIds);
  });
  return result;
}
