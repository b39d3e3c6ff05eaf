// "What is new to me" (issue 31) on both engines: how far a member has read, the unread counts and
// "New" markers on their lists (never on anyone else's, though the lists are kept for everyone),
// where a discussion opens for them, the "Unread" list and marking everything read.
import { validateSessionToken } from "@forum/api";
import { READ_STATE_MESSAGES } from "@forum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, client, insertCategory, insertPost, signedIn, startForum, type TestForum } from "./harness";

let forum: TestForum;
let visitor: Client;
beforeAll(async () => {
  forum = await startForum();
  visitor = client(forum.app);
});
afterAll(() => forum.close());

const HOUR = 60 * 60_000;
let names = 0;
/** A member whose account is an hour old, so what is posted now is "New" to them. */
const member = (prefix: string) => signedIn(forum, { username: `${prefix}${++names}`, createdAt: Date.now() - HOUR });

async function discussion(author: Client, categoryId: number, title = "A discussion") {
  const res = await author.post("/api/posts", { title, content: "Read me", categoryId });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; slug: string };
}

async function reply(author: Client, postId: number, content = "A reply") {
  const res = await author.post(`/api/posts/${postId}/replies`, { content });
  if (res.status !== 201) throw new Error(`reply failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { id: number }).id;
}

type Marks = { id: number; unreadCount: number; isNew: boolean };

/** The category's page as `who` sees it: each post's unread count and "New" marker. */
async function marksOf(who: Client, categoryId: number): Promise<Marks[]> {
  const res = await who.get(`/api/posts?categoryId=${categoryId}&sortBy=new`);
  expect(res.status).toBe(200);
  return (res.body as Marks[]).map(({ id, unreadCount, isNew }) => ({ id, unreadCount, isNew }));
}

async function unreadList(who: Client): Promise<number[]> {
  const res = await who.get("/api/posts?filter=unread");
  expect(res.status).toBe(200);
  return (res.body as { id: number }[]).map((post) => post.id);
}

const read = (who: Client, postId: number, upTo: number | string) => who.post(`/api/posts/${postId}/read`, { upTo });

describe("a member's reading", () => {
  it("counts unread replies after new replies and deletes, and opens at the first unread one", async () => {
    const categoryId = await insertCategory(forum.db, "Counted");
    const [reader, author, other] = [await member("reader"), await member("author"), await member("other")];
    const post = await discussion(author, categoryId);
    const r1 = await reply(author, post.id);
    const r2 = await reply(author, post.id);

    // Never opened: "New", no count, and it opens at the top.
    expect(await marksOf(reader, categoryId)).toEqual([{ id: post.id, unreadCount: 0, isNew: true }]);
    expect((await reader.get(`/api/posts/${post.id}/read`)).body).toEqual({
      postId: post.id,
      lastReadReplyId: null,
      firstUnreadReplyId: null,
      unreadCount: 0,
    });

    const marked = await read(reader, post.id, r1);
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ postId: post.id, lastReadReplyId: r1, firstUnreadReplyId: r2, unreadCount: 1 });
    expect(await marksOf(reader, categoryId)).toEqual([{ id: post.id, unreadCount: 1, isNew: false }]);

    const r3 = await reply(other, post.id);
    expect(await marksOf(reader, categoryId)).toEqual([{ id: post.id, unreadCount: 2, isNew: false }]);

    // A deleted reply is no longer counted, and the discussion opens at the next one.
    expect((await author.del(`/api/replies/${r2}`)).status).toBe(200);
    expect(await marksOf(reader, categoryId)).toEqual([{ id: post.id, unreadCount: 1, isNew: false }]);
    expect((await reader.get(`/api/posts/${post.id}/read`)).body).toMatchObject({ firstUnreadReplyId: r3 });

    // The author's own discussion is never "New" to them.
    expect(await marksOf(author, categoryId)).toEqual([{ id: post.id, unreadCount: 0, isNew: false }]);
  });

  it("never shows one member's reading in another's answer or a visitor's, although the list is kept", async () => {
    const categoryId = await insertCategory(forum.db, "Private reading");
    const [reader, author, other] = [await member("mine"), await member("writer"), await member("theirs")];
    const post = await discussion(author, categoryId);
    const r1 = await reply(author, post.id);
    await reply(author, post.id);
    await read(reader, post.id, r1);

    // The visitor's answer first, so the others are served from the kept list.
    expect(await marksOf(visitor, categoryId)).toEqual([{ id: post.id, unreadCount: 0, isNew: false }]);
    expect(await marksOf(reader, categoryId)).toEqual([{ id: post.id, unreadCount: 1, isNew: false }]);
    expect(await marksOf(other, categoryId)).toEqual([{ id: post.id, unreadCount: 0, isNew: true }]);
    expect(await marksOf(visitor, categoryId)).toEqual([{ id: post.id, unreadCount: 0, isNew: false }]);
    // The same on the member's profile list and in search results.
    const profile = await reader.get(`/api/users/${author.user.username}/posts`);
    expect(profile.body.find((item: Marks) => item.id === post.id)).toMatchObject({ unreadCount: 1, isNew: false });
    const profileOther = await other.get(`/api/users/${author.user.username}/posts`);
    expect(profileOther.body.find((item: Marks) => item.id === post.id)).toMatchObject({ unreadCount: 0, isNew: true });
    expect((await unreadList(other)).includes(post.id)).toBe(false);
  });

  it("keeps the position where it was when an earlier reply is reported later", async () => {
    const categoryId = await insertCategory(forum.db, "Forward only");
    const [reader, author] = [await member("forward"), await member("poster")];
    const post = await discussion(author, categoryId);
    const r1 = await reply(author, post.id);
    const r2 = await reply(author, post.id);
    await read(reader, post.id, r2);
    const late = await read(reader, post.id, r1);
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ lastReadReplyId: r2, firstUnreadReplyId: null, unreadCount: 0 });
    const row = await forum.db
      .selectFrom("read_states")
      .select("lastReadReplyId")
      .where("userId", "=", reader.user.id)
      .where("postId", "=", post.id)
      .executeTakeFirstOrThrow();
    expect(row.lastReadReplyId).toBe(r2);
  });

  it("lists as Unread only discussions read before that have unread replies, latest reply first", async () => {
    const categoryId = await insertCategory(forum.db, "Unread list");
    const [reader, author] = [await member("lister"), await member("talker")];
    const caughtUp = await discussion(author, categoryId, "Caught up");
    const behind = await discussion(author, categoryId, "Behind");
    const unopened = await discussion(author, categoryId, "Never opened");
    await reply(author, unopened.id);
    await read(reader, caughtUp.id, await reply(author, caughtUp.id));
    await read(reader, behind.id, await reply(author, behind.id));
    expect(await unreadList(reader)).toEqual([]);

    await reply(author, behind.id);
    expect(await unreadList(reader)).toEqual([behind.id]);
    await reply(author, caughtUp.id);
    expect(await unreadList(reader)).toEqual([caughtUp.id, behind.id]);
    const page = await reader.get("/api/posts?filter=unread&limit=1&offset=1");
    expect(page.body.map((post: Marks) => [post.id, post.unreadCount])).toEqual([[behind.id, 1]]);
  });

  it("marks everything read: no unread list, no counts, nothing New", async () => {
    const categoryId = await insertCategory(forum.db, "All read");
    const [reader, author] = [await member("done"), await member("busy")];
    const one = await discussion(author, categoryId, "One");
    await read(reader, one.id, 0);
    await reply(author, one.id);
    await reply(author, one.id);
    const fresh = await discussion(author, categoryId, "Fresh");
    expect(await marksOf(reader, categoryId)).toEqual([
      { id: fresh.id, unreadCount: 0, isNew: true },
      { id: one.id, unreadCount: 2, isNew: false },
    ]);
    expect(await unreadList(reader)).toEqual([one.id]);

    const done = await reader.post("/api/read/all");
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ marked: 1 });
    expect(await unreadList(reader)).toEqual([]);
    expect(await marksOf(reader, categoryId)).toEqual([
      { id: fresh.id, unreadCount: 0, isNew: false },
      { id: one.id, unreadCount: 0, isNew: false },
    ]);
    // What comes after is unread and new again.
    await reply(author, one.id);
    const later = await insertPost(forum.db, { authorId: author.user.id, categoryId, createdAt: Date.now() + HOUR });
    expect(await marksOf(reader, categoryId)).toEqual([
      { id: later.id, unreadCount: 0, isNew: true },
      { id: fresh.id, unreadCount: 0, isNew: false },
      { id: one.id, unreadCount: 1, isNew: false },
    ]);
  });

  it("answers 401 to visitors, 400 to bad positions and 404 for unknown or deleted posts", async () => {
    const categoryId = await insertCategory(forum.db, "Refusals");
    const [reader, author] = [await member("refused"), await member("owner")];
    const post = await discussion(author, categoryId);
    const elsewhere = await discussion(author, categoryId, "Elsewhere");
    const foreign = await reply(author, elsewhere.id);

    expect((await read(visitor, post.id, 0)).status).toBe(401);
    expect((await visitor.post("/api/read/all")).status).toBe(401);
    expect((await visitor.get(`/api/posts/${post.id}/read`)).status).toBe(401);
    const list = await visitor.get("/api/posts?filter=unread");
    expect(list.status).toBe(401);
    expect(list.body).toEqual({ message: "You must be logged in to do that" });

    expect((await read(reader, post.id, "soon")).status).toBe(400);
    expect((await read(reader, post.id, -1)).status).toBe(400);
    expect((await reader.post(`/api/posts/${post.id}/read`, {})).status).toBe(400);
    expect(await read(reader, post.id, foreign)).toMatchObject({
      status: 400,
      body: { message: READ_STATE_MESSAGES.replyNotInPost },
    });
    expect((await reader.get("/api/posts?filter=everything")).status).toBe(400);

    expect(await read(reader, 987654, 0)).toMatchObject({ status: 404, body: { message: "Post not found" } });
    expect((await author.del(`/api/posts/${post.id}`)).status).toBe(200);
    expect((await read(reader, post.id, 0)).status).toBe(404);
    const rows = await forum.db
      .selectFrom("read_states")
      .select("postId")
      .where("userId", "=", reader.user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("goes with the member's account, also when what they wrote is kept", async () => {
    const categoryId = await insertCategory(forum.db, "Leaving");
    const [leaver, author] = [await member("leaver"), await member("stayer")];
    const post = await discussion(author, categoryId);
    await read(leaver, post.id, await reply(author, post.id));
    await leaver.post("/api/read/all");
    const rowsOf = async () => [
      ...(await forum.db.selectFrom("read_states").select("postId").where("userId", "=", leaver.user.id).execute()),
      ...(await forum.db.selectFrom("member_visits").select("userId").where("userId", "=", leaver.user.id).execute()),
    ];
    expect(await rowsOf()).toHaveLength(2);
    const deleted = await leaver.post("/api/users/me/delete", { password: leaver.user.password, content: "keep" });
    expect(deleted.status).toBe(200);
    expect(await rowsOf()).toEqual([]);
  });

  it("counts as New what was posted since the member's previous visit, noted with their session's use", async () => {
    const categoryId = await insertCategory(forum.db, "Visits");
    const [visiting, author] = [await member("visiting"), await member("posting")];
    const post = await discussion(author, categoryId);
    expect(await marksOf(visiting, categoryId)).toEqual([{ id: post.id, unreadCount: 0, isNew: true }]);
    const token = (visiting.jar.cookie ?? "").replace("forum_session=", "");
    const visitOf = () =>
      forum.db
        .selectFrom("member_visits")
        .select(["lastSeenAt", "previousVisitAt"])
        .where("userId", "=", visiting.user.id)
        .executeTakeFirst();
    // Ten minutes on, still the first visit: what is New stays as it was.
    const later = Date.now() + 10 * 60_000;
    expect(await validateSessionToken(forum.db, token, later)).not.toBeNull();
    expect(await visitOf()).toEqual({ lastSeenAt: later, previousVisitAt: null });
    expect(await marksOf(visiting, categoryId)).toEqual([{ id: post.id, unreadCount: 0, isNew: true }]);
    // Back after two hours: the visit before is the previous one, and the post came before it.
    const back = later + 2 * HOUR;
    expect(await validateSessionToken(forum.db, token, back)).not.toBeNull();
    expect(await visitOf()).toEqual({ lastSeenAt: back, previousVisitAt: later });
    expect(await marksOf(visiting, categoryId)).toEqual([{ id: post.id, unreadCount: 0, isNew: false }]);
  });
});
