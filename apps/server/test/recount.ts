// Every stored counter next to a recount done here in plain SQL: counters.test.ts after a random
// mix of writes, account-deletion.test.ts after each way of deleting an account.
import { controversialScore, type ForumDb, hotScore } from "@forum/db";
import { sql } from "kysely";
import { expect } from "vitest";

export type PostRecount = {
  id: number;
  createdAt: number;
  replyCount: number;
  upvotes: number;
  downvotes: number;
  score: number;
  hotScore: number;
  controversialScore: number;
  realReplies: number;
  realUp: number;
  realDown: number;
};

/** Every stored counter next to its recount; returns how many rows were checked. */
export async function expectCountersMatchRecount(db: ForumDb, label: string) {
  const posts = await sql<PostRecount>`
    select p.id, p."createdAt", p."replyCount", p.upvotes, p.downvotes, p.score, p."hotScore", p."controversialScore",
      (select count(*) from replies r where r."postId" = p.id) as "realReplies",
      (select count(*) from votes v where v."postId" = p.id and v.value = 1) as "realUp",
      (select count(*) from votes v where v."postId" = p.id and v.value = -1) as "realDown"
    from posts p order by p.id`.execute(db);
  for (const p of posts.rows) {
    const where = `${label}: post ${p.id}`;
    expect(p.replyCount, `${where} replyCount`).toBe(p.realReplies);
    expect(p.upvotes, `${where} upvotes`).toBe(p.realUp);
    expect(p.downvotes, `${where} downvotes`).toBe(p.realDown);
    expect(p.score, `${where} score`).toBe(p.realUp - p.realDown);
    expect(p.hotScore, `${where} hotScore`).toBeCloseTo(hotScore(p.realUp, p.realDown, p.createdAt), 9);
    expect(p.controversialScore, `${where} controversialScore`).toBeCloseTo(
      controversialScore(p.realUp, p.realDown),
      9,
    );
  }

  const replies = await sql<{ id: number; upvotes: number; downvotes: number; realUp: number; realDown: number }>`
    select r.id, r.upvotes, r.downvotes,
      (select count(*) from votes v where v."replyId" = r.id and v.value = 1) as "realUp",
      (select count(*) from votes v where v."replyId" = r.id and v.value = -1) as "realDown"
    from replies r order by r.id`.execute(db);
  for (const r of replies.rows) {
    expect(r.upvotes, `${label}: reply ${r.id} upvotes`).toBe(r.realUp);
    expect(r.downvotes, `${label}: reply ${r.id} downvotes`).toBe(r.realDown);
  }

  const categories = await sql<{ id: number; postCount: number; realPosts: number }>`
    select c.id, c."postCount", (select count(*) from posts p where p."categoryId" = c.id) as "realPosts"
    from categories c order by c.id`.execute(db);
  for (const c of categories.rows) {
    expect(c.postCount, `${label}: category ${c.id} postCount`).toBe(c.realPosts);
  }

  // Nothing points at a row that is gone.
  const orphans = await sql<{ n: number }>`
    select
      (select count(*) from replies r where not exists (select 1 from posts p where p.id = r."postId"))
      + (select count(*) from replies r where not exists (select 1 from users u where u.id = r."authorId"))
      + (select count(*) from votes v where v."postId" is not null
           and not exists (select 1 from posts p where p.id = v."postId"))
      + (select count(*) from votes v where not exists (select 1 from users u where u.id = v."userId"))
      + (select count(*) from posts p where not exists (select 1 from users u where u.id = p."authorId")) as n`.execute(
    db,
  );
  expect(orphans.rows[0]?.n, `${label}: orphan rows`).toBe(0);

  const duplicates = await sql<{ n: number }>`
    select count(*) as n from (select 1 from votes where "postId" is not null
      group by "userId", "postId" having count(*) > 1)`.execute(db);
  expect(duplicates.rows[0]?.n, `${label}: duplicate votes`).toBe(0);

  return { posts: posts.rows, replies: replies.rows.length, categories: categories.rows };
}
