// Caching is declared per procedure (packages/api/src/cache/policy.ts): these tests walk the
// router so nothing can be added without saying what it reads or writes, and prove that a write
// drops what reads its kind of data and nothing else.
import { DATA_KINDS } from "@forum/db";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { procedureDefinition, procedureNames } from "../src/plugins/procedures";
import { client, insertCategory, signedIn, startForum, TEST_ENGINE, type TestForum } from "./harness";

let forum: TestForum;
let categoryId: number;
beforeAll(async () => {
  forum = await startForum();
  categoryId = await insertCategory(forum.db, "Policies");
});
afterAll(() => forum.close());

const minute = () => Math.floor(Date.now() / 60_000);

describe("every procedure declares its cache policy", () => {
  it.each(procedureNames())("%s", (name) => {
    const { type, meta } = procedureDefinition(name);
    if (type === "query") {
      expect(meta?.cache, `query ${name} declares no cache policy`).toBeDefined();
      if (meta?.cache && meta.cache !== "never") {
        expect(meta.cache.reads.length).toBeGreaterThan(0);
        for (const kind of meta.cache.reads) expect(DATA_KINDS).toContain(kind);
      }
    } else {
      expect(meta?.writes, `mutation ${name} declares no written kinds`).toBeDefined();
      expect(meta?.writes?.length).toBeGreaterThan(0);
      for (const kind of meta?.writes ?? []) expect(DATA_KINDS).toContain(kind);
    }
  });
});

// Changing rows behind the cache's back shows which answers were kept. On PostgreSQL such a change
// is itself reported as another instance's write (test/postgres/instances.test.ts covers the kinds
// heard there), so these run on SQLite.
describe.skipIf(TEST_ENGINE === "postgres")("a write drops what reads its kind, and nothing else", () => {
  it("a vote shows on the next read of the list and the post, and keeps the categories and ad settings", async () => {
    const author = await signedIn(forum);
    const voter = await signedIn(forum);
    const post = (await author.post("/api/posts", { title: "Vote me", content: "Body", categoryId })).body;
    const visitor = client(forum.app);
    const categories = (await visitor.get("/api/categories")).body;
    const categoriesRead = await visitor.get("/api/categories");
    const settingsRead = await visitor.get("/api/ad-settings");
    expect([categoriesRead.status, settingsRead.status]).toEqual([200, 200]);
    expect(categoriesRead.body).toEqual(categories);
    const settings = settingsRead.body;
    expect(settings).toHaveProperty("adsBetweenPosts");
    await visitor.get(`/api/posts/${post.slug}`);

    // Changed behind the cache's back: a read that was dropped would show these at once.
    await forum.db.updateTable("categories").set({ name: "Renamed Behind" }).where("id", "=", categoryId).execute();
    await forum.db.updateTable("adSettings").set({ adsBetweenPosts: 7 }).execute();

    expect((await voter.post("/api/votes", { type: "upvote", postId: post.id })).status).toBe(200);
    expect((await visitor.get(`/api/posts/${post.slug}`)).body.votes).toBe(1);
    expect((await visitor.get("/api/posts?sortBy=new")).body[0].votes).toBe(1);
    expect((await visitor.get("/api/categories")).body).toEqual(categories);
    const settingsAfter = await visitor.get("/api/ad-settings");
    expect(settingsAfter.status).toBe(200);
    expect(settingsAfter.body).toEqual(settings);
    expect(settingsAfter.body.adsBetweenPosts).not.toBe(7);

    // A write of their own kind shows them .
    const admin = await signedIn(forum, { role: "admin" });
    const updated = await admin.put(`/api/categories/${categoryId}`, { name: "Renamed", description: "Now described" });
    expect(updated.status).toBe(200);
    const named = (await visitor.get("/api/categories")).body.find((c: { id: number }) => c.id === categoryId);
    expect(named).toMatchObject({ name: "Renamed", description: "Now described" });
  });

  it("written view counts show on the post page at once and leave lists kept within their minute", async () => {
    const author = await signedIn(forum);
    const post = (await author.post("/api/posts", { title: "Viewed", content: "Body", categoryId })).body;
    const visitor = client(forum.app);
    const started = minute();
    const listed = (await visitor.get("/api/posts?sortBy=new")).body[0];
    await visitor.get(`/api/posts/${post.slug}`);
    await forum.app.services.views.flush();

    // The post page counts exactly: the written view and this one.
    expect((await visitor.get(`/api/posts/${post.slug}`)).body.views).toBe(listed.views + 2);
    const relisted = (await visitor.get("/api/posts?sortBy=new")).body[0];
    // Lists show view counts up to a minute old: the flush did not drop them.
    if (minute() === started) expect(relisted.views).toBe(listed.views);
  });

  it("marking notifications read or tracking an ad keeps the post list", async () => {
    const author = await signedIn(forum);
    await author.post("/api/posts", { title: "Kept list", content: "Body", categoryId });
    const visitor = client(forum.app);
    const list = (await visitor.get("/api/posts?sortBy=new")).body;
    await forum.db.updateTable("posts").set({ title: "Retitled Behind" }).where("id", "=", list[0].id).execute();
    await author.post("/api/notifications/read", {});
    expect((await visitor.get("/api/posts?sortBy=new")).body[0].title).toBe(list[0].title);
    const edit = { title: "Kept list", content: "Edited", categoryId };
    expect((await author.put(`/api/posts/${list[0].id}`, edit)).status).toBe(200);
    expect((await visitor.get("/api/posts?sortBy=new")).body[0]).toMatchObject({ title: "Kept list" });
  });
});

describe("kept answers", () => {
  it("are frozen in tests, so changing one in place throws", async () => {
    const cache = forum.app.services.readCache;
    // On PostgreSQL nothing is kept while the channel that reports other instances' writes is
    // reconnecting (a loaded machine can drop it for a moment).
    await vi.waitFor(() => expect(cache.enabled).toBe(true), { timeout: 10_000 });
    const kept = await cache.get("frozen-test", ["posts"], async () => ({ items: [{ votes: 1 }] }));
    expect(() => {
      (kept.items[0] as { votes: number }).votes = 2;
    }).toThrow(TypeError);
    expect(await cache.get("frozen-test", ["posts"], async () => ({ items: [{ votes: 9 }] }))).toBe(kept);
  });
});
