import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, insertCategory, insertPost, insertUser, signedIn, startForum, type TestForum } from "./harness";

const DAY_MS = 24 * 60 * 60 * 1000;

let forum: TestForum;
let admin: Awaited<ReturnType<typeof signedIn>>;
let member: Awaited<ReturnType<typeof signedIn>>;
let authorId: number;

beforeAll(async () => {
  forum = await startForum();
  admin = await signedIn(forum, { role: "admin" });
  member = await signedIn(forum);
  authorId = (await insertUser(forum.db)).id;
});
afterAll(() => forum.close());

function categoryRow(id: number) {
  return forum.db.selectFrom("categories").selectAll().where("id", "=", id).executeTakeFirst();
}

describe("GET /api/categories", () => {
  it("answers a bare array of categories with their fields and post counts", async () => {
    const id = await insertCategory(forum.db, "Listed Things");
    await insertPost(forum.db, { authorId, categoryId: id });
    await insertPost(forum.db, { authorId, categoryId: id });

    const res = await client(forum.app).get("/api/categories");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const listed = res.body.find((c: { id: number }) => c.id === id);
    expect(listed).toMatchObject({
      id,
      name: "Listed Things",
      slug: "listed-things",
      description: "About Listed Things",
      color: "#3b82f6",
      postCount: 2,
    });
    for (const category of res.body) {
      expect(category).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          name: expect.any(String),
          slug: expect.any(String),
          postCount: expect.any(Number),
        }),
      );
      expect(category).toHaveProperty("description");
      expect(category.color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});

describe("GET /api/categories/{slug}", () => {
  it("answers the category", async () => {
    const id = await insertCategory(forum.db, "Single One");
    const res = await client(forum.app).get("/api/categories/single-one");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: "Single One", slug: "single-one", color: "#3b82f6", postCount: 0 });
  });

  it("answers 404 with the spec's message for an unknown slug", async () => {
    const res = await client(forum.app).get("/api/categories/no-such-category");
    expect(res).toMatchObject({ status: 404, body: { message: "Category not found" } });
  });
});

describe("POST /api/categories", () => {
  it("refuses visitors with 401 and members with 403, creating nothing", async () => {
    const payload = { name: "Forbidden Zone", description: "Nope" };
    expect((await client(forum.app).post("/api/categories", payload)).status).toBe(401);
    expect((await member.post("/api/categories", payload)).status).toBe(403);
    const rows = await forum.db.selectFrom("categories").select("id").where("name", "=", "Forbidden Zone").execute();
    expect(rows).toHaveLength(0);
  });

  it("creates a category for an admin with 201, a generated slug and the default colour", async () => {
    const res = await admin.post("/api/categories", { name: "  Web Development! ", description: "Front and back" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Web Development!",
      slug: "web-development",
      description: "Front and back",
      color: "#3b82f6",
      postCount: 0,
    });
    const row = await categoryRow(res.body.id);
    expect(row).toMatchObject({ name: "Web Development!", slug: "web-development", color: "#3b82f6" });
    const fetched = await client(forum.app).get("/api/categories/web-development");
    expect(fetched.body.id).toBe(res.body.id);
  });

  it("keeps slugs unique with a numeric suffix", async () => {
    const first = await admin.post("/api/categories", { name: "Duplicate Name", description: "one" });
    const second = await admin.post("/api/categories", { name: "Duplicate Name!", description: "two" });
    const third = await admin.post("/api/categories", { name: "duplicate   name", description: "three" });
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    expect(first.body.slug).toBe("duplicate-name");
    expect(second.body.slug).toBe("duplicate-name-2");
    expect(third.body.slug).toBe("duplicate-name-3");
  });

  it("accepts a colour with or without '#', in any case, and stores lower-case '#rrggbb'", async () => {
    const bare = await admin.post("/api/categories", { name: "Bare Colour", description: "d", color: "10b981" });
    expect(bare.status).toBe(201);
    expect(bare.body.color).toBe("#10b981");
    const upper = await admin.post("/api/categories", { name: "Upper Colour", description: "d", color: "#10B981" });
    expect(upper.status).toBe(201);
    expect(upper.body.color).toBe("#10b981");
    expect((await categoryRow(bare.body.id))?.color).toBe("#10b981");
    expect((await categoryRow(upper.body.id))?.color).toBe("#10b981");
  });

  it.each([["red"], ["#12345"], ["#gggggg"], ["1234567"], [123]])("refuses the colour %j with 400", async (color) => {
    const res = await admin.post("/api/categories", { name: `Bad Colour ${String(color)}`, description: "d", color });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Color must be a hex colour such as #3b82f6" });
    const rows = await forum.db
      .selectFrom("categories")
      .select("id")
      .where("name", "=", `Bad Colour ${String(color)}`)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it.each([
    [{ name: "", description: "d" }],
    [{ name: "   ", description: "d" }],
    [{ name: "Has name", description: "  " }],
    [{ name: "Has name" }],
    [{ description: "only a description" }],
  ])("refuses blank or missing name or description %j with the spec's message", async (payload) => {
    const res = await admin.post("/api/categories", payload);
    expect(res).toMatchObject({ status: 400, body: { message: "Please fill in all required fields" } });
  });
});

// Issue 13: the sidebar listed two identical "Security" entries.
describe("category names are unique, case-insensitively", () => {
  it("refuses a new category named like an existing one with 409 and creates nothing", async () => {
    const first = await admin.post("/api/categories", { name: "Security", description: "Locks" });
    expect(first.status).toBe(201);
    for (const name of ["Security", "security", "SECURITY"]) {
      const res = await admin.post("/api/categories", { name, description: "Again" });
      expect(res).toMatchObject({ status: 409, body: { message: "A category with this name already exists" } });
    }
    const rows = await forum.db
      .selectFrom("categories")
      .select("id")
      .where((eb) => eb(eb.fn("lower", ["name"]), "=", "security"))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses renaming a category to another's name with 409; renaming to its own name in new case works", async () => {
    const kept = await insertCategory(forum.db, "Networking");
    const other = await insertCategory(forum.db, "Routers");
    const clash = await admin.put(`/api/categories/${other}`, { name: "NETWORKING" });
    expect(clash).toMatchObject({ status: 409, body: { message: "A category with this name already exists" } });
    expect((await categoryRow(other))?.name).toBe("Routers");
    const recased = await admin.put(`/api/categories/${kept}`, { name: "networking" });
    expect(recased.status).toBe(200);
    expect((await categoryRow(kept))?.name).toBe("networking");
  });
});

describe("PUT /api/categories/{id}", () => {
  it("updates name, description and colour and keeps the slug", async () => {
    const id = await insertCategory(forum.db, "Before Rename");
    const res = await admin.put(`/api/categories/${id}`, {
      name: "After Rename",
      description: "New words",
      color: "EF4444",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      name: "After Rename",
      slug: "before-rename",
      description: "New words",
      color: "#ef4444",
    });
    expect(await categoryRow(id)).toMatchObject({ name: "After Rename", description: "New words", color: "#ef4444" });
  });

  it("refuses a blank name with the spec's message", async () => {
    const id = await insertCategory(forum.db, "Keeps Name");
    const res = await admin.put(`/api/categories/${id}`, { name: "  ", description: "x" });
    expect(res).toMatchObject({ status: 400, body: { message: "Category name is required" } });
    expect((await categoryRow(id))?.name).toBe("Keeps Name");
  });

  it("refuses a bad colour with 400", async () => {
    const id = await insertCategory(forum.db, "Colour Kept");
    const res = await admin.put(`/api/categories/${id}`, { name: "Colour Kept", color: "blue" });
    expect(res.status).toBe(400);
    expect((await categoryRow(id))?.color).toBe("#3b82f6");
  });

  it("answers 404 for an unknown id", async () => {
    const res = await admin.put("/api/categories/999999", { name: "Ghost", description: "x" });
    expect(res).toMatchObject({ status: 404, body: { message: "Category not found" } });
  });

  it("refuses visitors and members", async () => {
    const id = await insertCategory(forum.db, "Guarded Update");
    expect((await client(forum.app).put(`/api/categories/${id}`, { name: "Hacked" })).status).toBe(401);
    expect((await member.put(`/api/categories/${id}`, { name: "Hacked" })).status).toBe(403);
    expect((await categoryRow(id))?.name).toBe("Guarded Update");
  });
});

describe("DELETE /api/categories/{id}", () => {
  it("refuses with 409 while the category still has posts, and keeps it", async () => {
    const id = await insertCategory(forum.db, "Still Busy");
    await insertPost(forum.db, { authorId, categoryId: id, createdAt: Date.now() - 30 * DAY_MS });
    const res = await admin.del(`/api/categories/${id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/reassigned or deleted/);
    expect(await categoryRow(id)).toBeDefined();
  });

  it("deletes an empty category", async () => {
    const id = await insertCategory(forum.db, "Empty Box");
    const res = await admin.del(`/api/categories/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty("message");
    expect(await categoryRow(id)).toBeUndefined();
    expect((await client(forum.app).get("/api/categories/empty-box")).status).toBe(404);
  });

  it("answers 404 for an unknown id", async () => {
    const res = await admin.del("/api/categories/999999");
    expect(res).toMatchObject({ status: 404, body: { message: "Category not found" } });
  });

  it("refuses visitors and members", async () => {
    const id = await insertCategory(forum.db, "Guarded Delete");
    expect((await client(forum.app).del(`/api/categories/${id}`)).status).toBe(401);
    expect((await member.del(`/api/categories/${id}`)).status).toBe(403);
    expect(await categoryRow(id)).toBeDefined();
  });
});

describe("GET /api/trending-topics", () => {
  it("lists categories by posts created in the last 7 days, busiest first", async () => {
    const now = Date.now();
    const busy = await insertCategory(forum.db, "Trend Busy");
    const quiet = await insertCategory(forum.db, "Trend Quiet");
    const old = await insertCategory(forum.db, "Trend Old");
    const none = await insertCategory(forum.db, "Trend None");
    for (let i = 0; i < 3; i++) await insertPost(forum.db, { authorId, categoryId: busy, createdAt: now - i * DAY_MS });
    // Old posts do not count: 1 recent post against 4 from weeks ago.
    await insertPost(forum.db, { authorId, categoryId: quiet, createdAt: now - 6 * DAY_MS });
    for (let i = 0; i < 4; i++)
      await insertPost(forum.db, { authorId, categoryId: quiet, createdAt: now - (8 + i) * DAY_MS });
    for (let i = 0; i < 5; i++)
      await insertPost(forum.db, { authorId, categoryId: old, createdAt: now - (10 + i) * DAY_MS });

    const res = await client(forum.app).get("/api/trending-topics");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    for (const topic of res.body) {
      expect(topic).toEqual(
        expect.objectContaining({ id: expect.any(Number), name: expect.any(String), count: expect.any(Number) }),
      );
      expect(topic.count).toBeGreaterThan(0);
    }
    const counts = res.body.map((t: { count: number }) => t.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const ids = res.body.map((t: { id: number }) => t.id);
    expect(res.body.find((t: { id: number }) => t.id === busy)).toMatchObject({ name: "Trend Busy", count: 3 });
    expect(res.body.find((t: { id: number }) => t.id === quiet)).toMatchObject({ name: "Trend Quiet", count: 1 });
    expect(ids.indexOf(busy)).toBeLessThan(ids.indexOf(quiet));
    expect(ids).not.toContain(old);
    expect(ids).not.toContain(none);
  });
});
