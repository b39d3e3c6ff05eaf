// JSON answers are gzipped above a kilobyte when the client accepts it, and only then; large ones
// on the thread pool, off the event loop.
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsGzip, COMPRESS_FROM_BYTES, COMPRESS_OFF_LOOP_FROM_BYTES } from "../src/plugins/jsonBody";
import { checkDocumented } from "./conformance";
import { insertCategory, signedIn, startForum, type TestForum } from "./harness";

let forum: TestForum;
let longReadsId: number;
let longerReadsId: number;
beforeAll(async () => {
  forum = await startForum();
  longReadsId = await insertCategory(forum.db, "Long reads");
  const member = await signedIn(forum);
  for (let n = 0; n < 5; n++) {
    const content = "A long paragraph. ".repeat(100);
    await member.post("/api/posts", { title: `Long post ${n}`, content, categoryId: longReadsId });
  }
  longerReadsId = await insertCategory(forum.db, "Longer reads");
  for (let n = 0; n < 20; n++) {
    const content = `Paragraph ${n} of a longer read, with words that do not repeat so soon: ${"abcdefghij".repeat(n + 1)}. `;
    await member.post("/api/posts", {
      title: `Longer post ${n}`,
      content: content.repeat(12),
      categoryId: longerReadsId,
    });
  }
});
afterAll(() => forum.close());

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await forum.app.inject({ method: "GET", url, headers });
  await checkDocumented(forum.app, "GET", url, response);
  return response;
}

describe("compression", () => {
  it("gzips a large answer for a client that accepts gzip, with the same JSON inside", async () => {
    const url = `/api/posts?sortBy=new&categoryId=${longReadsId}`;
    const plain = await get(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(plain.headers.vary).toBe("accept-encoding");

    for (const _twice of [1, 2]) {
      const zipped = await get(url, { "accept-encoding": "gzip, deflate, br" });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(zipped.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString("utf8"))).toEqual(plain.json());
    }
  });

  it("gzips the tRPC door's answers the same way", async () => {
    const input = encodeURIComponent(
      JSON.stringify({ 0: { sortBy: "new", categoryId: longReadsId, offset: 0, limit: 20 } }),
    );
    const url = `/trpc/posts.list?batch=1&input=${input}`;
    const plain = await get(url);
    const zipped = await get(url, { "accept-encoding": "gzip" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString("utf8"))).toEqual(plain.json());
    expect(plain.json()[0].result.data).toHaveLength(5);
  });

  it("gzips a large answer on the thread pool: the same JSON for requests that come at once", async () => {
    const url = `/api/posts?sortBy=new&categoryId=${longerReadsId}`;
    const plain = await get(url);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_OFF_LOOP_FROM_BYTES);
    expect(plain.json()).toHaveLength(20);
    // Visitors at once share one compression under way; a member's reads take the procedure.
    const member = await signedIn(forum);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => get(url, { "accept-encoding": "gzip" })),
      ...Array.from({ length: 2 }, () =>
        forum.app.inject({
          method: "GET",
          url,
          headers: { "accept-encoding": "gzip", cookie: member.jar.cookie ?? "" },
        }),
      ),
    ]);
    for (const zipped of answers) {
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString("utf8"))).toEqual(plain.json());
    }
  });

  it("sends small answers and refused gzip as they are", async () => {
    const small = await get("/api/ad-settings", { "accept-encoding": "gzip" });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(small.headers["content-encoding"]).toBeUndefined();
    const refused = await get(`/api/posts?sortBy=new&categoryId=${longReadsId}`, {
      "accept-encoding": "gzip;q=0, identity",
    });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.json()).toHaveLength(5);
  });

  it("reads Accept-Encoding like HTTP says", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("br, *")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("*;q=0")).toBe(false);
    expect(acceptsGzip("deflate, br")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
