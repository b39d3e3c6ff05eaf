// The sitemap and robots.txt (issue 14), checked against the sitemap protocol's rules
// (sitemaps.org): an index of files of at most 50,000 URLs, every address absolute, every URL
// with its lastmod in W3C date-time form; 100,000 posts are two files.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertUser, signedIn, startForum, type TestForum } from "./harness";

const MAX_URLS = 50_000;
const W3C_DATETIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const ORIGIN = "http://forum.test";

let forum: TestForum;
let categoryId: number;
const POSTS = MAX_URLS + 7;
/** The posts' dates: later than the categories were made, so a category's newest post sets its lastmod. */
const BASE = Date.now() + 60_000;

beforeAll(async () => {
  forum = await startForum({ allowedHosts: ["forum.test", "localhost"] });
  categoryId = await insertCategory(forum.db, "Databases");
  await insertCategory(forum.db, "Empty Corner");
  const author = await insertUser(forum.db);
  // More posts than one file holds, in one statement (both engines).
  await sql`
    insert into posts (slug, title, content, excerpt, "categoryId", "authorId", "hotScore", "createdAt", "updatedAt")
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${POSTS})
    select 'bulk-post-' || i, 'Bulk post ' || i, 'Content', null, ${categoryId}, ${author.id}, 0,
           cast(${BASE} as bigint) + i, cast(${BASE + 86_400_000} as bigint) + i
    from n`.execute(forum.db);
});
afterAll(() => forum.close());

const get = (url: string) => forum.app.inject({ method: "GET", url, headers: { host: "forum.test" } });

/** Each <tag>…</tag> of an element kind, with the text of its children by name. */
function entries(xml: string, tag: string): Record<string, string>[] {
  return [...xml.matchAll(new RegExp(`<${tag}>(.*?)</${tag}>`, "gs"))].map((match) =>
    Object.fromEntries(
      [...(match[1] as string).matchAll(/<(\w+)>([^<]*)<\/\1>/g)].map((child) => [child[1], child[2]]),
    ),
  );
}

describe("robots.txt", () => {
  it("keeps crawlers out of the private and machine parts and names the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = res.body.split("\n");
    expect(lines).toContain("User-agent: *");
    for (const path of ["/admin", "/settings", "/api", "/trpc"]) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe("sitemap.xml", () => {
  it("is an index of files, each within the protocol's rules, listing every post and category once", async () => {
    const index = await get("/sitemap.xml");
    expect(index.statusCode).toBe(200);
    expect(index.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(index.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const files = entries(index.body, "sitemap").map((entry) => entry.loc as string);
    expect(files).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/posts-1.xml`,
      `${ORIGIN}/sitemaps/posts-2.xml`,
    ]);

    const urls: Record<string, string>[] = [];
    for (const file of files) {
      const res = await get(file.slice(ORIGIN.length));
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      );
      const inFile = entries(res.body, "url");
      expect(inFile.length).toBeGreaterThan(0);
      expect(inFile.length).toBeLessThanOrEqual(MAX_URLS);
      expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(50 * 1024 * 1024);
      urls.push(...inFile);
    }
    for (const url of urls) {
      expect(url.loc).toMatch(/^http:\/\/forum\.test\/\S+$|^http:\/\/forum\.test\/$/);
      expect(url.lastmod).toMatch(W3C_DATETIME);
    }
    const locations = urls.map((url) => url.loc);
    expect(new Set(locations).size).toBe(locations.length);
    expect(locations.filter((loc) => loc?.startsWith(`${ORIGIN}/posts/`))).toHaveLength(POSTS);
    expect(locations).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/trending`,
        `${ORIGIN}/cats/databases`,
        `${ORIGIN}/cats/empty-corner`,
        `${ORIGIN}/posts/bulk-post-1`,
        `${ORIGIN}/posts/bulk-post-${POSTS}`,
      ]),
    );
    // A post's lastmod is its last change; a category's, its newest post.
    const post = urls.find((url) => url.loc === `${ORIGIN}/posts/bulk-post-3`);
    expect(post?.lastmod).toBe(new Date(BASE + 86_400_000 + 3).toISOString());
    const category = urls.find((url) => url.loc === `${ORIGIN}/cats/databases`);
    expect(category?.lastmod).toBe(new Date(BASE + POSTS).toISOString());
  });

  it("a file past the last answers 404", async () => {
    expect((await get("/sitemaps/posts-3.xml")).statusCode).toBe(404);
    expect((await get("/sitemaps/posts-0.xml")).statusCode).toBe(404);
    expect((await get("/sitemaps/other.xml")).statusCode).toBe(404);
  });

  it("a new post is in the sitemap at once", async () => {
    await get("/sitemaps/posts-2.xml"); // kept now
    const member = await signedIn(forum);
    const created = await member.post("/api/posts", { title: "Newest of all", content: "Body", categoryId });
    expect(created.status).toBe(201);
    expect((await get("/sitemaps/posts-2.xml")).body).toContain(`${ORIGIN}/posts/${created.body.slug}</loc>`);
  });

  it("uses the configured public address", async () => {
    const other = await forum.startInstance({ publicUrl: "https://forum.example.com", allowedHosts: undefined });
    const res = await other.inject({ method: "GET", url: "/sitemap.xml", headers: { host: "10.0.0.5" } });
    expect(res.body).toContain("<loc>https://forum.example.com/sitemaps/pages.xml</loc>");
    const robots = await other.inject({ method: "GET", url: "/robots.txt" });
    expect(robots.body).toContain("Sitemap: https://forum.example.com/sitemap.xml");
  });
});
