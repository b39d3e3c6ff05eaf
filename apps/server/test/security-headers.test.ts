// Security headers: every HTML page carries the forum's Content-Security-Policy, may not be
// framed and sends a shortened Referer; every response says nosniff; HSTS only over HTTPS.
// HTML ads are documents of their own with their own, sandboxing policy.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERENCE_CSP } from "../src/openapi/reference";
import { AD_FRAME_CSP } from "../src/plugins/adFrame";
import { PAGE_CSP } from "../src/plugins/securityHeaders";
import { startForum, type TestForum } from "./harness";

const PAGE = "<!doctype html><div id=root></div><script type=module src=/assets/app.js></script>";
let dist: string;
let forum: TestForum;
let https: TestForum;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "forum-headers-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), PAGE);
  writeFileSync(join(dist, "index.html.br"), brotliCompressSync(PAGE));
  writeFileSync(join(dist, "assets", "app.js"), "console.log(1)");
  forum = await startForum({ webDistDir: dist });
  https = await startForum({ webDistDir: dist, secureCookies: true });
});
afterAll(async () => {
  await forum.close();
  await https.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (
  app: TestForum["app"],
  url: string,
  headers: Record<string, string> = {},
  method: "GET" | "HEAD" = "GET",
) => app.inject({ method, url, headers });

describe("HTML pages", () => {
  it.each([
    ["GET", "/", {}],
    ["GET", "/settings", {}],
    ["GET", "/admin/ads", {}],
    ["GET", "/no/such/page", {}],
    ["GET", "/", { "accept-encoding": "br" }],
    ["HEAD", "/settings", {}],
  ] as const)("%s %s %j carries the page headers", async (method, url, headers) => {
    const res = await get(forum.app, url, headers, method);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["content-security-policy"]).toBe(PAGE_CSP);
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("the policy allows only the forum's own scripts, styles, fonts and images (and local previews), and no framing", () => {
    const directives = Object.fromEntries(
      PAGE_CSP.split("; ").map((directive) => {
        const [name, ...values] = directive.split(" ");
        return [name, values];
      }),
    );
    expect(directives["default-src"]).toEqual(["'self'"]);
    expect(directives["script-src"]).toEqual(["'self'"]);
    expect(directives["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives["font-src"]).toEqual(["'self'"]);
    // blob: is the avatar preview of a picked file, made by the page itself.
    expect(directives["img-src"]).toEqual(["'self'", "blob:"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("served over HTTPS (FORUM_SECURE_COOKIES=true), every response asks for HTTPS from now on", async () => {
    for (const url of ["/", "/api/categories", "/api/nothing"]) {
      const res = await get(https.app, url);
      expect(res.headers["strict-transport-security"], url).toBe("max-age=15552000");
    }
  });
});

describe("the API reference page", () => {
  it("has its own policy, and like every page may not be framed and sends a shortened Referer", async () => {
    for (const method of ["GET", "HEAD"] as const) {
      const res = await get(forum.app, "/api/docs", {}, method);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers["content-security-policy"]).toBe(REFERENCE_CSP);
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    }
  });
});

describe("other responses", () => {
  it.each(["/api/categories", "/api/nothing", "/trpc/categories.list", "/assets/app.js"])(
    "%s says nosniff and carries no page policy",
    async (url) => {
      const res = await get(forum.app, url);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["content-security-policy"]).toBeUndefined();
    },
  );
});

describe("ad frames", () => {
  async function insertAd(active: boolean, content: string) {
    const row = await forum.db
      .insertInto("advertisements")
      .values({
        title: "Frame ad",
        content,
        type: "custom",
        placement: "sidebar",
        dimensions: "300x250",
        active: active ? 1 : 0,
        createdAt: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it("serve a shown ad's HTML under its own sandboxing policy, with the click relay", async () => {
    const content = '<a href="https://advertiser.example/landing"><img src="https://cdn.example/banner.png"></a>';
    const id = await insertAd(true, content);
    const res = await get(forum.app, `/ad-frames/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-security-policy"]).toBe(AD_FRAME_CSP);
    expect(AD_FRAME_CSP).toMatch(/^sandbox allow-scripts allow-popups;/);
    expect(AD_FRAME_CSP).not.toMatch(/allow-same-origin|allow-popups-to-escape-sandbox/);
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.body.endsWith(content)).toBe(true);
    expect(res.body).toContain("parent.postMessage({forumAdClick:a.href}");
  });

  it("serve the frame in the page's colour scheme, reporting the content's height to the page", async () => {
    const id = await insertAd(true, "<p>An ad</p>");
    const light = await get(forum.app, `/ad-frames/${id}`);
    expect(light.body).toMatch(/^<!doctype html><html style="color-scheme:light">/);
    expect(light.body).toContain("parent.postMessage({adHeight:document.documentElement.scrollHeight,");
    const dark = await get(forum.app, `/ad-frames/${id}?scheme=dark`);
    expect(dark.statusCode).toBe(200);
    expect(dark.body).toMatch(/^<!doctype html><html style="color-scheme:dark">/);
    const odd = await get(forum.app, `/ad-frames/${id}?scheme=red;background:url(x)`);
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toEqual({ message: "Scheme must be one of light, dark" });
  });

  it("answer 404 for a paused, missing or malformed id", async () => {
    const paused = await insertAd(false, "<p>paused</p>");
    for (const url of [`/ad-frames/${paused}`, "/ad-frames/999999", "/ad-frames/abc", "/ad-frames/0"]) {
      const res = await get(forum.app, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: "Advertisement not found" });
    }
  });
});
