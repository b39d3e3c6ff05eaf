// Webhooks (issue 29) against a real HTTP receiver: an event is queued in the transaction of the
// write and delivered signed (the README's own snippet verifies it), retried after a 500 and
// after the receiver was down, delivered once with two instances, refused for private addresses
// (checked after DNS) without the operator's setting, and an endpoint failing for a day is
// disabled. The forum's clock is the test's; the sender is driven by hand.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { WEBHOOK_MESSAGES } from "@forum/contracts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ForumApp } from "../src/app";
import { type Client, client, insertCategory, signedIn, startForum, type TestForum } from "./harness";
import { startReceiver, type TestReceiver } from "./webhookReceiver";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let now = Date.now();
let forum: TestForum;
let strict: ForumApp;
let admin: Client;
let member: Client;
let receiver: TestReceiver;
let categoryId: number;

/** The README's verification snippet, run as a receiver would run it. */
type Verify = (secret: string, headers: object, rawBody: string, toleranceSeconds?: number) => boolean;
function readmeSnippet(): Verify {
  const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
  const section = /<!-- webhook-verify:start -->[\s\S]*?```js\n([\s\S]*?)```[\s\S]*?<!-- webhook-verify:end -->/.exec(
    readme,
  );
  if (!section?.[1]) throw new Error("README.md has no webhook-verify snippet");
  return new Function("require", `${section[1]}\nreturn verifyForumWebhook;`)(createRequire(import.meta.url)) as Verify;
}

beforeAll(async () => {
  forum = await startForum({ clock: () => now, webhooks: { allowHttp: true, allowPrivate: true } });
  // A second instance on the same database with the operator's defaults: https only, public addresses only.
  strict = await forum.startInstance({ webhooks: {} });
  admin = await signedIn(forum, { role: "admin" });
  member = await signedIn(forum);
  categoryId = await insertCategory(forum.db, "Hooks");
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.stop();
  await forum.close();
});
// Writes date their deliveries by the real clock (the writer thread has no other); the forum's
// clock starts each test a minute ahead of it, so what was just queued is due, and moves on from there.
beforeEach(() => {
  now = Date.now() + MINUTE;
});
afterEach(async () => {
  await forum.db.deleteFrom("webhooks").execute();
  receiver.received.length = 0;
  receiver.status = 200;
  receiver.answer = "ok";
});

const sendDue = (app: ForumApp = forum.app) => app.services.webhooks.sender.sendDue();

async function endpoint(events: string[], url = receiver.url) {
  const made = await admin.post("/api/admin/webhooks", { url, events });
  expect(made.status).toBe(201);
  return made.body as { id: number; secret: string };
}
async function newPost(title = "Hooked post") {
  const made = await member.post("/api/posts", { title, content: "Body", categoryId });
  expect(made.status).toBe(201);
  return made.body as { id: number; slug: string; title: string };
}
const deliveries = async (webhookId: number) => (await admin.get(`/api/admin/webhooks/${webhookId}/deliveries`)).body;

describe("endpoints", () => {
  it("an admin adds one: the secret is shown once and kept only sealed", async () => {
    const made = await admin.post("/api/admin/webhooks", {
      url: receiver.url,
      events: ["post.created", "user.created"],
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ url: receiver.url, events: ["post.created", "user.created"], enabled: true });
    expect(made.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const row = await forum.db.selectFrom("webhooks").selectAll().executeTakeFirstOrThrow();
    expect(row.secretSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(made.body.secret);
    const list = await admin.get("/api/admin/webhooks");
    expect(list.body).toEqual([{ ...made.body, secret: undefined }].map(({ secret: _, ...view }) => view));
  });

  it("refuses an address that is not http(s), no events, and anyone but an admin", async () => {
    expect(
      await admin.post("/api/admin/webhooks", { url: "ftp://hooks.example.com", events: ["post.created"] }),
    ).toMatchObject({
      status: 400,
      body: { message: WEBHOOK_MESSAGES.urlInvalid },
    });
    expect(await admin.post("/api/admin/webhooks", { url: receiver.url, events: [] })).toMatchObject({
      status: 400,
      body: { message: WEBHOOK_MESSAGES.eventsRequired },
    });
    expect((await member.post("/api/admin/webhooks", { url: receiver.url, events: ["post.created"] })).status).toBe(
      403,
    );
    expect(await forum.db.selectFrom("webhooks").select("id").execute()).toEqual([]);
  });

  it("without the operator's settings, plain http and private addresses are refused", async () => {
    const strictAdmin = client(strict, admin.jar.cookie);
    const add = (url: string) => strictAdmin.post("/api/admin/webhooks", { url, events: ["post.created"] });
    expect(await add("http://hooks.example.com/in")).toMatchObject({
      status: 400,
      body: { message: WEBHOOK_MESSAGES.httpRefused },
    });
    for (const url of [
      "https://10.0.0.5/in",
      "https://localhost/in",
      "https://[::1]/in",
      "https://169.254.169.254/latest",
    ]) {
      expect(await add(url)).toMatchObject({ status: 400, body: { message: WEBHOOK_MESSAGES.privateRefused } });
    }
    expect((await add("https://hooks.example.com/in")).status).toBe(201);
  });
});

describe("deliveries", () => {
  it("a new post is queued with its write and delivered signed; the README's snippet verifies it", async () => {
    const { id, secret } = await endpoint(["post.created"]);
    const post = await newPost("Signed post");
    // Queued by the post's own transaction: there before any sender ran.
    expect(await deliveries(id)).toMatchObject([{ event: "post.created", state: "queued", attempts: 0 }]);
    expect(await sendDue()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [call] = receiver.received;
    if (!call) throw new Error("no call");
    const [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({ state: "delivered", attempts: 1, lastStatus: 200, lastResponse: "ok" });
    expect(call.headers).toMatchObject({
      "content-type": "application/json",
      "x-forum-event": "post.created",
      "x-forum-delivery": String(delivery.id),
      "x-forum-timestamp": String(Math.floor(now / 1000)),
    });
    const body = JSON.parse(call.body);
    expect(body.event).toBe("post.created");
    expect(Math.abs(Date.parse(body.createdAt) - Date.now())).toBeLessThan(MINUTE);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data).toMatchObject({ id: post.id, slug: post.slug, title: "Signed post", content: "Body" });
    const verify = readmeSnippet();
    expect(verify(secret, call.headers, call.body, Number.POSITIVE_INFINITY)).toBe(true);
    expect(verify("whsec_wrong", call.headers, call.body, Number.POSITIVE_INFINITY)).toBe(false);
    expect(verify(secret, call.headers, call.body.replace("Signed", "Forged"), Number.POSITIVE_INFINITY)).toBe(false);
    // Its default tolerance refuses a delivery replayed much later.
    expect(verify(secret, { ...call.headers, "x-forum-timestamp": "1000" }, call.body)).toBe(false);
  });

  it("sends only the events an endpoint asked for; replies, edits, deletions, members and reports carry their object", async () => {
    const { id: postsOnly } = await endpoint(["post.created"]);
    const { id: everything } = await endpoint([
      "post.updated",
      "post.deleted",
      "reply.created",
      "reply.updated",
      "reply.deleted",
      "user.created",
      "report.created",
    ]);
    const post = await newPost("Lifecycle");
    await member.put(`/api/posts/${post.id}`, { title: "Lifecycle, edited", content: "Body", categoryId });
    const reply = (await member.post(`/api/posts/${post.id}/replies`, { content: "First reply" })).body;
    await member.put(`/api/replies/${reply.id}`, { content: "First reply, edited" });
    const reporter = await signedIn(forum);
    expect((await reporter.post("/api/reports", { postId: post.id, reason: "Spam" })).status).toBe(201);
    await member.del(`/api/replies/${reply.id}`);
    await member.del(`/api/posts/${post.id}`);
    const registered = await client(forum.app).post("/api/register", {
      username: "hooked_member",
      email: "hooked@example.com",
      password: "a long password",
    });
    expect(registered.body).toMatchObject({ username: "hooked_member" });
    await sendDue();
    const sent = receiver.received.map((call) => JSON.parse(call.body));
    expect(sent.map((body) => body.event)).toEqual([
      "post.created",
      "post.updated",
      "reply.created",
      "reply.updated",
      "report.created",
      "reply.deleted",
      "post.deleted",
      "user.created",
    ]);
    const data = Object.fromEntries(sent.map((body) => [body.event, body.data]));
    expect(data["post.updated"]).toMatchObject({ id: post.id, title: "Lifecycle, edited" });
    expect(data["reply.updated"]).toMatchObject({ id: reply.id, content: "First reply, edited" });
    expect(data["reply.deleted"]).toMatchObject({ id: reply.id, content: "First reply, edited" });
    expect(data["post.deleted"]).toMatchObject({ id: post.id, title: "Lifecycle, edited" });
    expect(data["report.created"]).toMatchObject({ postId: post.id, reason: "Spam" });
    expect(data["user.created"]).toMatchObject({ username: "hooked_member" });
    expect(JSON.stringify(data["user.created"])).not.toContain("hooked@example.com");
    expect((await deliveries(postsOnly)).map((row: { event: string }) => row.event)).toEqual(["post.created"]);
    expect(await deliveries(everything)).toHaveLength(7);
  });

  it("retries after a 500 and after the receiver was down, with growing pauses, the same body and delivery id", async () => {
    const { id } = await endpoint(["post.created"]);
    receiver.status = 500;
    receiver.answer = "<b>busy</b>";
    await newPost("Retried");
    await sendDue();
    expect(await deliveries(id)).toMatchObject([
      { state: "queued", attempts: 1, lastStatus: 500, lastResponse: "<b>busy</b>" },
    ]);
    expect((await deliveries(id))[0].lastError).toBe("answered HTTP 500");
    // Not due yet: the first pause is a minute or more.
    expect(await sendDue()).toBe(0);
    now += 2 * MINUTE;
    await receiver.stop();
    expect(await sendDue()).toBe(1);
    const down = (await deliveries(id))[0];
    expect(down).toMatchObject({ state: "queued", attempts: 2, lastStatus: null });
    expect(down.lastError).toMatch(/ECONNREFUSED/);
    now += 5 * MINUTE;
    await receiver.start();
    receiver.status = 200;
    expect(await sendDue()).toBe(1);
    expect(await deliveries(id)).toMatchObject([{ state: "delivered", attempts: 3, lastStatus: 200 }]);
    const [first, last] = receiver.received;
    expect(receiver.received).toHaveLength(2);
    expect(last?.body).toBe(first?.body);
    expect(last?.headers["x-forum-delivery"]).toBe(first?.headers["x-forum-delivery"]);
  });

  it("delivers each event once when two instances send at the same time", async () => {
    const { id } = await endpoint(["post.created"]);
    const other = await forum.startInstance({ webhooks: { allowHttp: true, allowPrivate: true } });
    for (let n = 0; n < 12; n++) await newPost(`Once ${n}`);
    await Promise.all([sendDue(), sendDue(other), sendDue(), sendDue(other)]);
    const ids = receiver.received.map((call) => call.headers["x-forum-delivery"]);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(
      (await deliveries(id)).every(
        (row: { state: string; attempts: number }) => row.state === "delivered" && row.attempts === 1,
      ),
    ).toBe(true);
  });

  it("refuses a private address after DNS (and a literal one) when the setting is off", async () => {
    const port = new URL(receiver.url).port;
    const { id: byName } = await endpoint(["post.created"], `http://localhost:${port}/hook`);
    const { id: literal } = await endpoint(["post.created"], receiver.url);
    await newPost("Private");
    // The strict instance sends: its operator has not allowed private addresses.
    expect(await sendDue(strict)).toBe(2);
    expect(receiver.received).toEqual([]);
    expect((await deliveries(byName))[0].lastError).toMatch(
      /^refused: (127\.0\.0\.1|::1) is a private, loopback or link-local address$/,
    );
    expect((await deliveries(literal))[0].lastError).toBe(
      "refused: 127.0.0.1 is a private, loopback or link-local address",
    );
  });

  it("keeps at most 1 KB of an answer", async () => {
    const { id } = await endpoint(["post.created"]);
    receiver.answer = "x".repeat(5000);
    await newPost("Long answer");
    await sendDue();
    expect((await deliveries(id))[0].lastResponse).toBe("x".repeat(1024));
  });

  it("Send test event pings one endpoint; Redeliver sends the same body as a new delivery", async () => {
    const { id } = await endpoint(["report.created"]);
    expect(await admin.post(`/api/admin/webhooks/${id}/test`)).toMatchObject({
      status: 200,
      body: { message: WEBHOOK_MESSAGES.testQueued },
    });
    await sendDue();
    const [ping] = await deliveries(id);
    expect(ping).toMatchObject({ event: "ping", state: "delivered" });
    expect(JSON.parse(receiver.received[0]?.body ?? "{}")).toMatchObject({ event: "ping", data: { webhookId: id } });
    expect(await admin.post(`/api/admin/webhook-deliveries/${ping.id}/redeliver`)).toMatchObject({
      status: 200,
      body: { message: WEBHOOK_MESSAGES.redeliverQueued },
    });
    await sendDue();
    const [again, first] = receiver.received.slice().reverse();
    expect(again?.body).toBe(first?.body);
    expect(again?.headers["x-forum-delivery"]).not.toBe(first?.headers["x-forum-delivery"]);
    expect(await deliveries(id)).toHaveLength(2);
    expect((await admin.post("/api/admin/webhook-deliveries/999999/redeliver")).status).toBe(404);
    expect((await admin.post("/api/admin/webhooks/999999/test")).status).toBe(404);
  });

  it("disables an endpoint whose deliveries failed for 24 hours, says so, and starts afresh when enabled", async () => {
    const { id } = await endpoint(["post.created"]);
    receiver.status = 503;
    await newPost("Failing");
    await sendDue();
    now += 23 * HOUR;
    await sendDue();
    expect((await admin.get("/api/admin/webhooks")).body[0]).toMatchObject({ enabled: true, disabledReason: null });
    now += 61 * MINUTE;
    await sendDue();
    const [view] = (await admin.get("/api/admin/webhooks")).body;
    expect(view).toMatchObject({ enabled: false, disabledReason: WEBHOOK_MESSAGES.disabledForFailing });
    expect(await deliveries(id)).toMatchObject([{ state: "failed", attempts: 3 }]);
    // Disabled: new events are not queued for it.
    await newPost("While disabled");
    expect(await deliveries(id)).toHaveLength(1);
    const enabled = await admin.put(`/api/admin/webhooks/${id}`, { enabled: true });
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });
});
