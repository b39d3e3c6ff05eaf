// GET /metrics: off by default (no route), and when on, readable only from the allowed
// addresses or with the token; its series are named by route template, never by the address
// asked for, and carry no member's data.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertPost, signedIn, startForum, TEST_ENGINE, type TestForum } from "./harness";

const TOKEN = "metrics-token-9f8e7d6c5b4a";
const OUTSIDER = "203.0.113.9";
const DASHBOARD = new URL("../../../deploy/monitoring/grafana/dashboards/forum.json", import.meta.url);

let forum: TestForum;
beforeAll(async () => {
  forum = await startForum({ metrics: { allow: ["127.0.0.0/8", "::1"], token: TOKEN } });
});
afterAll(() => forum.close());

const scrape = (headers: Record<string, string> = {}, remoteAddress = "127.0.0.1") =>
  forum.app.inject({ method: "GET", url: "/metrics", headers, remoteAddress });

/** The value of one series in the exposition text (undefined when absent). */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split("\n").find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics", () => {
  it("counts requests by route template, status class and door, never by the address asked for", async () => {
    const author = await signedIn(forum, { username: "metrics-author-zq" });
    const categoryId = await insertCategory(forum.db, "Metrics Cat");
    const post = await insertPost(forum.db, { authorId: author.user.id, categoryId, title: "Secret plans xyzzy" });
    // Writes (a post through the API: on SQLite a write procedure on the writer thread), reads
    // of one post twice (the second from the cache), a tRPC read, a page of a list with a query
    // string, and an address no route takes.
    expect(
      (await author.post("/api/posts", { title: "Metrics post", content: "Hello there", categoryId })).status,
    ).toBe(201);
    expect((await author.get(`/api/posts/${post.slug}`)).status).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await forum.app.inject({ url: `/api/posts/${post.slug}` })).statusCode).toBe(200);
    expect((await forum.app.inject({ url: "/api/posts?page=2&sort=new" })).statusCode).toBe(200);
    expect((await forum.app.inject({ url: "/trpc/categories.list" })).statusCode).toBe(200);
    expect((await forum.app.inject({ url: "/api/nothing-here/metrics-author-zq" })).statusCode).toBe(404);

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;

    const requests = (route: string, status: string, door: string) =>
      seriesValue(
        text,
        `forum_http_request_duration_seconds_count{route="${route}",status="${status}",door="${door}"}`,
      );
    expect(requests("/api/posts/:slug", "2xx", "rest")).toBe(3);
    expect(requests("/api/posts", "2xx", "rest")).toBe(2); // the list and the new post
    expect(requests("/trpc/:path", "2xx", "trpc")).toBe(1);
    expect(requests("(unmatched)", "4xx", "other")).toBe(1);
    expect(
      seriesValue(
        text,
        'forum_http_request_duration_seconds_bucket{route="/api/posts/:slug",status="2xx",door="rest",le="+Inf"}',
      ),
    ).toBe(3);
    expect(text).toContain(
      'forum_http_request_duration_seconds_bucket{route="/api/posts/:slug",status="2xx",door="rest",le="0.001"}',
    );

    // No member data, raw address or query string in any label.
    for (const secret of [post.slug, "metrics-author-zq", "xyzzy", "page=2", "sort=new", "nothing-here"]) {
      expect(text).not.toContain(secret);
    }

    expect(seriesValue(text, 'forum_db_query_duration_seconds_count{kind="select"}')).toBeGreaterThan(0);
    expect(seriesValue(text, 'forum_cache_hits_total{cache="bodies"}')).toBeGreaterThan(0);
    expect(seriesValue(text, 'forum_cache_misses_total{cache="bodies"}')).toBeGreaterThan(0);
    expect(seriesValue(text, 'forum_outbox_items{outbox="mail",state="queued"}')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'forum_outbox_items{outbox="webhooks",state="failed"}')).toBe(0);
    expect(seriesValue(text, "forum_live_streams_open")).toBe(0);
    expect(seriesValue(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    if (TEST_ENGINE === "sqlite") {
      // Background work (view counts, mail jobs) may have a statement in flight.
      expect(seriesValue(text, "forum_db_writer_queue")).toBeGreaterThanOrEqual(0);
      expect(seriesValue(text, "forum_db_group_commit_size_count")).toBeGreaterThanOrEqual(1);
      expect(seriesValue(text, 'forum_db_group_commit_size_bucket{le="+Inf"}')).toBe(
        seriesValue(text, "forum_db_group_commit_size_count"),
      );
    } else {
      expect(seriesValue(text, 'forum_db_pool_connections{state="max"}')).toBe(5);
      // The scrape's own outbox counts may be waiting for a connection as the pool is read.
      expect(seriesValue(text, "forum_db_pool_waiting")).toBeGreaterThanOrEqual(0);
      const open =
        (seriesValue(text, 'forum_db_pool_connections{state="in_use"}') ?? -1) +
        (seriesValue(text, 'forum_db_pool_connections{state="idle"}') ?? -1);
      expect(open).toBeGreaterThan(0);
      expect(open).toBeLessThanOrEqual(5);
    }
  });

  it("has every series the deploy/ dashboard graphs", async () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, "utf8")) as { panels: Array<{ targets: { expr: string }[] }> };
    const graphed = new Set(
      dashboard.panels.flatMap((panel) =>
        panel.targets.flatMap((target) => target.expr.match(/\b[a-z][a-z0-9]*_[a-z0-9_]+\b(?=[{[)]|$)/g) ?? []),
      ),
    );
    // A request measured, with its statements, before the scrape.
    expect((await forum.app.inject({ url: "/api/posts?page=3" })).statusCode).toBe(200);
    const text = (await scrape()).body;
    // Each engine has its own: the SQLite writer's, or the PostgreSQL pool's.
    const otherEngine = TEST_ENGINE === "sqlite" ? /^forum_db_pool_/ : /^forum_db_(writer_queue|group_commit_)/;
    const missing = [...graphed].filter(
      (name) => !otherEngine.test(name) && !new RegExp(`^${name}[{ ]`, "m").test(text),
    );
    expect(graphed.size).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it("answers another address only with the token, and 404 as if it did not exist otherwise", async () => {
    const refused = await scrape({}, OUTSIDER);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain("forum_");
    expect((await scrape({ authorization: "Bearer wrong-token-0000000000" }, OUTSIDER)).statusCode).toBe(404);
    expect((await scrape({ authorization: TOKEN }, OUTSIDER)).statusCode).toBe(404);
    const withToken = await scrape({ authorization: `Bearer ${TOKEN}` }, OUTSIDER);
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain("forum_http_request_duration_seconds");
  });

  it("answers a scraper naming the instance by another host than the forum's", async () => {
    const response = await scrape({ host: "app1:3000" });
    expect(response.statusCode).toBe(200);
    expect((await forum.app.inject({ url: "/api/health", headers: { host: "app1:3000" } })).statusCode).toBe(400);
  });

  it("judges a client behind a trusted proxy by its own address, not the proxy's", async () => {
    const behindProxy = await forum.startInstance({ trustProxy: true });
    const through = (forwardedFor: string) =>
      behindProxy.inject({ url: "/metrics", remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": forwardedFor } });
    expect((await through(OUTSIDER)).statusCode).toBe(404);
    expect((await through("127.0.0.1")).statusCode).toBe(200);
  });
});

describe("metrics off (the default)", () => {
  it("has no /metrics route at all", async () => {
    const plain = await startForum();
    try {
      const response = await plain.app.inject({ url: "/metrics" });
      expect(response.statusCode).toBe(404);
      expect(plain.app.hasRoute({ method: "GET", url: "/metrics" })).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
