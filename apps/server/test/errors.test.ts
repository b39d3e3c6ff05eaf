// Every error a client can meet answers JSON exactly { message }, with a message a person can read.

import { AppError } from "@forum/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDocumented } from "./conformance";
import { client, insertCategory, signedIn, startForum, type TestForum } from "./harness";

type Browser = Awaited<ReturnType<typeof signedIn>>;

let forum: TestForum;
let admin: Browser;
let member: Browser;
let categoryId: number;

beforeAll(async () => {
  forum = await startForum();
  admin = await signedIn(forum, { role: "admin" });
  member = await signedIn(forum);
  categoryId = await insertCategory(forum.db, "Errors Category");
});
afterAll(() => forum.close());

/** A raw request, for bodies the JSON client cannot send. */
async function raw(
  method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH",
  url: string,
  options: { body?: string; contentType?: string; cookie?: string | undefined } = {},
) {
  const response = await forum.app.inject({
    method,
    url,
    ...(options.body === undefined ? {} : { payload: options.body }),
    headers: {
      ...(options.contentType ? { "content-type": options.contentType } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
  await checkDocumented(forum.app, method, url, response);
  let body: unknown = response.body;
  try {
    body = response.json();
  } catch {
    // not JSON
  }
  return { status: response.statusCode, body, contentType: String(response.headers["content-type"] ?? "") };
}

/** Exactly { message: string }, as JSON, with a message that is not a serialised validation dump. */
function expectMessageOnly(res: { body: unknown; contentType?: string }) {
  if (res.contentType !== undefined) expect(res.contentType).toMatch(/^application\/json/);
  expect(res.body).toEqual({ message: expect.any(String) });
  const message = (res.body as { message: string }).message;
  expect(message.length).toBeGreaterThan(0);
  expect(message).not.toMatch(/^\s*[[{]/);
  expect(message).not.toMatch(/"code"|"path"|invalid_type|Expected /);
  return message;
}

describe("unknown paths", () => {
  it.each([
    ["GET", "/api/no-such-thing"],
    ["POST", "/api/no-such-thing"],
    ["GET", "/api"],
    ["GET", "/api/categories/some/deeper/path"],
  ] as const)("%s %s answers 404 JSON { message }", async (method, url) => {
    const res = await raw(method, url);
    expect(res.status).toBe(404);
    expectMessageOnly(res);
  });

  it.each([
    ["PATCH", "/api/categories/1", "GET, PUT, DELETE, HEAD"],
    ["DELETE", "/api/categories", "GET, POST, HEAD"],
  ] as const)("%s %s, a path served for other methods, answers 405 naming them", async (method, url, allow) => {
    const response = await forum.app.inject({ method, url });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(expectMessageOnly({ body: response.json() })).toBe(
      `${method} is not allowed on ${url}: use ${allow.replaceAll(", ", " or ")}`,
    );
  });
});

describe("bodies that are not a JSON object", () => {
  it("a malformed JSON body answers 400 { message }", async () => {
    const res = await raw("POST", "/api/login", { body: '{"username": "a", ', contentType: "application/json" });
    expect(res.status).toBe(400);
    expect(expectMessageOnly(res)).toBe("The request body is not valid JSON");
  });

  it("malformed JSON is refused before anything else, even on a signed-in write", async () => {
    const res = await raw("POST", "/api/posts", {
      body: "{title: 'unquoted'}",
      contentType: "application/json",
      cookie: member.jar.cookie,
    });
    expect(res.status).toBe(400);
    expectMessageOnly(res);
  });

  it.each([
    ["an array", "[1, 2, 3]"],
    ["an array of objects", '[{"username": "a", "password": "b"}]'],
    ["a string", '"hello"'],
    ["a number", "42"],
    ["a boolean", "true"],
  ])("%s answers 400 { message }", async (_what, body) => {
    const res = await raw("POST", "/api/login", { body, contentType: "application/json" });
    expect(res.status).toBe(400);
    expect(expectMessageOnly(res)).toBe("The request body must be a JSON object");
  });

  it("an array body on an admin write changes nothing", async () => {
    const res = await raw("POST", "/api/categories", {
      body: JSON.stringify([{ name: "From array", description: "x" }]),
      contentType: "application/json",
      cookie: admin.jar.cookie,
    });
    expect(res.status).toBe(400);
    expectMessageOnly(res);
    const rows = await forum.db.selectFrom("categories").select("id").where("name", "=", "From array").execute();
    expect(rows).toHaveLength(0);
  });

  it("a body with a __proto__ key is refused with 400 { message }", async () => {
    const res = await raw("PUT", `/api/users/${member.user.id}`, {
      body: '{"bio": "x", "__proto__": {"role": "admin"}}',
      contentType: "application/json",
      cookie: member.jar.cookie,
    });
    expect(res.status).toBe(400);
    expectMessageOnly(res);
    const row = await forum.db.selectFrom("users").select("role").where("id", "=", member.user.id).executeTakeFirst();
    expect(row?.role).toBe("user");
  });

  it("a body that is not JSON at all answers 400 or 415 { message }", async () => {
    const text = await raw("POST", "/api/login", { body: "username=a&password=b", contentType: "text/plain" });
    expect(text.status).toBe(400);
    expect(expectMessageOnly(text)).toBe("The request body must be a JSON object");
    const form = await raw("POST", "/api/login", {
      body: "username=a&password=b",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(415);
    expectMessageOnly(form);
  });

  it("a body over the size limit answers 413 { message }", async () => {
    const res = await raw("POST", "/api/login", {
      body: JSON.stringify({ username: "a", password: "x".repeat(2 * 1024 * 1024) }),
      contentType: "application/json",
    });
    expect(res.status).toBe(413);
    expectMessageOnly(res);
  });

  it("an empty JSON body counts as no input", async () => {
    const res = await raw("POST", "/api/login", { body: "", contentType: "application/json" });
    expect(res.status).toBe(400);
    expect(expectMessageOnly(res)).toBe("Please fill in all fields");
  });
});

describe("fields of the wrong type", () => {
  it("title: 123 answers 400 with a readable message", async () => {
    const res = await member.post("/api/posts", { title: 123, content: "Some content", categoryId });
    expect(res.status).toBe(400);
    expect(expectMessageOnly(res)).toBe("Title must be text");
  });

  it.each([
    ["a category id as an object", { title: "T", content: "C", categoryId: { id: 1 } }, /categoryId/],
    ["featured as a string", { title: "T", content: "C", categoryId: 1, featured: "yes" }, /featured/],
    ["content as an array", { title: "T", content: ["C"], categoryId: 1 }, /Content/],
  ])("%s answers 400 naming the field", async (_what, payload, field) => {
    const res = await member.post("/api/posts", payload);
    expect(res.status).toBe(400);
    expect(expectMessageOnly(res)).toMatch(field);
  });

  it("a query value of the wrong type answers 400 naming the field", async () => {
    const limit = await client(forum.app).get("/api/posts?limit=abc");
    expect(limit.status).toBe(400);
    expect(expectMessageOnly(limit)).toMatch(/limit/);
    const sort = await client(forum.app).get("/api/posts?sortBy=sideways");
    expect(sort.status).toBe(400);
    expect(expectMessageOnly(sort)).toMatch(/sortBy/);
    const repeated = await client(forum.app).get("/api/ads?placement=sidebar&placement=header");
    expect(repeated.status).toBe(400);
    expect(expectMessageOnly(repeated)).toMatch(/placement/);
  });

  it("a colour of the wrong type answers 400 with the colour message", async () => {
    const res = await admin.post("/api/categories", { name: "Typed", description: "d", color: ["#fff"] });
    expect(res.status).toBe(400);
    expect(expectMessageOnly(res)).toBe("Color must be a hex colour such as #3b82f6");
  });
});

describe("id path parameters", () => {
  it.each(["abc", "0", "-1", "1.5", "1abc", "%20"])("an id of %j answers 400 { message }", async (id) => {
    const publicRead = await client(forum.app).get(`/api/posts/${id}/replies`);
    expect(publicRead.status).toBe(400);
    expect(expectMessageOnly(publicRead)).toMatch(/postId must be a positive whole number/);
    const adminWrite = await admin.del(`/api/categories/${id}`);
    expect(adminWrite.status).toBe(400);
    expect(expectMessageOnly(adminWrite)).toBe("id must be a positive whole number");
    const tracked = await client(forum.app).post(`/api/ads/${id}/track`, { type: "impression" });
    expect(tracked.status).toBe(400);
    expectMessageOnly(tracked);
  });

  it("the path id wins over an id in the body", async () => {
    const other = await signedIn(forum);
    const res = await member.put(`/api/users/${member.user.id}`, { id: other.user.id, bio: "path wins" });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(member.user.id);
    const rows = await forum.db
      .selectFrom("users")
      .select(["id", "bio"])
      .where("id", "in", [member.user.id, other.user.id])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: member.user.id, bio: "path wins" },
      { id: other.user.id, bio: null },
    ]);
  });
});

describe("every error body is exactly { message }", () => {
  it("across 400, 401, 403, 404 and 409", async () => {
    const busy = await insertCategory(forum.db, "Busy For Errors");
    await forum.db
      .insertInto("posts")
      .values({
        slug: "busy-for-errors-post",
        title: "Busy",
        content: "c",
        excerpt: null,
        categoryId: busy,
        authorId: member.user.id,
        hotScore: 0,
        createdAt: Date.now(),
        updatedAt: Date.now(),
      })
      .execute();
    const visitor = client(forum.app);

    const cases: Array<[number, Promise<{ status: number; body: unknown }>]> = [
      [400, visitor.post("/api/register", { username: "", email: "", password: "" })],
      [401, visitor.post("/api/logout")],
      [401, visitor.post("/api/login", { username: "nobody-here", password: "wrong-password" })],
      [403, member.post("/api/categories", { name: "n", description: "d" })],
      [403, member.post("/api/logout", undefined, { origin: "https://evil.example" })],
      [404, visitor.get("/api/posts/no-such-post")],
      [404, visitor.get("/api/users/no-such-user")],
      [409, admin.del(`/api/categories/${busy}`)],
      [409, visitor.post("/api/register", { username: member.user.username, email: "x@y.co", password: "longenough" })],
      [400, admin.post("/api/bulk-upload", {})],
    ];
    for (const [status, pending] of cases) {
      const res = await pending;
      expect(res.status).toBe(status);
      expectMessageOnly(res);
    }
  });

  // Refused by Fastify's router before any route: buildApp's frameworkErrors answers it.
  it("for a path with broken percent-encoding", async () => {
    const res = await raw("GET", "/api/users/%E0%A4%A");
    expect(res.status).toBe(400);
    expectMessageOnly(res);
  });

  it("for a missing upload file", async () => {
    const res = await raw("GET", "/uploads/no-such-file.xlsx");
    expect(res.status).toBe(404);
    expectMessageOnly(res);
  });
});

// A refusal is a failure reported on purpose: its error carries no stack frames (formatting them
// under --enable-source-maps loaded the bundle's source map, 70 MB of the server's memory, at the
// first 401), while an unexpected error still gets its whole stack.
describe("stack traces", () => {
  it("a refusal's error has none, and errors after it still have theirs", async () => {
    const refused = new AppError("UNAUTHORIZED", "You must be logged in to do that");
    expect(refused.stack).toBe("AppError: You must be logged in to do that");
    const res = await raw("POST", "/api/votes", { body: "{}", contentType: "application/json" });
    expect(res.status).toBe(401);
    const unexpected = new Error("a bug");
    expect(unexpected.stack?.split("\n").length).toBeGreaterThan(2);
    expect(unexpected.stack).toContain("errors.test.ts");
  });
});
