// The tRPC door answers GET queries on a direct path (src/plugins/trpcQueries.ts) instead of
// tRPC's stock Fastify handler. Here every query procedure is called both ways, as a visitor and
// as an admin, with a good and a bad input: status and body must be the same.
import { appRouter } from "@forum/api";
import { fastifyRequestHandler } from "@trpc/server/adapters/fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContextFactory } from "../src/plugins/context";
import { procedureNames, procedureType } from "../src/plugins/procedures";
import { insertCategory, insertPost, insertUser, signedIn, startForum, type TestForum } from "./harness";

let forum: TestForum;
let adminCookie: string;
let samples: Record<string, { good: unknown; bad?: unknown }>;

beforeAll(async () => {
  forum = await startForum({
    // tRPC's own handler, as the door would use it without the direct path.
    beforeReady: (app) => {
      const contextFor = createContextFactory(app.services, { secureCookies: false });
      app.get("/stock-trpc/:path", (request, reply) =>
        fastifyRequestHandler({
          router: appRouter,
          createContext: ({ req, res }) => contextFor(req, res),
          req: request,
          res: reply,
          path: (request.params as { path: string }).path,
        }),
      );
    },
  });
  const author = await insertUser(forum.db, { username: "parity_author" });
  const categoryId = await insertCategory(forum.db, "Parity");
  const post = await insertPost(forum.db, { authorId: author.id, categoryId, title: "Parity post" });
  const admin = await signedIn(forum, { role: "admin" });
  adminCookie = admin.jar.cookie ?? "";
  const missingUser = { username: "nobody_here" };
  const webhookId = (
    await admin.post("/api/admin/webhooks", { url: "https://hooks.example.com/parity", events: ["report.created"] })
  ).body.id;
  samples = {
    "categories.list": { good: undefined },
    "categories.bySlug": { good: { slug: "parity" }, bad: { slug: "missing" } },
    "categories.trendingTopics": { good: undefined },
    "posts.list": { good: { sortBy: "new" }, bad: { sortBy: "best" } },
    "posts.cards": { good: { sortBy: "new" }, bad: { sortBy: "best" } },
    "posts.bySlug": { good: { slug: post.slug }, bad: { slug: "missing" } },
    "replies.byPost": { good: { postId: post.id }, bad: { postId: -1 } },
    "users.risingStars": { good: { timeRange: "week" }, bad: { timeRange: "decade" } },
    "users.profile": { good: { username: "parity_author" }, bad: missingUser },
    "users.posts": { good: { username: "parity_author" }, bad: missingUser },
    "users.postCards": { good: { username: "parity_author" }, bad: missingUser },
    "users.replies": { good: { username: "parity_author" }, bad: missingUser },
    "users.preferences": { good: undefined },
    "ads.list": { good: {}, bad: { placement: "nowhere" } },
    "ads.settings": { good: undefined },
    "forumSettings.get": { good: undefined },
    "site.get": { good: undefined },
    "search.posts": { good: { q: "parity" }, bad: { q: "  " } },
    "search.count": { good: { q: "parity" }, bad: { q: "" } },
    "notifications.list": { good: {}, bad: { limit: -1 } },
    "notifications.unreadCount": { good: undefined },
    "readStates.position": { good: { id: post.id }, bad: { id: -1 } },
    "auth.me": { good: undefined },
    "admin.stats": { good: undefined },
    "admin.activity": { good: undefined },
    "admin.recentUsers": { good: undefined },
    "admin.recentPosts": { good: undefined },
    "admin.users": { good: {}, bad: { limit: -5 } },
    "apiTokens.list": { good: undefined },
    "apiTokens.ofUser": { good: { userId: author.id }, bad: { userId: 999_999 } },
    "admin.userStats": { good: undefined },
    "admin.limits": { good: undefined },
    "bulk.columns": { good: undefined },
    "reports.open": { good: undefined },
    "reports.openCount": { good: undefined },
    "mail.status": { good: undefined },
    "mail.outbox": { good: { state: "kept" }, bad: { state: "lost" } },
    "mail.digestSchedule": { good: undefined },
    "webhooks.list": { good: undefined },
    "staffLog.list": { good: { limit: 5 }, bad: { limit: 0 } },
    "staffLog.actors": { good: undefined },
    "backups.list": { good: undefined },
    "sessions.list": { good: undefined },
    "twoStep.status": { good: undefined },
    "dataExport.status": { good: undefined },
    "webhooks.deliveries": { good: { id: webhookId }, bad: { id: 999_999 } },
  };
});
afterAll(() => forum.close());

const queries = procedureNames().filter((name) => procedureType(name) === "query");

/** A post page read counts a view: the count is the one thing two reads may not share. */
function withoutViews(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body), (key, value) => (key === "views" ? undefined : value));
}

async function both(path: string, input: unknown, cookie: string | undefined) {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const headers = cookie ? { cookie } : {};
  const stock = await forum.app.inject({ method: "GET", url: `/stock-trpc/${path}${query}`, headers });
  const direct = await forum.app.inject({ method: "GET", url: `/trpc/${path}${query}`, headers });
  return {
    stock: { status: stock.statusCode, body: withoutViews(stock.json()) },
    direct: { status: direct.statusCode, body: withoutViews(direct.json()) },
  };
}

describe("the direct query path answers as tRPC's own handler", () => {
  it("has a sample input for every query procedure", () => {
    expect(Object.keys(samples).sort()).toEqual([...queries].sort());
  });

  it.each(queries)("%s", async (path) => {
    const sample = samples[path];
    if (!sample) throw new Error(`no sample input for ${path}`);
    const statuses = new Set<number>();
    for (const cookie of [undefined, adminCookie]) {
      for (const input of "bad" in sample ? [sample.good, sample.bad] : [sample.good]) {
        const { stock, direct } = await both(path, input, cookie);
        expect(direct, `${path} ${JSON.stringify(input)} ${cookie ? "admin" : "visitor"}`).toEqual(stock);
        statuses.add(direct.status);
      }
    }
    // Each procedure is seen answering at least once, and a bad input failing.
    expect(statuses.has(200)).toBe(true);
    if ("bad" in sample) expect([...statuses].some((status) => status >= 400)).toBe(true);
  });
});
