import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, migrateToLatest, voteColumns } from "../src";
import {
  BENCH_ACCOUNTS,
  BUSY_POST_REPLIES,
  buildSyntheticDatabase,
  type SyntheticSummary,
  syntheticCounts,
} from "../src/seed/synthetic";

const SCALE = 0.002;
const NOW = Date.UTC(2026, 0, 15);
const DAY = 24 * 60 * 60 * 1000;

let dir: string;
let first: SyntheticSummary;
let db: SQLite.Database;

function checksum(database: SQLite.Database, table: string): string {
  const hash = createHash("sha256");
  for (const row of database.prepare(`select * from ${table} order by id`).iterate()) hash.update(JSON.stringify(row));
  return hash.digest("hex");
}

function all<T>(query: string): T[] {
  return db.prepare(query).all() as T[];
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "forum-synthetic-"));
  first = await buildSyntheticDatabase(join(dir, "a.db"), { scale: SCALE, seed: 7, now: NOW });
  db = new SQLite(join(dir, "a.db"), { readonly: true });
}, 60_000);

afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("synthetic data set", () => {
  it("is deterministic: the same seed gives the same rows, another seed other rows", async () => {
    const again = await buildSyntheticDatabase(join(dir, "b.db"), { scale: SCALE, seed: 7, now: NOW });
    const other = await buildSyntheticDatabase(join(dir, "c.db"), { scale: SCALE, seed: 8, now: NOW });
    const b = new SQLite(join(dir, "b.db"), { readonly: true });
    const c = new SQLite(join(dir, "c.db"), { readonly: true });
    try {
      for (const table of ["users", "categories", "posts", "replies", "votes"]) {
        expect(checksum(b, table), table).toBe(checksum(db, table));
      }
      expect(checksum(c, "posts")).not.toBe(checksum(db, "posts"));
      expect({ ...again, timings: {}, totalMs: 0 }).toEqual({ ...first, timings: {}, totalMs: 0 });
      expect(other.busyPost.replies).toBe(BUSY_POST_REPLIES);
    } finally {
      b.close();
      c.close();
    }
  }, 60_000);

  it("has the scaled counts and a file back in WAL mode with intact foreign keys", () => {
    const expected = syntheticCounts(SCALE);
    const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    expect(count("users")).toBe(expected.users);
    expect(count("categories")).toBe(30);
    expect(count("posts")).toBe(expected.posts);
    expect(count("replies")).toBe(expected.replies);
    expect(count("votes")).toBe(expected.votes);
    expect(first.counts).toMatchObject(expected);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("foreign_key_check")).toEqual([]);
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
  });

  it("stores every post counter and score as a recount gives them", () => {
    const rows = all<{
      id: number;
      replyCount: number;
      upvotes: number;
      downvotes: number;
      score: number;
      hotScore: number;
      controversialScore: number;
      createdAt: number;
      replies: number;
      up: number;
      down: number;
    }>(`select p.*,
        (select count(*) from replies r where r."postId" = p.id) as replies,
        (select count(*) from votes v where v."postId" = p.id and v.value = 1) as up,
        (select count(*) from votes v where v."postId" = p.id and v.value = -1) as down
      from posts p`);
    expect(rows.length).toBe(syntheticCounts(SCALE).posts);
    for (const row of rows) {
      expect(row.replyCount, `post ${row.id}`).toBe(row.replies);
      expect(
        {
          upvotes: row.upvotes,
          downvotes: row.downvotes,
          score: row.score,
          hotScore: row.hotScore,
          controversialScore: row.controversialScore,
        },
        `post ${row.id}`,
      ).toEqual(voteColumns(row.up, row.down, row.createdAt));
    }
    expect(rows.some((row) => row.upvotes > 0 && row.downvotes > 0)).toBe(true);
  });

  it("stores every reply's votes and every category's post count as a recount gives them", () => {
    const replies = all<{ n: number }>(`select count(*) as n from replies r
      where upvotes <> (select count(*) from votes v where v."replyId" = r.id and v.value = 1)
         or downvotes <> (select count(*) from votes v where v."replyId" = r.id and v.value = -1)`);
    expect(replies[0]?.n).toBe(0);
    const votedReplies = all<{ n: number }>(`select count(*) as n from replies where upvotes + downvotes > 0`);
    expect(votedReplies[0]?.n).toBeGreaterThan(0);
    const categories = all<{ postCount: number; posts: number }>(
      `select "postCount", (select count(*) from posts p where p."categoryId" = c.id) as posts from categories c`,
    );
    for (const category of categories) expect(category.postCount).toBe(category.posts);
  });

  it("has one vote per member per target (the unique indexes held while loading)", () => {
    const duplicates = all<{ n: number }>(`select count(*) as n from (
      select 1 from votes group by "userId", "postId", "replyId" having count(*) > 1)`);
    expect(duplicates[0]?.n).toBe(0);
  });

  it("has a thread of exactly 500 replies and one clearly most active member", () => {
    const busy = db.prepare(`select slug, "replyCount" from posts where id = ?`).get(first.busyPost.id);
    expect(busy).toEqual({ slug: first.busyPost.slug, replyCount: BUSY_POST_REPLIES });
    const activity = all<{ id: number; username: string; total: number }>(`select u.id, u.username,
        (select count(*) from posts p where p."authorId" = u.id) + (select count(*) from replies r where r."authorId" = u.id) as total
      from users u order by total desc limit 2`);
    expect(activity[0]?.username).toBe(first.mostActiveUser.username);
    expect(activity[0]?.total).toBe(first.mostActiveUser.posts + first.mostActiveUser.replies);
    expect(activity[0]?.total).toBeGreaterThan((activity[1]?.total ?? 0) * 1.3);
    const largest = all<{ id: number }>(`select id from categories order by "postCount" desc, id limit 1`);
    expect(largest[0]?.id).toBe(first.largestCategory.id);
  });

  it("has realistic text lengths and dates over two years, each after what it follows", () => {
    const lengths = all<Record<string, number>>(`select
        (select min(length(title)) from posts) as minTitle, (select max(length(title)) from posts) as maxTitle,
        (select min(length(content)) from posts) as minPost, (select max(length(content)) from posts) as maxPost,
        (select min(length(content)) from replies) as minReply, (select max(length(content)) from replies) as maxReply`)[0];
    expect(lengths?.minTitle).toBeGreaterThanOrEqual(30);
    expect(lengths?.maxTitle).toBeLessThanOrEqual(120);
    expect(lengths?.minPost).toBeGreaterThanOrEqual(200);
    expect(lengths?.maxPost).toBeLessThanOrEqual(3000);
    expect(lengths?.minReply).toBeGreaterThanOrEqual(50);
    expect(lengths?.maxReply).toBeLessThanOrEqual(800);

    const span = all<{ first: number; last: number }>(
      `select min("createdAt") as first, max("createdAt") as last from posts`,
    )[0];
    expect(span?.first).toBeGreaterThanOrEqual(NOW - 730 * DAY);
    expect(span?.first).toBeLessThan(NOW - 365 * DAY);
    expect(span?.last).toBeLessThanOrEqual(NOW);
    const outOfOrder = all<{ n: number }>(`select
        (select count(*) from replies r join posts p on p.id = r."postId" where r."createdAt" < p."createdAt" or r."createdAt" > ${NOW})
      + (select count(*) from votes v join posts p on p.id = v."postId" where v."createdAt" < p."createdAt")
      + (select count(*) from votes v join replies r on r.id = v."replyId" where v."createdAt" < r."createdAt")
      + (select count(*) from posts p join users u on u.id = p."authorId" where p."createdAt" < u."createdAt")
      + (select count(*) from replies r join users u on u.id = r."authorId" where r."createdAt" < u."createdAt")
      + (select count(*) from votes v join users u on u.id = v."userId" where v."createdAt" < u."createdAt") as n`)[0];
    expect(outOfOrder?.n).toBe(0);
  });

  it("has the two benchmark accounts, who wrote and voted nothing", () => {
    const accounts = all<{ username: string; role: string; passwordHash: string }>(
      `select username, role, "passwordHash" from users where id in (1, 2) order by id`,
    );
    expect(accounts.map((a) => [a.username, a.role])).toEqual([
      [BENCH_ACCOUNTS.admin, "admin"],
      [BENCH_ACCOUNTS.user, "user"],
    ]);
    expect(accounts[0]?.passwordHash).toMatch(/^\$argon2id\$/);
    const activity = all<{ n: number }>(`select
      (select count(*) from posts where "authorId" in (1, 2)) + (select count(*) from replies where "authorId" in (1, 2))
      + (select count(*) from votes where "userId" in (1, 2)) as n`)[0];
    expect(activity?.n).toBe(0);
    const others = all<{ n: number }>(`select count(distinct "passwordHash") as n from users where id > 2`)[0];
    expect(others?.n).toBe(1);
  });

  it("has every index the migrations create, built again after the load set them aside", async () => {
    const migrated = createDb({ path: join(dir, "empty.db"), readConnection: false });
    try {
      await migrateToLatest(migrated.db);
      const indexes = (database: SQLite.Database) =>
        database.prepare("select name, tbl_name, sql from sqlite_master where type = 'index' order by name").all();
      expect(indexes(db)).toEqual(indexes(migrated.sqlite));
      // And they are used: a member's votes are found through votes_user_post, not by reading every vote.
      const plan = db.prepare('explain query plan select id from votes where "userId" = 3 and "postId" = 1').all();
      expect(JSON.stringify(plan)).toMatch(/USING (COVERING )?INDEX/);
    } finally {
      await migrated.close();
    }
  });

  it("has its search index filled, and the triggers that keep it back in place", () => {
    // The FTS index answers the same as reading every row: every post's and reply's words are found.
    const postWord =
      all<{ title: string }>("select title from posts order by id limit 1")[0]?.title.split(" ")[0] ?? "";
    const byIndex = all<{ n: number }>(
      `select count(*) as n from posts_fts where posts_fts match '"${postWord.replaceAll('"', "")}"'`,
    )[0]?.n;
    expect(byIndex).toBeGreaterThan(0);
    // Counted through the index and by reading every row in JavaScript: the same posts and replies.
    const indexed = (table: string) =>
      all<{ n: number }>(`select count(*) as n from ${table} where ${table} match 'the'`)[0]?.n;
    const withThe = (texts: string[]) => texts.filter((text) => /\bthe\b/i.test(text)).length;
    const replies = all<{ content: string }>("select content from replies").map((row) => row.content);
    const posts = all<{ title: string; content: string }>("select title, content from posts");
    expect(indexed("replies_by_post_fts")).toBeGreaterThan(0);
    expect(indexed("replies_by_post_fts")).toBe(withThe(replies));
    expect(indexed("posts_fts")).toBe(withThe(posts.map((post) => `${post.title} ${post.content}`)));
    expect(indexed("posts_title_fts")).toBe(withThe(posts.map((post) => post.title)));
    // The words of the prefix lookups: exactly those of every text, tokenized one by one.
    const words = all<{ word: string }>("select word from search_words order by word").map((row) => row.word);
    const tokenized = all<{ token: string }>(`select distinct token from (
        select t.token from posts p, search_tokenizer t where t.input = p.title
        union all select t.token from posts p, search_tokenizer t where t.input = p.content
        union all select t.token from replies r, search_tokenizer t where t.input = r.content
      ) order by token`).map((row) => row.token);
    expect(words.length).toBeGreaterThan(100);
    expect(words).toEqual(tokenized);
    const triggers = all<{ name: string }>(
      "select name from sqlite_master where type = 'trigger' and name like '%fts%'",
    );
    expect(triggers.map((t) => t.name).sort()).toEqual([
      "posts_fts_delete",
      "posts_fts_insert",
      "posts_fts_update",
      "posts_title_fts_delete",
      "posts_title_fts_insert",
      "posts_title_fts_update",
      "posts_words_fts_insert",
      "posts_words_fts_update",
      "replies_by_post_fts_delete",
      "replies_by_post_fts_insert",
      "replies_by_post_fts_update",
      "replies_words_fts_insert",
      "replies_words_fts_update",
    ]);
  });
});
