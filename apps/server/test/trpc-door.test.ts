// The tRPC door's direct query path answers exactly what tRPC's stock handler answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, insertCategory, insertPost, insertUser, startForum, type TestForum } from "./harness";

let forum: TestForum;
let slug: string;
beforeAll(async () => {
  forum = await startForum();
  const author = await insertUser(forum.db, { username: "door_author" });
  const categoryId = await insertCategory(forum.db, "Doors");
  slug = (await insertPost(forum.db, { authorId: author.id, categoryId, title: "Door post" })).slug;
});
afterAll(() => forum.close());

const get = (url: string) => forum.app.inject({ method: "GET", url });
const batchUrl = (paths: string[], inputs: Record<number, unknown>) =>
  `/trpc/${paths.join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;

describe("GET /trpc queries", () => {
  it("answers a batch with each result in tRPC's format", async () => {
    const res = await get(batchUrl(["categories.list", "posts.list"], { 1: { sortBy: "new", limit: 5 } }));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    const body = res.json();
    expect(body).toHaveLength(2);
    expect(body[0].result.data).toEqual((await client(forum.app).get("/api/categories")).body);
    expect(body[1].result.data).toEqual((await client(forum.app).get("/api/posts?sortBy=new&limit=5")).body);
  });

  it("answers a single, unbatched query", async () => {
    const res = await get(`/trpc/categories.bySlug?input=${encodeURIComponent(JSON.stringify({ slug: "doors" }))}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.name).toBe("Doors");
  });

  it("reports a failed call with the router's error shape and status", async () => {
    const res = await get(batchUrl(["posts.bySlug"], { 0: { slug: "missing" } }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual([
      { error: { message: "Post not found", code: -32004, data: { code: "NOT_FOUND", httpStatus: 404 } } },
    ]);
  });

  it("answers 207 when the calls of a batch end differently", async () => {
    const res = await get(batchUrl(["posts.bySlug", "posts.bySlug"], { 0: { slug }, 1: { slug: "missing" } }));
    expect(res.statusCode).toBe(207);
    const [found, missing] = res.json();
    expect(found.result.data.title).toBe("Door post");
    expect(missing.error.data.httpStatus).toBe(404);
  });

  it("reports invalid input as 400 with the schema's message", async () => {
    const res = await get(batchUrl(["posts.list"], { 0: { sortBy: "best" } }));
    expect(res.statusCode).toBe(400);
    expect(res.json()[0].error.message).toMatch(/^sortBy must be one of hot, new/);
  });

  it("leaves unknown procedures, mutations by GET and malformed input to tRPC's own handler", async () => {
    expect((await get("/trpc/nothing.here")).statusCode).toBe(404);
    const mutationByGet = await get(batchUrl(["auth.logout"], {}));
    expect(mutationByGet.statusCode).toBe(405);
    const malformed = await get("/trpc/posts.list?batch=1&input=%7Bnot-json");
    expect(malformed.statusCode).toBe(400);
  });

  it("still takes mutations by POST", async () => {
    const res = await forum.app.inject({
      method: "POST",
      url: "/trpc/auth.login?batch=1",
      payload: { 0: { username: "door_author", password: "correct horse battery" } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].result.data.username).toBe("door_author");
  });
});
