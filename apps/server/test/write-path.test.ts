// Writes through the server's write path (on SQLite, the writer thread of packages/db; on
// PostgreSQL, the pool), many at once: every transaction is all or nothing, the stored counters
// equal a recount, and a lost race on a unique index answers the same 409.
import { MESSAGES } from "@forum/contracts";
import { isUniqueViolation } from "@forum/db";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, signedIn, startForum, type TestForum } from "./harness";

let forum: TestForum;
beforeAll(async () => {
  forum = await startForum();
});
afterAll(() => forum.close());

describe("the write path under concurrent writes", () => {
  it("keeps every counter equal to a recount after 150 writes sent at once", async () => {
    const categoryId = await insertCategory(forum.db, "Concurrent writes");
    const members = await Promise.all(Array.from({ length: 5 }, () => signedIn(forum)));
    const posts = await Promise.all(
      members.slice(0, 3).map(async (member, i) => {
        const res = await member.post("/api/posts", { title: `Busy post ${i}`, content: "Body", categoryId });
        expect(res.status).toBe(201);
        return res.body.id as number;
      }),
    );
    const requests = Array.from({ length: 150 }, (_, i) => {
      const member = members[i % members.length];
      const postId = posts[i % posts.length] as number;
      if (!member) throw new Error("no member");
      if (i % 3 === 0) return member.post(`/api/posts/${postId}/replies`, { content: `Reply ${i}` });
      if (i % 3 === 1) return member.post("/api/votes", { type: i % 2 ? "upvote" : "downvote", postId });
      return member.post("/api/posts", { title: `Concurrent post ${i}`, content: "Body", categoryId });
    });
    const answers = await Promise.all(requests);
    expect(answers.filter((res) => res.status >= 300).map((res) => res.status)).toEqual([]);

    const { rows: drift } = await sql<{ id: number }>`
      select p.id from posts p
      where p."categoryId" = ${categoryId} and (
        p."replyCount" <> (select count(*) from replies r where r."postId" = p.id)
        or p.upvotes <> (select count(*) from votes v where v."postId" = p.id and v.value = 1)
        or p.downvotes <> (select count(*) from votes v where v."postId" = p.id and v.value = -1)
        or p.score <> p.upvotes - p.downvotes)`.execute(forum.db);
    expect(drift).toEqual([]);
    const category = await forum.db
      .selectFrom("categories")
      .select("postCount")
      .where("id", "=", categoryId)
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from posts where "categoryId" = ${categoryId}`.execute(forum.db);
    expect(Number(category.postCount)).toBe(Number(rows[0]?.n));
    expect(Number(rows[0]?.n)).toBe(3 + 50);
  });

  it("rolls a failing transaction back whole", async () => {
    const member = await signedIn(forum);
    const categoryId = await insertCategory(forum.db, "All or nothing");
    const post = (await member.post("/api/posts", { title: "Untouched", content: "Body", categoryId })).body;
    const failure = await forum.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto("replies")
          .values({ postId: post.id, authorId: member.user.id, content: "Never kept", createdAt: 1, updatedAt: 1 })
          .execute();
        await trx
          .updateTable("posts")
          .set((eb) => ({ replyCount: eb("replyCount", "+", 1) }))
          .where("id", "=", post.id)
          .execute();
        // The category's name is taken (unique index): the whole transaction must go.
        await trx
          .insertInto("categories")
          .values({
            name: "All or nothing",
            slug: "all-or-nothing-2",
            description: null,
            color: "#3b82f6",
            createdAt: 1,
          })
          .execute();
      })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    const replies = await forum.db.selectFrom("replies").select("id").where("postId", "=", post.id).execute();
    expect(replies).toEqual([]);
    const row = await forum.db.selectFrom("posts").select("replyCount").where("id", "=", post.id).executeTakeFirst();
    expect(Number(row?.replyCount)).toBe(0);
  });

  it("answers one 201 and the same 409 to the rest when several create one category name at once", async () => {
    const admin = await signedIn(forum, { role: "admin" });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => admin.post("/api/categories", { name: "Raced name", description: "Same" })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((one) => one.status === 409)) {
      expect(res.body).toMatchObject({ message: MESSAGES.categoryNameTaken });
    }
    const rows = await forum.db.selectFrom("categories").select("id").where("name", "=", "Raced name").execute();
    expect(rows).toHaveLength(1);
  });
});
