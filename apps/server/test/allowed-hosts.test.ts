// The Host header is not trusted (issue 25): without FORUM_PUBLIC_URL the forum answers only the
// host names it is configured for (by default this machine's own) and refuses any other with 400
// before anything reads it, so a forged host never reaches a link, the sitemap or robots.txt.
// With FORUM_PUBLIC_URL every absolute address comes from it, whatever the request's host.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startForum, type TestForum } from "./harness";

const UNKNOWN_HOST = {
  message:
    "This forum does not answer to that host name. Its operator can list it in FORUM_ALLOWED_HOSTS or set FORUM_PUBLIC_URL.",
};

let forum: TestForum;
beforeAll(async () => {
  forum = await startForum();
});
afterAll(() => forum.close());

const get = (app: TestForum["app"], url: string, headers: Record<string, string>) =>
  app.inject({ method: "GET", url, headers });

describe("the Host header, without FORUM_PUBLIC_URL", () => {
  it("serves this machine's own names, with or without port, in any case", async () => {
    for (const host of [
      "localhost",
      "localhost:3000",
      "LOCALHOST:3000",
      "localhost.:80",
      "127.0.0.1:3000",
      "[::1]:3000",
    ]) {
      const res = await get(forum.app, "/api/categories", { host });
      expect(res.statusCode, host).toBe(200);
    }
  });

  it("refuses any other host, and malformed ones, with 400 on every door", async () => {
    const hosts = [
      "evil.example",
      "evil.example:3000",
      "localhost.evil.example",
      "evil.example/localhost",
      "evil@localhost",
      "localhost:3000@evil.example",
      "localhost evil",
      "0x7f000001",
    ];
    for (const host of hosts) {
      for (const url of ["/robots.txt", "/sitemap.xml", "/api/categories", "/trpc/categories.list", "/"]) {
        const res = await get(forum.app, url, { host });
        expect(res.statusCode, `${host} ${url}`).toBe(400);
        expect(res.json(), `${host} ${url}`).toEqual(UNKNOWN_HOST);
      }
    }
    // A write is refused before it is looked at.
    const write = await forum.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { host: "evil.example", origin: "http://evil.example" },
      payload: { username: "nobody", password: "nothing" },
    });
    expect(write.statusCode).toBe(400);
    expect(write.json()).toEqual(UNKNOWN_HOST);
  });

  it("serves the names it is configured for (FORUM_ALLOWED_HOSTS) and only those", async () => {
    const other = await forum.startInstance({ allowedHosts: ["forum.test", "10.0.0.5"] });
    const robots = await get(other, "/robots.txt", { host: "forum.test" });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain("Sitemap: http://forum.test/sitemap.xml");
    expect((await get(other, "/api/categories", { host: "10.0.0.5:3000" })).statusCode).toBe(200);
    expect((await get(other, "/api/categories", { host: "localhost" })).statusCode).toBe(400);
  });

  it("checks the host a trusted proxy forwarded, which is the one links would name", async () => {
    const proxied = await forum.startInstance({ trustProxy: true });
    const forged = await get(proxied, "/robots.txt", { host: "localhost", "x-forwarded-host": "evil.example" });
    expect(forged.statusCode).toBe(400);
    const forwarded = await get(proxied, "/robots.txt", { host: "10.0.0.9", "x-forwarded-host": "localhost:3000" });
    expect(forwarded.statusCode).toBe(200);
    expect(forwarded.body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });
});

describe("the Host header, with FORUM_PUBLIC_URL", () => {
  it("serves any host, and every absolute address comes from the public one", async () => {
    const other = await forum.startInstance({ publicUrl: "https://forum.example.com" });
    for (const url of ["/robots.txt", "/sitemap.xml", "/sitemaps/pages.xml"]) {
      const res = await get(other, url, { host: "evil.example" });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("https://forum.example.com/");
      expect(res.body, url).not.toContain("evil.example");
    }
  });

  it("still checks the host when FORUM_ALLOWED_HOSTS is set too", async () => {
    const other = await forum.startInstance({
      publicUrl: "https://forum.example.com",
      allowedHosts: ["forum.example.com", "10.0.0.5"],
    });
    expect((await get(other, "/api/categories", { host: "forum.example.com" })).statusCode).toBe(200);
    expect((await get(other, "/api/categories", { host: "evil.example" })).statusCode).toBe(400);
  });
});
