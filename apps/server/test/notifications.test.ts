// Notifications and preferences on both engines: who is told of a reply or a mention, who is not,
// read marking scoped to its owner, counts, and what deleting the cause removes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, client, insertCategory, signedIn, startForum, type TestForum } from "./harness";

let forum: TestForum;
let categoryId: number;
beforeAll(async () => {
  forum = await startForum();
  categoryId = await insertCategory(forum.db, "Notified");
});
afterAll(() => forum.close());

type Member = Awaited<ReturnType<typeof signedIn>>;
let names = 0;
const member = (prefix: string) => signedIn(forum, { username: `${prefix}${++names}` });

async function post(author: Client, content = "Post body", title = "A discussion") {
  const res = await author.post("/api/posts", { title, content, categoryId });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; slug: string; title: string };
}

async function reply(author: Client, postId: number, content: string) {
  const res = await author.post(`/api/posts/${postId}/replies`, { content });
  if (res.status !== 201) throw new Error(`reply failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
}

async function notificationsOf(who: Client) {
  const res = await who.get("/api/notifications");
  expect(res.status).toBe(200);
  return res.body as Array<{ id: number; type: string; read: boolean; actor: { username: string }; replyId: number }>;
}

async function unread(who: Client): Promise<number> {
  const res = await who.get("/api/notifications/unread-count");
  expect(res.status).toBe(200);
  return res.body.count;
}

describe("reply notifications", () => {
  it("tell the post's author and earlier repliers, never the one who replied", async () => {
    const op = await member("op");
    const first = await member("first");
    const second = await member("second");
    const topic = await post(op, "Tell me", "What do you think?");
    const r1 = await reply(first, topic.id, "First thoughts");
    expect(await unread(op)).toBe(1);
    expect(await unread(first)).toBe(0);

    const r2 = await reply(second, topic.id, "Second thoughts");
    expect(await unread(op)).toBe(2);
    expect(await unread(first)).toBe(1);
    expect(await unread(second)).toBe(0);

    const [latest] = await notificationsOf(op);
    expect(latest).toEqual({
      id: expect.any(Number),
      type: "reply",
      read: false,
      createdAt: expect.any(String),
      actor: { username: second.user.username },
      post: { id: topic.id, slug: topic.slug, title: "What do you think?" },
      replyId: r2.id,
      excerpt: "Second thoughts",
    });
    expect((await notificationsOf(first)).map((n) => n.replyId)).toEqual([r2.id]);
    expect((await notificationsOf(op)).map((n) => n.replyId)).toEqual([r2.id, r1.id]);

    // Replying in one's own discussion tells the others only.
    await reply(op, topic.id, "Thanks both");
    expect(await unread(op)).toBe(2);
    expect(await unread(first)).toBe(2);
    expect(await unread(second)).toBe(1);
  });

  it("are not created for a member with Reply Notifications off, and mentions still are", async () => {
    const op = await member("quiet");
    const other = await member("talker");
    const saved = await op.put("/api/users/me/preferences", { replyNotifications: false });
    expect(saved).toMatchObject({
      status: 200,
      body: { emailNotifications: true, replyNotifications: false, weeklyDigest: false, showProfileInPosts: true },
    });
    const topic = await post(op);
    await reply(other, topic.id, "No one hears this");
    expect(await unread(op)).toBe(0);
    await reply(other, topic.id, `But @${op.user.username} hears this`);
    expect((await notificationsOf(op)).map((n) => n.type)).toEqual(["mention"]);
  });
});

describe("mention notifications", () => {
  it("tell each member named once, not the writer, not for addresses or unknown names", async () => {
    const writer = await member("writer");
    const ada = await member("ada");
    const bob = await member("bob");
    const topic = await post(
      writer,
      `Hello @${ada.user.username.toUpperCase()} and @${bob.user.username}. Mail ${ada.user.username}@example.com, ` +
        `ping @${writer.user.username} and @nobody-here, again @${ada.user.username}!`,
    );
    expect((await notificationsOf(ada)).map((n) => [n.type, n.replyId])).toEqual([["mention", null]]);
    expect(await unread(bob)).toBe(1);
    expect(await unread(writer)).toBe(0);

    // A mention in a reply to ada's own discussion is one notification: the mention.
    const own = await post(ada);
    await reply(bob, own.id, `@${ada.user.username} look`);
    expect((await notificationsOf(ada)).map((n) => n.type)).toEqual(["mention", "mention"]);

    // Editing tells only members newly mentioned.
    const carol = await member("carol");
    const edit = await writer.put(`/api/posts/${topic.id}`, {
      title: "A discussion",
      content: `Hello @${ada.user.username} and now @${carol.user.username}`,
      categoryId,
    });
    expect(edit.status).toBe(200);
    expect(await unread(carol)).toBe(1);
    expect(await unread(ada)).toBe(2);
  });
});

describe("reading notifications", () => {
  let owner: Member;
  let stranger: Member;
  beforeAll(async () => {
    owner = await member("owner");
    stranger = await member("stranger");
    const actor = await member("actor");
    const topic = await post(owner);
    for (let i = 0; i < 3; i++) await reply(actor, topic.id, `Reply ${i}`);
    await post(actor, `Hi @${stranger.user.username}`);
  });

  it("answers 401 to visitors", async () => {
    for (const path of ["/api/notifications", "/api/notifications/unread-count"]) {
      expect((await client(forum.app).get(path)).status).toBe(401);
    }
    expect((await client(forum.app).post("/api/notifications/read", {})).status).toBe(401);
    expect((await client(forum.app).get("/api/users/me/preferences")).status).toBe(401);
  });

  it("marks some, ignores another member's ids, then marks all", async () => {
    const list = await notificationsOf(owner);
    expect(list).toHaveLength(3);
    const [strangers] = await notificationsOf(stranger);
    const first = list[0]?.id as number;

    const some = await owner.post("/api/notifications/read", { ids: [first, strangers?.id] });
    expect(some).toMatchObject({ status: 200, body: { count: 2 } });
    expect((await notificationsOf(owner)).map((n) => n.read)).toEqual([true, false, false]);
    expect(await unread(stranger)).toBe(1);

    expect(await owner.post("/api/notifications/read", {})).toMatchObject({ status: 200, body: { count: 0 } });
    expect((await notificationsOf(owner)).every((n) => n.read)).toBe(true);
    expect(await unread(stranger)).toBe(1);
    expect((await owner.post("/api/notifications/read", { ids: ["x"] })).status).toBe(400);
  });

  it("pages newest first", async () => {
    const all = await notificationsOf(owner);
    const page = (await owner.get("/api/notifications?offset=1&limit=1")).body;
    expect(page.map((n: { id: number }) => n.id)).toEqual([all[1]?.id]);
  });
});

describe("deleting the cause", () => {
  it("removes a reply's notifications with the reply, and a post's with the post", async () => {
    const op = await member("gone");
    const other = await member("goer");
    const topic = await post(op);
    const answer = await reply(other, topic.id, `Hey @${op.user.username}`);
    await reply(other, topic.id, "Second");
    expect(await unread(op)).toBe(2);
    expect((await other.del(`/api/replies/${answer.id}`)).status).toBe(200);
    expect(await unread(op)).toBe(1);

    const mentionedPost = await post(other, `@${op.user.username} see this`);
    expect(await unread(op)).toBe(2);
    expect((await other.del(`/api/posts/${mentionedPost.id}`)).status).toBe(200);
    expect(await unread(op)).toBe(1);
    expect((await op.del(`/api/posts/${topic.id}`)).status).toBe(200);
    expect(await notificationsOf(op)).toEqual([]);
  });
});

describe("preferences", () => {
  it("answer the spec's defaults, save any field and answer the whole object", async () => {
    const someone = await member("prefs");
    const defaults = {
      emailNotifications: true,
      replyNotifications: true,
      weeklyDigest: false,
      showProfileInPosts: true,
    };
    expect(await someone.get("/api/users/me/preferences")).toMatchObject({ status: 200, body: defaults });
    const saved = await someone.put("/api/users/me/preferences", { weeklyDigest: true });
    expect(saved.body).toEqual({ ...defaults, weeklyDigest: true });
    const again = await someone.put("/api/users/me/preferences", { emailNotifications: false, unknown: 1 });
    expect(again.body).toEqual({ ...defaults, weeklyDigest: true, emailNotifications: false });
    expect((await someone.get("/api/users/me/preferences")).body).toEqual(again.body);
    expect((await someone.get("/api/user")).body.preferences).toEqual(again.body);
    const bad = await someone.put("/api/users/me/preferences", { weeklyDigest: "sometimes" });
    expect(bad).toMatchObject({ status: 400, body: { message: "weeklyDigest must be true or false" } });
  });

  it("Show Profile in Posts off keeps the author's name and picture out of posts and replies", async () => {
    const shy = await member("shy");
    await forum.db
      .updateTable("users")
      .set({ firstName: "Shy", lastName: "Person", profileImageUrl: "/uploads/shy.png" })
      .where("id", "=", shy.user.id)
      .execute();
    const topic = await post(shy, "Body", "Shy post");
    await reply(shy, topic.id, "Shy reply");
    const visitor = client(forum.app);
    const author = async () => (await visitor.get(`/api/posts/${topic.slug}`)).body.author;
    expect(await author()).toMatchObject({ firstName: "Shy", lastName: "Person", profileImageUrl: "/uploads/shy.png" });

    await shy.put("/api/users/me/preferences", { showProfileInPosts: false });
    const hidden = {
      id: shy.user.id,
      username: shy.user.username,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
    };
    expect(await author()).toEqual(hidden);
    expect((await visitor.get(`/api/posts/${topic.id}/replies`)).body.replies[0].author).toEqual(hidden);
    expect(
      (await visitor.get("/api/posts?sortBy=new")).body.find((p: { id: number }) => p.id === topic.id).author,
    ).toEqual(hidden);
    // The profile page itself still shows them.
    expect((await visitor.get(`/api/users/${shy.user.username}`)).body.firstName).toBe("Shy");
  });
});
