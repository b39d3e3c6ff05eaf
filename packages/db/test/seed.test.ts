import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  controversialScore,
  createDb,
  type DbHandle,
  hotScore,
  isDatabaseEmpty,
  migrateToLatest,
  seedDemo,
} from "../src";

let handle: DbHandle;
let seeded: Awaited<ReturnType<typeof seedDemo>>;
const seededAt = Date.now();

beforeAll(async () => {
  handle = createDb({ path: ":memory:" });
  await migrateToLatest(handle.db);
  seeded = await seedDemo(handle.db, { hashPassword: async (p) => `hashed:${p}`, createAdmin: true, now: seededAt });
});
afterAll(() => handle.close());

describe("migrations", () => {
  it("are applied once; a second run applies nothing", async () => {
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });

  it("turn on foreign keys", async () => {
    const result = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(handle.db);
    expect(result.rows[0]?.foreign_keys).toBe(1);
  });
});

describe("demo seed", () => {
  it("fills an empty database with every kind of content", async () => {
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
    const count = async (table: "users" | "categories" | "posts" | "replies" | "votes" | "advertisements") =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count("categories")).toBeGreaterThanOrEqual(6);
    expect(await count("categories")).toBeLessThanOrEqual(8);
    expect(await count("users")).toBeGreaterThanOrEqual(10);
    expect(await count("posts")).toBeGreaterThanOrEqual(40);
    expect(await count("replies")).toBeGreaterThan(40);
    expect(await count("votes")).toBeGreaterThan(100);
    expect(await count("advertisements")).toBe(2);
    const settings = await handle.db.selectFrom("adSettings").selectAll().executeTakeFirstOrThrow();
    expect(settings.enableAds).toBe(1);
  });

  it("creates an admin with a random password, stored hashed", async () => {
    expect(seeded.admin?.username).toBe("admin");
    expect(seeded.admin?.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const admin = await handle.db
      .selectFrom("users")
      .selectAll()
      .where("username", "=", "admin")
      .executeTakeFirstOrThrow();
    expect(admin.role).toBe("admin");
    expect(admin.passwordHash).toBe(`hashed:${seeded.admin?.password}`);
  });

  it("keeps every stored counter equal to a recount", async () => {
    const posts = await handle.db
      .selectFrom("posts")
      .select([
        "id",
        "replyCount",
        "upvotes",
        "downvotes",
        "score",
        "hotScore",
        "controversialScore",
        "createdAt",
        sql<number>`(select count(*) from replies r where r."postId" = posts.id)`.as("replies"),
        sql<number>`(select count(*) from votes v where v."postId" = posts.id and v.value = 1)`.as("up"),
        sql<number>`(select count(*) from votes v where v."postId" = posts.id and v.value = -1)`.as("down"),
      ])
      .execute();
    for (const post of posts) {
      expect(post.replyCount).toBe(post.replies);
      expect([post.upvotes, post.downvotes, post.score]).toEqual([post.up, post.down, post.up - post.down]);
      expect(post.hotScore).toBeCloseTo(hotScore(post.up, post.down, post.createdAt), 9);
      expect(post.controversialScore).toBeCloseTo(controversialScore(post.up, post.down), 9);
    }
    const categories = await handle.db
      .selectFrom("categories")
      .select(["postCount", sql<number>`(select count(*) from posts p where p."categoryId" = categories.id)`.as("n")])
      .execute();
    for (const category of categories) expect(category.postCount).toBe(category.n);
  });

  it("dates each reply after its post and before the seeding, each at its own moment", async () => {
    const replies = await handle.db
      .selectFrom("replies")
      .innerJoin("posts", "posts.id", "replies.postId")
      .select(["replies.createdAt as replyAt", "posts.createdAt as postAt"])
      .execute();
    for (const { replyAt, postAt } of replies) {
      expect(replyAt).toBeGreaterThan(postAt);
      expect(replyAt).toBeLessThan(seededAt);
    }
    // No pile of replies on one clamped moment (they all read "Just now").
    expect(new Set(replies.map((reply) => reply.replyAt)).size).toBe(replies.length);
  });

  it("dates an old thread's replies days back, not just now", async () => {
    const hour = 60 * 60 * 1000;
    const replies = await handle.db
      .selectFrom("replies")
      .innerJoin("posts", "posts.id", "replies.postId")
      .select(["replies.createdAt as replyAt", "posts.createdAt as postAt"])
      .where("posts.createdAt", "<", seededAt - 24 * hour)
      .execute();
    expect(replies.length).toBeGreaterThan(20);
    for (const { replyAt } of replies) expect(seededAt - replyAt).toBeGreaterThan(2 * hour);
    // Over a month of threads the replies are spread, not bunched after each post.
    const ages = replies.map(({ replyAt }) => seededAt - replyAt);
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(14 * 24 * hour);
  });

  it("spreads posts over the last month", async () => {
    const range = await handle.db
      .selectFrom("posts")
      .select((eb) => [eb.fn.min("createdAt").as("oldest"), eb.fn.max("createdAt").as("newest")])
      .executeTakeFirstOrThrow();
    const day = 24 * 60 * 60 * 1000;
    expect(Date.now() - Number(range.oldest)).toBeGreaterThan(14 * day);
    expect(Date.now() - Number(range.oldest)).toBeLessThanOrEqual(31 * day);
    expect(Date.now() - Number(range.newest)).toBeLessThan(day);
  });
});

describe("ranking", () => {
  it("hot: newer beats older at equal votes; more votes beat fewer at equal age", () => {
    const now = Date.now();
    expect(hotScore(10, 0, now)).toBeGreaterThan(hotScore(10, 0, now - 3_600_000));
    expect(hotScore(100, 0, now)).toBeGreaterThan(hotScore(10, 0, now));
    expect(hotScore(0, 10, now)).toBeLessThan(hotScore(0, 0, now));
  });

  it("controversial: balanced and busy beats lopsided; unanimous scores zero", () => {
    expect(controversialScore(50, 50)).toBeGreaterThan(controversialScore(90, 10));
    expect(controversialScore(10, 0)).toBe(0);
    expect(controversialScore(50, 50)).toBeGreaterThan(controversialScore(5, 5));
  });
});
