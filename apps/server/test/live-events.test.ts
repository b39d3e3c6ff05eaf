// The live stream (GET /api/events) as tabs hear it over real HTTP: who hears what, resuming with
// Last-Event-ID, the limits, a slow client, shutdown and (PostgreSQL) another instance's writes.
import { LIVE_LIMITS, LIVE_MESSAGES } from "@forum/contracts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertCategory, insertPost, insertUser, signedIn, startForum, TEST_ENGINE, type TestForum } from "./harness";
import { type EventStream, openEvents } from "./sse";

let forum: TestForum;
let categoryId: number;
let admin: Awaited<ReturnType<typeof signedIn>>;
const open: EventStream[] = [];

beforeAll(async () => {
  forum = await startForum();
  categoryId = await insertCategory(forum.db, "Live");
  admin = await signedIn(forum, { role: "admin" });
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await forum.close();
});

async function listen(options: Parameters<typeof openEvents>[1] = {}, app = forum.app): Promise<EventStream> {
  const stream = await openEvents(app, options);
  open.push(stream);
  return stream;
}

async function discussion() {
  const author = await signedIn(forum);
  const post = await insertPost(forum.db, { authorId: author.user.id, categoryId });
  return { author, post };
}

describe("who hears what", () => {
  it("a visitor with a post open hears its new, edited and deleted replies, votes and state, and nothing of another post", async () => {
    const { post } = await discussion();
    const other = await discussion();
    const visitor = await listen({ post: post.id });
    const elsewhere = await listen({ post: other.post.id });
    const replier = await signedIn(forum);

    const reply = await replier.post(`/api/posts/${post.id}/replies`, { content: "Live reply" });
    expect(reply.status).toBe(201);
    const heard = await visitor.next("reply");
    expect(heard.data).toEqual({ type: "reply", postId: post.id, replyId: reply.body.id, authorId: replier.user.id });
    expect(heard.id).toMatch(/^[0-9a-f]+\.\d+$/);

    await replier.post("/api/votes", { replyId: reply.body.id, type: "upvote" });
    expect((await visitor.next("votes")).data).toEqual({
      type: "votes",
      postId: post.id,
      replyId: reply.body.id,
      upvotes: 1,
      downvotes: 0,
    });
    expect((await replier.put(`/api/replies/${reply.body.id}`, { content: "Edited live" })).status).toBe(200);
    await visitor.next("reply-edited", (data: { replyId: number }) => data.replyId === reply.body.id);
    expect((await replier.del(`/api/replies/${reply.body.id}`)).status).toBe(200);
    await visitor.next("reply-deleted", (data: { replyId: number }) => data.replyId === reply.body.id);

    const current = await admin.get(`/api/posts/${post.slug}`);
    const { id: _id, ...fields } = current.body;
    const locked = await admin.put(`/api/posts/${post.id}`, {
      title: fields.title,
      content: fields.content,
      categoryId,
      locked: true,
    });
    expect(locked.status).toBe(200);
    expect((await visitor.next("post")).data).toEqual({
      type: "post",
      postId: post.id,
      locked: true,
      pinned: false,
      deleted: false,
    });

    // The other post's tab heard none of it; no visitor hears notifications.
    await replier.post(`/api/posts/${other.post.id}/replies`, { content: "Marker" });
    await elsewhere.next("reply");
    expect(elsewhere.events.map((event) => event.event)).toEqual(["ready", "reply"]);
    expect(visitor.events.some((event) => event.event === "notifications")).toBe(false);
  });

  it("a member hears their own unread count at once, and no one else's", async () => {
    const { author, post } = await discussion();
    const bystander = await signedIn(forum);
    const mine = await listen({ cookie: author.jar.cookie });
    const theirs = await listen({ cookie: bystander.jar.cookie });
    const replier = await signedIn(forum);

    await replier.post(`/api/posts/${post.id}/replies`, { content: "You have a reply" });
    expect((await mine.next("notifications")).data).toEqual({
      type: "notifications",
      userId: author.user.id,
      unread: 1,
    });
    // Reading them in another tab: this tab's bell hears the new count too.
    await author.post("/api/notifications/read", {});
    await mine.next("notifications", (data: { unread: number }) => data.unread === 0);
    expect(theirs.events.some((event) => event.event === "notifications")).toBe(false);
  });

  it("a banned member hears what a visitor hears; banning closes their streams", async () => {
    const { author, post } = await discussion();
    const stream = await listen({ post: post.id, cookie: author.jar.cookie });
    const ban = await admin.put(`/api/admin/users/${author.user.id}/ban`, { banned: true });
    expect(ban.status).toBe(200);
    await vi.waitFor(() => expect(stream.ended).toBe(true));

    // Its tab reconnects with the same cookie: let in, hearing what a visitor hears.
    const again = await listen({ post: post.id, cookie: author.jar.cookie });
    expect(again.status).toBe(200);
    // Mentioned beside a member who hears it: once that member has, the banned one would have too.
    const bystander = await signedIn(forum);
    const bystanders = await listen({ cookie: bystander.jar.cookie });
    const replier = await signedIn(forum);
    const mention = `@${author.user.username} @${bystander.user.username} hello`;
    await replier.post(`/api/posts/${post.id}/replies`, { content: mention });
    await again.next("reply");
    await bystanders.next("notifications");
    expect(again.events.some((event) => event.event === "notifications")).toBe(false);
  });

  it("a tab on a deleted post hears that it was deleted; a stream for a post that is gone is refused", async () => {
    const { author, post } = await discussion();
    const visitor = await listen({ post: post.id });
    expect((await author.del(`/api/posts/${post.id}`)).status).toBe(200);
    expect((await visitor.next("post")).data).toMatchObject({ postId: post.id, deleted: true });

    const gone = await openEvents(forum.app, { post: post.id });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: "Post not found" });
    const bad = await openEvents(forum.app, { post: "seven" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: LIVE_MESSAGES.badPost });
  });
});

describe("resuming", () => {
  it("a tab that reconnects with Last-Event-ID hears what was written in the gap, and nothing twice", async () => {
    const { post } = await discussion();
    const first = await listen({ post: post.id });
    // Every stream starts with "ready", whose id is where it stands.
    await first.next("ready");
    const replier = await signedIn(forum);
    await replier.post(`/api/posts/${post.id}/replies`, { content: "Before the gap" });
    await first.next("reply");
    const resumeFrom = first.lastId as string;
    first.close();

    const inGap = await replier.post(`/api/posts/${post.id}/replies`, { content: "In the gap" });
    const resumed = await listen({ post: post.id, lastEventId: resumeFrom });
    const replayed = await resumed.next("reply");
    expect(replayed.data).toMatchObject({ replyId: inGap.body.id });
    expect(resumed.events.filter((event) => event.event === "reply")).toHaveLength(1);
  });

  it("an id this server does not keep (another instance's, an earlier run's) gets resync", async () => {
    const { post } = await discussion();
    const stream = await listen({ post: post.id, lastEventId: "0badc0de.17" });
    await stream.next("resync");
    expect(stream.lastId).toMatch(new RegExp(`^${forum.app.services.live.epoch}\\.`));
  });
});

describe("limits", () => {
  it(`a member may open ${LIVE_LIMITS.perMember} streams; one more is refused with 429 until one closes`, async () => {
    const member = await signedIn(forum);
    const streams = [];
    for (let i = 0; i < LIVE_LIMITS.perMember; i++) streams.push(await listen({ cookie: member.jar.cookie }));
    expect(streams.every((stream) => stream.status === 200)).toBe(true);
    const refused = await openEvents(forum.app, { cookie: member.jar.cookie });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: LIVE_MESSAGES.tooManyForMember });

    streams[0]?.close();
    await vi.waitFor(async () => {
      const next = await openEvents(forum.app, { cookie: member.jar.cookie });
      open.push(next);
      expect(next.status).toBe(200);
    });
    for (const stream of streams) stream.close();
  });

  it(`one address may open ${LIVE_LIMITS.perAddress} streams (with the limits on)`, async () => {
    // The suites' forum has FORUM_RATE_LIMITS=off, which lifts every limit per address.
    const limited = await startForum({ rateLimits: true });
    try {
      const streams = [];
      for (let i = 0; i < LIVE_LIMITS.perAddress; i++) streams.push(await openEvents(limited.app));
      expect(streams.every((stream) => stream.status === 200)).toBe(true);
      const refused = await openEvents(limited.app);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: LIVE_MESSAGES.tooManyForAddress });
      for (const stream of streams) stream.close();
    } finally {
      await limited.close();
    }
  });

  it("a client that stops reading is dropped instead of buffered for", async () => {
    const { post } = await discussion();
    const slow = await listen({ post: post.id });
    slow.pause();
    const live = forum.app.services.live;
    // Far more than the socket buffers hold: the stream's own buffer passes its limit.
    const votes = Array.from({ length: 20_000 }, (_, i) => ({
      type: "votes" as const,
      postId: post.id,
      replyId: null,
      upvotes: i,
      downvotes: 0,
    }));
    await vi.waitFor(() => {
      live.deliver(votes);
      expect(slow.ended).toBe(true);
    });
  });
});

it("stopping the server ends its streams, so clients reconnect elsewhere", async () => {
  const other = await startForum();
  const post = await insertPost(other.db, {
    authorId: (await insertUser(other.db)).id,
    categoryId: await insertCategory(other.db),
  });
  const stream = await openEvents(other.app, { post: post.id });
  expect(stream.status).toBe(200);
  await other.close();
  expect(stream.ended).toBe(true);
});

describe.runIf(TEST_ENGINE === "postgres")("several instances", () => {
  it("a reply written through one instance reaches a tab on another", async () => {
    const second = await forum.startInstance();
    await vi.waitFor(() => expect(second.services.readCache.enabled).toBe(true), { timeout: 10_000 });
    const { post } = await discussion();
    const onSecond = await listen({ post: post.id }, second);
    const replier = await signedIn(forum);
    const reply = await replier.post(`/api/posts/${post.id}/replies`, { content: "Across instances" });
    const heard = await onSecond.next("reply");
    expect(heard.data).toMatchObject({ replyId: reply.body.id });
  });
});
