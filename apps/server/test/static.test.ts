// The built web app is served for every page path; API and asset paths never get its HTML.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { createDb, migrateToLatest } from "@forum/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type ForumApp } from "../src/app";

let app: ForumApp;
let dist: string;

// A larger asset with the .br and .gz copies the web build writes next to it.
const BUNDLE = `export const lines = [${Array.from({ length: 200 }, (_, n) => `"line ${n}"`).join(", ")}];\n`;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "forum-static-"));
  dist = join(dir, "dist");
  mkdirSync(join(dist, "assets"), { recursive: true });
  writeFileSync(join(dist, "index.html"), "<!doctype html><div id=root></div>");
  writeFileSync(join(dist, "assets", "app-123.js"), "console.log(1)");
  writeFileSync(join(dist, "assets", "bundle-789.js"), BUNDLE);
  writeFileSync(join(dist, "assets", "bundle-789.js.br"), brotliCompressSync(BUNDLE));
  writeFileSync(join(dist, "assets", "bundle-789.js.gz"), gzipSync(BUNDLE, { level: 9 }));
  const database = createDb({ path: join(dir, "forum.db") });
  await migrateToLatest(database.db);
  app = await buildApp({
    database,
    logLevel: "silent",
    secureCookies: false,
    trustProxy: false,
    rateLimits: true,
    webDistDir: dist,
    uploadsDir: join(dir, "uploads"),
  });
});
afterAll(() => app.close());

describe("static web app", () => {
  it.each([
    "/",
    "/trending",
    "/posts/some-post",
    "/cats/javascript",
    "/u/ada",
    "/settings",
    "/admin/ads",
    "/no/such/page",
  ])("serves the app for %s", async (url) => {
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain("<div id=root>");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("serves fingerprinted assets with a long cache", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/app-123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("sends the build's brotli copy to a client that accepts it", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/assets/bundle-789.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(res.rawPayload.length).toBeLessThan(BUNDLE.length);
    expect(brotliDecompressSync(res.rawPayload).toString("utf8")).toBe(BUNDLE);
  });

  it("sends the gzip copy to a client that accepts only gzip", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/assets/bundle-789.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.rawPayload).toString("utf8")).toBe(BUNDLE);
  });

  it("sends the plain file to a client without accept-encoding", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/bundle-789.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.body).toBe(BUNDLE);
  });

  it("serves a file added after start (a rebuild while running)", async () => {
    writeFileSync(join(dist, "assets", "later-456.js"), "console.log(2)");
    const res = await app.inject({ method: "GET", url: "/assets/later-456.js" });
    expect(res.statusCode).toBe(200);
  });

  it("answers an unknown procedure in tRPC's own error format", async () => {
    const res = await app.inject({ method: "GET", url: "/trpc/nothing.here" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/No procedure found/);
  });

  it.each(["/assets/missing-999.js", "/api/nothing", "/uploads/missing.xlsx"])(
    "answers 404 JSON, never the app, for %s",
    async (url) => {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty("message");
    },
  );
});
