// The typed client against a listening server, and the two doors answering the same bodies.
import type { AddressInfo } from "node:net";
import { totpCode, totpStepAt } from "@forum/api";
import { type AppRouter, createForumClient, needsSecondStep, TRPCClientError } from "@forum/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, insertCategory, insertPost, insertUser, startForum, type TestForum } from "./harness";

let forum: TestForum;
let baseUrl: string;
let categoryId: number;
let postSlug: string;
let author: { id: number; username: string; password: string };

beforeAll(async () => {
  forum = await startForum();
  await forum.app.listen({ host: "127.0.0.1", port: 0 });
  baseUrl = `http://127.0.0.1:${(forum.app.server.address() as AddressInfo).port}`;
  author = await insertUser(forum.db, { username: "typed_author", password: "typed-password" });
  categoryId = await insertCategory(forum.db, "Typed");
  postSlug = (await insertPost(forum.db, { authorId: author.id, categoryId, title: "Typed post" })).slug;
});
afterAll(() => forum.close());

/** A client outside the browser keeps the session cookie itself. */
function nodeClient() {
  let cookie = "";
  return createForumClient({
    url: baseUrl,
    headers: (): Record<string, string> => (cookie ? { cookie } : {}),
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const setCookie = response.headers.get("set-cookie");
      if (setCookie) cookie = setCookie.split(";")[0] ?? "";
      return response;
    },
  });
}

describe("typed client", () => {
  it("signs in with a second step when the account has two-step sign-in on", async () => {
    const member = await insertUser(forum.db, { username: "typed_two_step", password: "typed-password" });
    const setUp = nodeClient();
    await setUp.auth.login.mutate({ username: member.username, password: member.password });
    const { secret } = await setUp.twoStep.setup.mutate();
    const codeAt = (at: number) => totpCode(secret, totpStepAt(at));
    await setUp.twoStep.enable.mutate({ code: codeAt(Date.now()) });

    const later = nodeClient();
    const answer = await later.auth.login.mutate({ username: member.username, password: member.password });
    if (!needsSecondStep(answer)) throw new Error("the password alone signed in");
    // The next step's code: later than the one just used, and inside the server's one-step
    // drift window whichever side of a step boundary its clock reads.
    const me = await later.auth.secondStep.mutate({ challenge: answer.challenge, code: codeAt(Date.now() + 30_000) });
    expect(me.username).toBe("typed_two_step");
    expect((await later.auth.me.query()).username).toBe("typed_two_step");
  });

  it("reads, signs in, writes and votes over HTTP", async () => {
    const forumClient = nodeClient();
    const categories = await forumClient.categories.list.query();
    expect(categories.map((c) => c.name)).toContain("Typed");

    const me = await forumClient.auth.login.mutate({ username: "typed_author", password: "typed-password" });
    if (needsSecondStep(me)) throw new Error("typed_author has no second step");
    expect(me.username).toBe("typed_author");

    const created = await forumClient.posts.create.mutate({
      title: "From the client",
      content: "Typed body",
      categoryId,
    });
    expect(created.slug).toBe("from-the-client");
    const vote = await forumClient.votes.cast.mutate({ type: "upvote", postId: created.id });
    expect(vote).toEqual({ postId: created.id, replyId: null, upvotes: 1, downvotes: 0, votes: 1, myVote: "up" });

    const read = await forumClient.posts.bySlug.query({ slug: "from-the-client" });
    expect(read).toMatchObject({
      title: "From the client",
      votes: 1,
      myVote: "up",
      author: { username: "typed_author" },
    });
  });

  it("reports errors with the REST message and HTTP status", async () => {
    const visitor = nodeClient();
    const error = await visitor.posts.create.mutate({ title: "x", content: "y", categoryId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    const clientError = error as TRPCClientError<AppRouter>;
    expect(clientError.message).toBe("You must be logged in to do that");
    expect(clientError.data?.httpStatus).toBe(401);

    const missing = await visitor.posts.bySlug.query({ slug: "no-such-post" }).catch((e: unknown) => e);
    expect((missing as TRPCClientError<AppRouter>).message).toBe("Post not found");
  });

  it("answers validation errors with the spec's message", async () => {
    const member = nodeClient();
    await member.auth.login.mutate({ username: "typed_author", password: "typed-password" });
    const error = await member.posts.create.mutate({ title: " ", content: "y", categoryId }).catch((e: unknown) => e);
    expect((error as TRPCClientError<AppRouter>).message).toBe("Please fill in all required fields");
  });
});

describe("both doors answer the same body for the same read", () => {
  const reads: Array<[string, string, (c: ReturnType<typeof nodeClient>) => Promise<unknown>]> = [
    ["posts list", "/api/posts?sortBy=new&limit=5", (c) => c.posts.list.query({ sortBy: "new", limit: 5 })],
    ["categories", "/api/categories", (c) => c.categories.list.query()],
    ["category", "/api/categories/typed", (c) => c.categories.bySlug.query({ slug: "typed" })],
    ["trending topics", "/api/trending-topics", (c) => c.categories.trendingTopics.query()],
    ["profile", "/api/users/typed_author", (c) => c.users.profile.query({ username: "typed_author" })],
    ["profile posts", "/api/users/typed_author/posts", (c) => c.users.posts.query({ username: "typed_author" })],
    ["profile replies", "/api/users/typed_author/replies", (c) => c.users.replies.query({ username: "typed_author" })],
    ["ads", "/api/ads", (c) => c.ads.list.query({})],
    ["ad settings", "/api/ad-settings", (c) => c.ads.settings.query()],
  ];
  // The view counted by the first suite is written in the background: written before the
  // comparisons, it cannot land between a read by one door and the same read by the other.
  beforeAll(() => forum.app.services.views.flush());
  for (const [name, path, viaTrpc] of reads) {
    it(name, async () => {
      const rest = await client(forum.app).get(path);
      expect(rest.status).toBe(200);
      // Lists show view counts up to a minute old (each door's answer may be kept at a different
      // moment), so views are not compared.
      expect(withoutViews(await viaTrpc(nodeClient()))).toEqual(withoutViews(rest.body));
    });
  }

  it("replies of a post", async () => {
    const post = await client(forum.app).get(`/api/posts/${postSlug}`);
    const rest = await client(forum.app).get(`/api/posts/${post.body.id}/replies`);
    expect(await nodeClient().replies.byPost.query({ postId: post.body.id })).toEqual(rest.body);
  });
});

function withoutViews(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body), (key, value) => (key === "views" ? undefined : value));
}

describe("typed client with an API token", () => {
  it("is the token's member on every call, and reads the refusals of a read-only or revoked token", async () => {
    const browser = client(forum.app);
    await browser.post("/api/login", { username: "typed_author", password: "typed-password" });
    const made = async (scope: "read" | "write") =>
      (await browser.post("/api/users/me/tokens", { name: `typed ${scope}`, scope, expiresInDays: "90" })).body as {
        id: number;
        token: string;
      };
    const writer = await made("write");
    const script = createForumClient({ url: baseUrl, token: writer.token });
    expect((await script.auth.me.query()).username).toBe("typed_author");
    const post = await script.posts.create.mutate({ title: "By token", content: "Scripted", categoryId });
    expect(post.slug).toBe("by-token");

    const reader = createForumClient({ url: baseUrl, token: (await made("read")).token });
    const refused = await reader.votes.cast.mutate({ type: "upvote", postId: post.id }).catch((error) => error);
    expect(refused).toBeInstanceOf(TRPCClientError);
    expect(refused.data?.httpStatus).toBe(403);

    await browser.del(`/api/users/me/tokens/${writer.id}`);
    const revoked = await script.auth.me.query().catch((error) => error);
    expect(revoked).toBeInstanceOf(TRPCClientError);
    expect(revoked.message).toBe("This API token has been revoked");
  });
});
