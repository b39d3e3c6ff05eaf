import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, client, insertCategory, signedIn, startForum, type TestForum } from "./harness";

let forum: TestForum;
let categoryId: number;
beforeAll(async () => {
  forum = await startForum();
  categoryId = await insertCategory(forum.db, "Replies Cat");
});
afterAll(() => forum.close());

type Member = Awaited<ReturnType<typeof signedIn>>;

async function createPost(author: Client, title = "A post") {
  const res = await author.post("/api/posts", { title, content: "Post body", categoryId });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; slug: string };
}

async function createReply(author: Client, postId: number, content: string) {
  const res = await author.post(`/api/posts/${postId}/replies`, { content });
  if (res.status !== 201) throw new Error(`reply failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
}

async function replyCount(postId: number) {
  const row = await forum.db
    .selectFrom("posts")
    .select("replyCount")
    .where("id", "=", postId)
    .executeTakeFirstOrThrow();
  return row.replyCount;
}

async function replyRow(id: number) {
  return forum.db.selectFrom("replies").selectAll().where("id", "=", id).executeTakeFirst();
}

describe("GET /api/posts/{id}/replies", () => {
  it("answers {replies} oldest first, each with its author", async () => {
    const author = await signedIn(forum, { username: "reply-op" });
    const first = await signedIn(forum, { username: "reply-first" });
    const second = await signedIn(forum, { username: "reply-second" });
    const post = await createPost(author, "Thread");
    const r1 = await createReply(first, post.id, "First!");
    const r2 = await createReply(second, post.id, "Second");
    const r3 = await createReply(first, post.id, "Third");
    // Make the stored times disagree with insertion order to prove the sort is by time.
    const now = Date.now();
    await forum.db
      .updateTable("replies")
      .set({ createdAt: now - 3000 })
      .where("id", "=", r2.id)
      .execute();
    await forum.db
      .updateTable("replies")
      .set({ createdAt: now - 2000 })
      .where("id", "in", [r1.id, r3.id])
      .execute();

    const res = await client(forum.app).get(`/api/posts/${post.id}/replies`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["replies"]);
    expect(res.body.replies.map((r: { id: number }) => r.id)).toEqual([r2.id, r1.id, r3.id]);
    expect(res.body.replies[0]).toEqual({
      id: r2.id,
      postId: post.id,
      content: "Second",
      authorId: second.user.id,
      author: { id: second.user.id, username: "reply-second", firstName: null, lastName: null, profileImageUrl: null },
      upvotes: 0,
      downvotes: 0,
      myVote: "none",
      replyTo: null,
      createdAt: new Date(now - 3000).toISOString(),
      updatedAt: expect.any(String),
      editedAt: null,
    });
    expect(res.body.replies[1].author.username).toBe("reply-first");
  });

  it("answers an empty list for a post without replies", async () => {
    const author = await signedIn(forum);
    const post = await createPost(author, "Quiet");
    const res = await client(forum.app).get(`/api/posts/${post.id}/replies`);
    expect(res).toMatchObject({ status: 200, body: { replies: [] } });
  });

  it("pages with offset and limit", async () => {
    const author = await signedIn(forum);
    const post = await createPost(author, "Paged thread");
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push((await createReply(author, post.id, `r${i}`)).id);
    const res = await client(forum.app).get(`/api/posts/${post.id}/replies?offset=1&limit=2`);
    expect(res.body.replies.map((r: { id: number }) => r.id)).toEqual(made.slice(1, 3));
  });

  it("answers every reply of a thread longer than a page when no limit is given, through both doors", async () => {
    const author = await signedIn(forum);
    const post = await createPost(author, "A very long thread");
    const authorId = (
      await forum.db.selectFrom("posts").select("authorId").where("id", "=", post.id).executeTakeFirstOrThrow()
    ).authorId;
    const total = 1_205;
    const rows = Array.from({ length: total }, (_, i) => ({
      postId: post.id,
      authorId,
      content: `long thread reply ${i}`,
      createdAt: 1_700_000_000_000 + i,
      updatedAt: 1_700_000_000_000 + i,
    }));
    for (let i = 0; i < total; i += 400)
      await forum.db
        .insertInto("replies")
        .values(rows.slice(i, i + 400))
        .execute();

    const whole = await client(forum.app).get(`/api/posts/${post.id}/replies`);
    expect(whole.status).toBe(200);
    expect(whole.body.replies).toHaveLength(total);
    expect(whole.body.replies[total - 1].content).toBe(`long thread reply ${total - 1}`);
    const rest = await client(forum.app).get(`/api/posts/${post.id}/replies?offset=1200`);
    expect(rest.body.replies.map((r: { content: string }) => r.content)).toEqual(
      [1200, 1201, 1202, 1203, 1204].map((i) => `long thread reply ${i}`),
    );
    const firstPage = await client(forum.app).get(`/api/posts/${post.id}/replies?limit=50`);
    expect(firstPage.body.replies.map((r: { content: string }) => r.content)).toEqual(
      whole.body.replies.slice(0, 50).map((r: { content: string }) => r.content),
    );

    const trpc = (input: object) =>
      client(forum.app).get(`/trpc/replies.byPost?input=${encodeURIComponent(JSON.stringify(input))}`);
    expect((await trpc({ postId: post.id })).body.result.data.replies).toHaveLength(total);
    const page = (await trpc({ postId: post.id, offset: 50, limit: 50 })).body.result.data.replies;
    expect(page.map((r: { id: number }) => r.id)).toEqual(
      whole.body.replies.slice(50, 100).map((r: { id: number }) => r.id),
    );
  });

  it("refuses a page larger than 1,000 replies, or a limit below 1, with 400", async () => {
    const author = await signedIn(forum);
    const post = await createPost(author, "Bounded pages");
    const tooLarge = await client(forum.app).get(`/api/posts/${post.id}/replies?limit=1001`);
    expect(tooLarge).toMatchObject({ status: 400, body: { message: "limit must be at most 1000" } });
    const zero = await client(forum.app).get(`/api/posts/${post.id}/replies?limit=0`);
    expect(zero).toMatchObject({ status: 400, body: { message: "limit must be at least 1" } });
  });

  it("answers 404 Post not found for an unknown post, and 400 for a bad id", async () => {
    const res = await client(forum.app).get("/api/posts/999999/replies");
    expect(res).toMatchObject({ status: 404, body: { message: "Post not found" } });
    expect((await client(forum.app).get("/api/posts/abc/replies")).status).toBe(400);
  });
});

describe("POST /api/posts/{id}/replies", () => {
  it("answers 201 with the reply and increments the post's replyCount", async () => {
    const author = await signedIn(forum);
    const replier = await signedIn(forum, { username: "replier" });
    const post = await createPost(author, "Reply target");
    const res = await replier.post(`/api/posts/${post.id}/replies`, { content: "  Nice post  " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      postId: post.id,
      content: "Nice post",
      authorId: replier.user.id,
      author: { id: replier.user.id, username: "replier" },
      upvotes: 0,
      downvotes: 0,
    });
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    expect(await replyRow(res.body.id)).toMatchObject({
      postId: post.id,
      authorId: replier.user.id,
      content: "Nice post",
    });
    expect(await replyCount(post.id)).toBe(1);
    await createReply(author, post.id, "Thanks");
    expect(await replyCount(post.id)).toBe(2);
    const read = await client(forum.app).get(`/api/posts/${post.slug}`);
    expect(read.body.replyCount).toBe(2);
  });

  it("refuses blank content with 'Please enter reply content'", async () => {
    const author = await signedIn(forum);
    const post = await createPost(author, "Blank replies");
    for (const body of [{ content: "" }, { content: "   \n\t" }, {}, { content: null }]) {
      const res = await author.post(`/api/posts/${post.id}/replies`, body);
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { message: "Please enter reply content" } });
    }
    expect(await replyCount(post.id)).toBe(0);
    expect(await forum.db.selectFrom("replies").select("id").where("postId", "=", post.id).execute()).toHaveLength(0);
  });

  it("answers 401 to a visitor, 403 to a banned member and 404 for an unknown post", async () => {
    const author = await signedIn(forum);
    const post = await createPost(author, "Guarded thread");
    const visitor = await client(forum.app).post(`/api/posts/${post.id}/replies`, { content: "hi" });
    expect(visitor).toMatchObject({ status: 401, body: { message: "You must be logged in to do that" } });
    const banned = await signedIn(forum);
    await forum.db.updateTable("users").set({ banned: 1 }).where("id", "=", banned.user.id).execute();
    expect((await banned.post(`/api/posts/${post.id}/replies`, { content: "hi" })).status).toBe(403);
    expect(await replyCount(post.id)).toBe(0);
    const missing = await author.post("/api/posts/999999/replies", { content: "hello?" });
    expect(missing).toMatchObject({ status: 404, body: { message: "Post not found" } });
    expect(await forum.db.selectFrom("replies").select("id").where("content", "=", "hello?").execute()).toHaveLength(0);
  });
});

describe("PUT and DELETE /api/replies/{id}", () => {
  let op: Member;
  let author: Member;
  let other: Member;
  let admin: Member;
  let postId: number;

  beforeAll(async () => {
    op = await signedIn(forum);
    author = await signedIn(forum);
    other = await signedIn(forum);
    admin = await signedIn(forum, { role: "admin" });
    postId = (await createPost(op, "Edits and deletes")).id;
  });

  it("lets the author edit a reply", async () => {
    const made = await createReply(author, postId, "Original");
    // Written a minute ago, as far as the row says: the edit's time is later whatever the clock's resolution.
    const minuteAgo = Date.now() - 60_000;
    await forum.db
      .updateTable("replies")
      .set({ createdAt: minuteAgo, updatedAt: minuteAgo })
      .where("id", "=", made.id)
      .execute();
    const before = await replyRow(made.id);
    const res = await author.put(`/api/replies/${made.id}`, { content: " Edited " });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: made.id, postId, content: "Edited", authorId: author.user.id });
    const after = await replyRow(made.id);
    expect(after?.content).toBe("Edited");
    expect(after?.createdAt).toBe(before?.createdAt);
    expect(after?.updatedAt).toBeGreaterThan(before?.updatedAt as number);
  });

  it("lets an admin edit anyone's reply, refuses another member (403) and a visitor (401)", async () => {
    const made = await createReply(author, postId, "Mine");
    const refused = await other.put(`/api/replies/${made.id}`, { content: "Yours now" });
    expect(refused).toMatchObject({ status: 403, body: { message: "You can only change your own content" } });
    expect((await client(forum.app).put(`/api/replies/${made.id}`, { content: "anon" })).status).toBe(401);
    // The post's author is not the reply's author either.
    expect((await op.put(`/api/replies/${made.id}`, { content: "op edit" })).status).toBe(403);
    expect((await replyRow(made.id))?.content).toBe("Mine");
    const byAdmin = await admin.put(`/api/replies/${made.id}`, { content: "Moderated" });
    expect(byAdmin.status).toBe(200);
    expect((await replyRow(made.id))?.content).toBe("Moderated");
  });

  it("refuses a blank edit with 'Please enter reply content'", async () => {
    const made = await createReply(author, postId, "Keep me");
    const res = await author.put(`/api/replies/${made.id}`, { content: "  " });
    expect(res).toMatchObject({ status: 400, body: { message: "Please enter reply content" } });
    expect((await replyRow(made.id))?.content).toBe("Keep me");
  });

  it("answers 404 Reply not found for an unknown reply", async () => {
    const edit = await author.put("/api/replies/999999", { content: "x" });
    expect(edit).toMatchObject({ status: 404, body: { message: "Reply not found" } });
    const del = await author.del("/api/replies/999999");
    expect(del).toMatchObject({ status: 404, body: { message: "Reply not found" } });
  });

  it("lets the author delete a reply and decrements replyCount", async () => {
    const made = await createReply(author, postId, "Short-lived");
    const before = await replyCount(postId);
    const res = await author.del(`/api/replies/${made.id}`);
    expect(res).toMatchObject({ status: 200, body: { message: "Reply deleted successfully" } });
    expect(await replyRow(made.id)).toBeUndefined();
    expect(await replyCount(postId)).toBe(before - 1);
    const again = await author.del(`/api/replies/${made.id}`);
    expect(again.status).toBe(404);
    expect(await replyCount(postId)).toBe(before - 1);
    const listed = await client(forum.app).get(`/api/posts/${postId}/replies`);
    expect(listed.body.replies.map((r: { id: number }) => r.id)).not.toContain(made.id);
  });

  it("lets an admin delete anyone's reply; another member gets 403 and a visitor 401", async () => {
    const made = await createReply(author, postId, "Target");
    const before = await replyCount(postId);
    expect((await other.del(`/api/replies/${made.id}`)).status).toBe(403);
    expect((await op.del(`/api/replies/${made.id}`)).status).toBe(403);
    expect((await client(forum.app).del(`/api/replies/${made.id}`)).status).toBe(401);
    expect(await replyRow(made.id)).toBeDefined();
    expect(await replyCount(postId)).toBe(before);
    expect((await admin.del(`/api/replies/${made.id}`)).status).toBe(200);
    expect(await replyRow(made.id)).toBeUndefined();
    expect(await replyCount(postId)).toBe(before - 1);
  });

  it("keeps replyCount equal to the rows after a mix of writes", async () => {
    const post = await createPost(op, "Counted thread");
    const made: number[] = [];
    for (const who of [op, author, other, admin, author]) made.push((await createReply(who, post.id, "x")).id);
    await author.del(`/api/replies/${made[1]}`);
    await admin.del(`/api/replies/${made[2]}`);
    await other.del(`/api/replies/${made[4]}`); // refused: not theirs
    const rows = await forum.db.selectFrom("replies").select("id").where("postId", "=", post.id).execute();
    expect(rows).toHaveLength(3);
    expect(await replyCount(post.id)).toBe(3);
  });

  it("removes a post's replies with the post", async () => {
    const post = await createPost(op, "Going away");
    const made = await createReply(author, post.id, "Orphan?");
    expect((await op.del(`/api/posts/${post.id}`)).status).toBe(200);
    expect(await replyRow(made.id)).toBeUndefined();
    expect((await client(forum.app).get(`/api/posts/${post.id}/replies`)).status).toBe(404);
    expect((await author.put(`/api/replies/${made.id}`, { content: "still here" })).status).toBe(404);
  });
});
