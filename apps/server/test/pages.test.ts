// Server-rendered pages (issue 14), fetched as a crawler or a browser without JavaScript would:
// each public page's HTML holds its content, its own title, description, canonical link, link
// preview tags and (post pages) JSON-LD; unknown and missing pages answer 404 with the spec's
// screen; a visitor's page is kept until the next write; members get their own page.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexStylesheet, usedRules } from "../../web/src/server/criticalCss";
import { client, insertCategory, insertPost, insertUser, signedIn, startForum, type TestForum } from "./harness";
import { requireWebBuild } from "./webBuild";

let forum: TestForum;
let post: { id: number; slug: string; title: string };
let categoryId: number;

beforeAll(async () => {
  forum = await startForum({ webDistDir: requireWebBuild(), allowedHosts: ["forum.test", "localhost"] });
  categoryId = await insertCategory(forum.db, "Databases");
  const member = await signedIn(forum, { username: "ada_l" });
  const created = await member.post("/api/posts", {
    title: "Indexes & <joins> explained",
    content: "Why a **covering index** answers a query alone.\n\nSecond paragraph.",
    excerpt: "A covering index, explained in one page.",
    categoryId,
  });
  expect(created.status).toBe(201);
  post = created.body;
  const replier = await signedIn(forum, { username: "grace_h" });
  for (const content of ["First reply here.", "Second reply, with a </script> in it."]) {
    expect((await replier.post(`/api/posts/${post.id}/replies`, { content })).status).toBe(201);
  }
});
afterAll(() => forum.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  forum.app.inject({ method: "GET", url, headers: { host: "forum.test", ...headers } });

function headOf(html: string) {
  const attribute = (pattern: RegExp) => html.match(pattern)?.[1];
  return {
    title: attribute(/<title>([^<]*)<\/title>/),
    description: attribute(/<meta name="description" content="([^"]*)"/),
    canonical: attribute(/<link rel="canonical" href="([^"]*)"/),
    ogTitle: attribute(/<meta property="og:title" content="([^"]*)"/),
    ogDescription: attribute(/<meta property="og:description" content="([^"]*)"/),
    ogUrl: attribute(/<meta property="og:url" content="([^"]*)"/),
    twitterCard: attribute(/<meta name="twitter:card" content="([^"]*)"/),
    robots: attribute(/<meta name="robots" content="([^"]*)"/),
  };
}

/** The page's content: what is inside #root, tags stripped. */
function textOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json"');
  return html
    .slice(start, end)
    .replace(/<style[^>]*>[^<]*<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

function jsonLdOf(html: string) {
  const match = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
  return match ? JSON.parse(match[1] as string) : undefined;
}

function pageDataOf(html: string): [unknown[], unknown, unknown?][] {
  const match = html.match(/<script type="application\/json" id="forum-data">(.*?)<\/script>/s);
  if (!match) throw new Error("no page data");
  return JSON.parse(match[1] as string);
}

describe("public pages as HTML", () => {
  it("the home page lists the posts, with its own head", async () => {
    const res = await page("/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(textOf(res.body)).toContain("Latest Discussions");
    expect(textOf(res.body)).toContain("Indexes & <joins> explained");
    expect(textOf(res.body)).toContain("Databases");
    expect(headOf(res.body)).toMatchObject({
      title: "Latest Discussions - Tech Forum",
      description: "A community forum for technology discussions.",
      canonical: "http://forum.test/",
      ogUrl: "http://forum.test/",
      twitterCard: "summary",
      robots: undefined,
    });
    // The browser hydrates from this data instead of asking for it again: the feed's cards, the
    // posts without their text (posts.cards), which a card never shows.
    const data = pageDataOf(res.body);
    const list = (data.find(([key]) => JSON.stringify(key[0]) === '["posts","cards"]')?.[1] ?? []) as {
      title: string;
      summary: string;
    }[];
    expect(list.map((item) => item.title)).toContain(post.title);
    expect(list.every((item) => item.summary !== undefined && !("content" in item))).toBe(true);
    expect(data.find(([key]) => JSON.stringify(key[0]) === '["auth","me"]')?.[1]).toBeNull();
  });

  it("a post page shows the post and its replies, with its excerpt as description and JSON-LD", async () => {
    const res = await page(`/posts/${post.slug}`);
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain("Indexes & <joins> explained");
    expect(text).toContain("Why a covering index answers a query alone.");
    expect(text).toContain("First reply here.");
    expect(text).toContain("2 Replies");
    const url = `http://forum.test/posts/${post.slug}`;
    expect(headOf(res.body)).toMatchObject({
      title: "Indexes &amp; &lt;joins&gt; explained - Tech Forum",
      description: "A covering index, explained in one page.",
      canonical: url,
      ogTitle: "Indexes &amp; &lt;joins&gt; explained - Tech Forum",
      ogDescription: "A covering index, explained in one page.",
    });
    expect(res.body).toContain('<meta property="og:type" content="article" />');
    const jsonLd = jsonLdOf(res.body);
    expect(jsonLd).toMatchObject({
      "@context": "https://schema.org",
      "@type": "DiscussionForumPosting",
      headline: "Indexes & <joins> explained",
      url,
      // Plain text: the Markdown stripped, paragraphs joined.
      text: "Why a covering index answers a query alone. Second paragraph.",
      author: { "@type": "Person", name: "ada_l", url: "http://forum.test/u/ada_l" },
      articleSection: "Databases",
    });
    expect(jsonLd.datePublished).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(jsonLd.comment).toHaveLength(2);
    expect(jsonLd.comment[1]).toMatchObject({
      "@type": "Comment",
      text: "Second reply, with a </script> in it.",
      author: { name: "grace_h" },
    });
    // No reply text can close the script element it is in.
    expect(res.body.match(/<\/script>/g)?.length).toBe(res.body.match(/<script/g)?.length);
  });

  it("a post page without an excerpt is described by the start of its content", async () => {
    const member = await signedIn(forum);
    const long = "Word ".repeat(60).trim();
    const created = await member.post("/api/posts", { title: "No excerpt", content: long, categoryId });
    const res = await page(`/posts/${created.body.slug}`);
    expect(headOf(res.body).description).toBe(`${long.slice(0, 150)}...`);
  });

  it("a category page lists its posts and is described by its description", async () => {
    const res = await page("/cats/databases");
    expect(res.statusCode).toBe(200);
    expect(textOf(res.body)).toContain("Indexes & <joins> explained");
    expect(headOf(res.body)).toMatchObject({
      title: "Databases - Tech Forum",
      description: "About Databases",
      canonical: "http://forum.test/cats/databases",
    });
  });

  it("a profile page shows the member and their posts", async () => {
    const res = await page("/u/ada_l");
    expect(res.statusCode).toBe(200);
    expect(textOf(res.body)).toContain("ada_l");
    expect(textOf(res.body)).toContain("Indexes & <joins> explained");
    expect(headOf(res.body)).toMatchObject({
      title: "ada_l - Tech Forum",
      canonical: "http://forum.test/u/ada_l",
    });
    expect(headOf(res.body).description).toMatch(/^ada_l on Tech Forum: \d+ posts, \d+ replies\.$/);
  });

  it("the trending page and the login screen have their titles; login is not for search engines", async () => {
    const trending = await page("/trending");
    expect(trending.statusCode).toBe(200);
    expect(headOf(trending.body).title).toBe("Trending Discussions - Tech Forum");
    expect(textOf(trending.body)).toContain("Trending Discussions");
    const login = await page("/login");
    expect(login.statusCode).toBe(200);
    expect(headOf(login.body)).toMatchObject({ title: "Login - Tech Forum", robots: "noindex" });
    expect(textOf(login.body)).toContain("Join the discussion");
    const register = await page("/auth?tab=register");
    expect(headOf(register.body).title).toBe("Register - Tech Forum");
  });

  it.each([
    ["/no/such/page", "404 Page Not Found"],
    ["/posts/no-such-post", "Post not found"],
    ["/cats/no-such-category", "Category not found"],
    ["/u/no_such_user", "User not found"],
  ])("%s answers 404 with the not-found screen", async (url, screen) => {
    const res = await page(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(textOf(res.body)).toContain(screen);
    expect(headOf(res.body)).toMatchObject({ title: `${screen} - Tech Forum`, robots: "noindex" });
  });

  it("carries the policy that allows its two inline scripts, and no other", async () => {
    const res = await page("/");
    // The colour scheme's, and the one that holds taps until the app is live (issue 26).
    const inline = [...res.body.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([^<]*)<\/script>/g)];
    expect(inline).toHaveLength(2);
    const { createHash } = await import("node:crypto");
    const hashes = inline.map(
      (script) =>
        `'sha256-${createHash("sha256")
          .update(script[1] as string)
          .digest("base64")}'`,
    );
    expect(res.headers["content-security-policy"]).toContain(`script-src 'self' ${hashes.join(" ")};`);
    expect(res.headers["x-frame-options"]).toBe("DENY");
  });

  it("names the page's own chunks for preloading", async () => {
    const res = await page(`/posts/${post.slug}`);
    const preloads = [...res.body.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads.some((href) => /\/assets\/PostPage-[\w-]+\.js$/.test(href as string))).toBe(true);
    for (const href of preloads) expect((await page(href as string)).statusCode).toBe(200);
    // The rules the page uses come inside it (no request before the first paint); the whole
    // stylesheet is linked for later, as print-only until the app applies it.
    const inlined = res.body.match(/<style data-href="(\/assets\/index-[\w-]+\.css)">(.*?)<\/style>/s);
    const href = inlined?.[1] as string;
    const whole = (await page(href)).body;
    const used = inlined?.[2] as string;
    expect(used.length).toBeGreaterThan(1000);
    expect(used.length).toBeLessThan(whole.length / 2);
    expect(used.startsWith(":root,:host{")).toBe(true);
    expect(res.body).toContain(`<link rel="stylesheet" href="${href}" media="print" data-full-stylesheet />`);
    expect(res.body.match(/rel="stylesheet"/g)).toHaveLength(1);
    // The built stylesheet is read rule by rule without losing a character (but its last line break).
    const sheet = indexStylesheet(whole);
    const everyClass = [...sheet.classes].map((name) => `<i class="${name}"></i>`).join("");
    const everyVariable = `<i style="${[...sheet.customProperties].map((name) => `--x:var(${name})`).join(";")}"></i>`;
    expect(usedRules(sheet, everyClass + everyVariable)).toBe(whole.trimEnd());
    // The post's formatted text stays the server's HTML in the browser (issue 26): the Markdown
    // renderer's chunk is not preloaded, its styles are inside.
    expect(preloads.some((href) => /\/assets\/Markdown-[\w-]+\.js$/.test(href as string))).toBe(false);
    const markdownStyles = res.body.match(/<style data-href="(\/assets\/Markdown-[\w-]+\.css)">(.*?)<\/style>/s);
    expect(markdownStyles?.[2]).toBe((await page(markdownStyles?.[1] as string)).body);
  });

  it("never serves the server render itself as a file", async () => {
    const res = await page("/server/entry-server.mjs");
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("createPageRenderer");
  });
});

describe("kept for visitors, like the JSON reads", () => {
  it("answers brotli and gzip, the same page", async () => {
    const plain = await page("/trending");
    const br = await page("/trending", { "accept-encoding": "br, gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(plain.body);
    const gzip = await page("/trending", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString("utf8")).toBe(plain.body);
    expect(plain.headers.vary).toContain("accept-encoding");
  });

  it("a visitor's page is kept: a row written behind the API's back does not show until the next write", async () => {
    expect(textOf((await page("/")).body)).not.toContain("Written behind its back");
    await insertPost(forum.db, {
      authorId: (await insertUser(forum.db)).id,
      categoryId,
      title: "Written behind its back",
    });
    expect(textOf((await page("/")).body)).not.toContain("Written behind its back"); // the kept page
    const member = await signedIn(forum, { username: "writer_w" });
    expect((await member.post(`/api/posts/${post.id}/replies`, { content: "Any write" })).status).toBe(201);
    expect(textOf((await page("/")).body)).toContain("Written behind its back");
  });

  it("visitors asking at once get the same page, and each visit is a view", async () => {
    const views = async () => (await client(forum.app).get(`/api/posts/${post.slug}`)).body.views as number;
    const member = await signedIn(forum);
    await member.post(`/api/posts/${post.id}/replies`, { content: "Drops the kept pages" });
    const before = await views();
    const pages = await Promise.all(Array.from({ length: 5 }, () => page(`/posts/${post.slug}`)));
    expect(pages.every((res) => res.statusCode === 200)).toBe(true);
    expect(new Set(pages.map((res) => textOf(res.body))).size).toBe(1);
    expect(await views()).toBe(before + 6);
  });

  it("a new post shows on the next visit to the home page", async () => {
    const before = await page("/");
    expect((await page("/")).body).toBe(before.body); // kept
    const member = await signedIn(forum);
    const created = await member.post("/api/posts", { title: "Fresh from the press", content: "New", categoryId });
    expect(created.status).toBe(201);
    expect(textOf((await page("/")).body)).toContain("Fresh from the press");
  });

  it("a vote shows on the next visit to the post page: votes drop the kept pages", async () => {
    const upvotesIn = async () => {
      const entries = pageDataOf((await page(`/posts/${post.slug}`)).body);
      const shown = entries.map(([, data]) => data as { slug?: string; upvotes?: number });
      return shown.find((data) => data?.slug === post.slug)?.upvotes;
    };
    const before = await upvotesIn();
    expect(await upvotesIn()).toBe(before); // kept
    const voter = await signedIn(forum);
    expect((await voter.post("/api/votes", { type: "upvote", postId: post.id })).status).toBe(200);
    expect(await upvotesIn()).toBe((before ?? 0) + 1);
  });

  it("a new reply shows on the next visit to the post page, and the view is counted on every visit", async () => {
    const views = async () => (await client(forum.app).get(`/api/posts/${post.slug}`)).body.views as number;
    await page(`/posts/${post.slug}`);
    const before = await views();
    await page(`/posts/${post.slug}`); // a kept page still counts its view
    expect(await views()).toBe(before + 2);
    const replier = await signedIn(forum);
    expect((await replier.post(`/api/posts/${post.id}/replies`, { content: "A third voice." })).status).toBe(201);
    expect(textOf((await page(`/posts/${post.slug}`)).body)).toContain("A third voice.");
  });
});

describe("members", () => {
  it("get their own page: their account in the header and in the page's data, never kept", async () => {
    const member = await signedIn(forum, { username: "linus_t" });
    const res = await page("/", { cookie: member.jar.cookie as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    expect(res.body).toContain('href="/u/linus_t"');
    expect(textOf(res.body)).toContain("Logout");
    const me = pageDataOf(res.body).find(([key]) => JSON.stringify(key[0]) === '["auth","me"]')?.[1];
    expect(me).toMatchObject({ username: "linus_t" });
    // A visitor's page right after is not that member's.
    const visitor = await page("/");
    expect(visitor.body).not.toContain('href="/u/linus_t"');
    expect(textOf(visitor.body)).toContain("Login");
  });

  it("their own vote is in the post page", async () => {
    const voter = await signedIn(forum);
    expect((await voter.post("/api/votes", { type: "upvote", postId: post.id })).status).toBe(200);
    const res = await page(`/posts/${post.slug}`, { cookie: voter.jar.cookie as string });
    expect(res.body).toMatch(/aria-label="Upvote"[^>]*aria-pressed="true"|aria-pressed="true"[^>]*aria-label="Upvote"/);
  });

  it("a page rendered for one member, then for another and a visitor, shows each their own (its queries are learned, never its answers)", async () => {
    const voter = await signedIn(forum, { username: "first_reader" });
    const other = await signedIn(forum, { username: "second_reader" });
    expect((await voter.post("/api/votes", { type: "upvote", postId: post.id })).status).toBe(200);
    const url = `/posts/${post.slug}`;
    const upvoted = /aria-label="Upvote"[^>]*aria-pressed="true"|aria-pressed="true"[^>]*aria-label="Upvote"/;
    const meOf = (html: string) => pageDataOf(html).find(([key]) => JSON.stringify(key[0]) === '["auth","me"]')?.[1];
    // The first member's render teaches the page's queries; the next renders fetch them at once.
    const first = await page(url, { cookie: voter.jar.cookie as string });
    expect(first.body).toMatch(upvoted);
    const second = await page(url, { cookie: other.jar.cookie as string });
    expect(meOf(second.body)).toMatchObject({ username: "second_reader" });
    expect(second.body).not.toMatch(upvoted);
    expect(second.body).not.toContain("first_reader");
    const visitor = await page(url);
    expect(textOf(visitor.body)).toContain("Login");
    expect(visitor.body).not.toMatch(upvoted);
    // A write between two renders shows in the next one: answers are fetched again every time.
    expect((await other.post("/api/votes", { type: "upvote", postId: post.id })).status).toBe(200);
    expect((await page(url, { cookie: other.jar.cookie as string })).body).toMatch(upvoted);
    // And the first member's page is still theirs.
    expect(meOf((await page(url, { cookie: voter.jar.cookie as string })).body)).toMatchObject({
      username: "first_reader",
    });
  });

  it("the admin area is client-rendered, with the user in the page", async () => {
    const admin = await signedIn(forum, { role: "admin" });
    const res = await page("/admin/ads", { cookie: admin.jar.cookie as string });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(pageDataOf(res.body)[0]?.[1]).toMatchObject({ username: admin.user.username, role: "admin" });
  });
});

describe("the public address", () => {
  it("FORUM_PUBLIC_URL names the canonical address whatever host the request used", async () => {
    const other = await forum.startInstance({ publicUrl: "https://forum.example.com", allowedHosts: undefined });
    for (const host of ["10.0.0.5:3000", "evil.example"]) {
      const res = await other.inject({ method: "GET", url: "/cats/databases", headers: { host } });
      expect(headOf(res.body).canonical).toBe("https://forum.example.com/cats/databases");
      expect(headOf(res.body).ogUrl).toBe("https://forum.example.com/cats/databases");
      expect(res.body).not.toContain(host);
    }
  });
});
