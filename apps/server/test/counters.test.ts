// A seeded random mix of writes through the REST API, then every stored counter is compared
// with a recount done here in plain SQL.
import { createRandom } from "@forum/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, signedIn, startForum, type TestForum } from "./harness";
import { expectCountersMatchRecount, type PostRecount } from "./recount";

let forum: TestForum;
beforeAll(async () => {
  forum = await startForum();
});
afterAll(() => forum.close());

type Member = Awaited<ReturnType<typeof signedIn>>;

describe("stored counters under a random mix of writes", () => {
  it("equal a recount after ~200 operations by several members and an admin", async () => {
    const random = createRandom(20240611);
    const admin = await signedIn(forum, { role: "admin", username: "counter-admin" });
    const members: Member[] = [];
    for (let i = 0; i < 6; i++) members.push(await signedIn(forum, { username: `counter-m${i}` }));
    const categories: number[] = [];
    for (const name of ["Counter One", "Counter Two", "Counter Three"])
      categories.push(await insertCategory(forum.db, name));

    const done: Record<string, number> = {};
    const tally = (kind: string) => {
      done[kind] = (done[kind] ?? 0) + 1;
    };
    let newMembers = 0;

    const livePosts = () =>
      forum.db.selectFrom("posts").select(["id", "authorId", "categoryId"]).orderBy("id").execute();
    const liveReplies = () =>
      forum.db.selectFrom("replies").select(["id", "authorId", "postId"]).orderBy("id").execute();
    const actor = () => (random.chance(0.1) ? admin : random.pick(members));
    const memberById = (id: number) => (id === admin.user.id ? admin : members.find((m) => m.user.id === id));
    const deletedPostIds: number[] = [];

    const OPS = 200;
    for (let step = 0; step < OPS; step++) {
      const posts = await livePosts();
      const roll = random.next();
      const context = `step ${step}`;

      if (posts.length < 3 || roll < 0.14) {
        const who = actor();
        const res = await who.post("/api/posts", {
          title: `Counter post ${random.int(1, 8)}`,
          content: "Counted content",
          categoryId: random.pick(categories),
        });
        expect(res.status, context).toBe(201);
        tally("create post");
      } else if (roll < 0.36) {
        const post = random.pick(posts);
        const res = await actor().post(`/api/posts/${post.id}/replies`, { content: `Reply at ${step}` });
        expect(res.status, context).toBe(201);
        tally("reply");
      } else if (roll < 0.7) {
        // Votes concentrate on a few posts so toggles and switches happen often.
        const post = random.pick(posts.slice(0, Math.min(posts.length, 6)));
        const type = random.chance(0.6) ? "upvote" : "downvote";
        const res = await actor().post("/api/votes", { type, postId: post.id });
        expect(res.status, context).toBe(200);
        tally(res.body.myVote === "none" ? "vote taken back" : "vote");
      } else if (roll < 0.8) {
        const replies = await liveReplies();
        if (replies.length === 0) continue;
        const target = random.pick(replies);
        const owner = memberById(target.authorId);
        if (owner && random.chance(0.8)) {
          const res = await (random.chance(0.2) ? admin : owner).del(`/api/replies/${target.id}`);
          expect(res.status, context).toBe(200);
          tally("delete reply");
        } else {
          const stranger = members.find((m) => m.user.id !== target.authorId) as Member;
          const res = await stranger.del(`/api/replies/${target.id}`);
          expect(res.status, context).toBe(403);
          tally("refused reply delete");
        }
      } else if (roll < 0.86) {
        const target = random.pick(posts);
        const owner = memberById(target.authorId);
        const res = await (owner && random.chance(0.6) ? owner : admin).del(`/api/posts/${target.id}`);
        expect(res.status, context).toBe(200);
        deletedPostIds.push(target.id);
        tally("delete post");
      } else if (roll < 0.92) {
        const target = random.pick(posts);
        const owner = memberById(target.authorId) ?? admin;
        const res = await owner.put(`/api/posts/${target.id}`, {
          title: "Moved post",
          content: "Moved content",
          categoryId: random.pick(categories),
        });
        expect(res.status, context).toBe(200);
        tally("edit post");
      } else if (roll < 0.96) {
        // Writes against a post that is already gone change nothing.
        if (deletedPostIds.length === 0) continue;
        const gone = random.pick(deletedPostIds);
        const who = actor();
        const res = random.chance(0.5)
          ? await who.post("/api/votes", { type: "upvote", postId: gone })
          : await who.post(`/api/posts/${gone}/replies`, { content: "Too late" });
        expect(res.status, context).toBe(404);
        tally("write to deleted post");
      } else {
        if (members.length <= 3) continue;
        const index = random.int(0, members.length - 1);
        const victim = members[index] as Member;
        const res = await admin.del(`/api/admin/users/${victim.user.id}`);
        expect(res.status, context).toBe(200);
        members.splice(index, 1);
        expect((await victim.post("/api/votes", { type: "upvote", postId: posts[0]?.id })).status, context).toBe(401);
        tally("delete user");
        // Someone new joins.
        members.push(await signedIn(forum, { username: `counter-new${++newMembers}` }));
      }
      if (step % 50 === 49) await expectCountersMatchRecount(forum.db, `after step ${step}`);
    }

    const final = await expectCountersMatchRecount(forum.db, "at the end");

    // The mix exercised every kind of write, and left something to count.
    for (const kind of [
      "create post",
      "reply",
      "vote",
      "vote taken back",
      "delete reply",
      "delete post",
      "edit post",
      "delete user",
    ]) {
      expect(done[kind] ?? 0, `${kind} happened`).toBeGreaterThan(0);
    }
    const total = Object.values(done).reduce((sum, n) => sum + n, 0);
    expect(total).toBeGreaterThanOrEqual(180);
    expect(final.posts.length).toBeGreaterThan(0);
    expect(final.replies).toBeGreaterThan(0);
    expect(final.posts.some((p) => p.realUp > 0 && p.realDown > 0)).toBe(true);

    // What the API reads matches the recount too.
    const listed = await admin.get("/api/posts?limit=100&sortBy=new");
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(final.posts.length);
    for (const post of listed.body as Array<Record<string, number>>) {
      const row = final.posts.find((p) => p.id === post.id) as PostRecount;
      expect(post).toMatchObject({
        replyCount: row.realReplies,
        upvotes: row.realUp,
        downvotes: row.realDown,
        votes: row.realUp - row.realDown,
      });
    }
    const apiCategories = await admin.get("/api/categories");
    for (const category of final.categories) {
      const shown = (apiCategories.body as Array<{ id: number; postCount: number }>).find((c) => c.id === category.id);
      expect(shown?.postCount).toBe(category.realPosts);
    }
  });
});
