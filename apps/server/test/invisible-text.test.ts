// Text that shows nothing (zero-width characters, bidi controls) is refused by the server with
// the spec's "required" message, through both doors, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDocumented } from "./conformance";
import { insertCategory, insertPost, signedIn, startForum, type TestForum } from "./harness";

const ZERO_WIDTH_TITLE = "\u200B\u200C\u200D\u2060\uFEFF";
const BIDI_ONLY = " \u200E\u200F\u202A\u202E\u2066\u2069 ";

let forum: TestForum;
let member: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let categoryId: number;
let postId: number;
beforeAll(async () => {
  forum = await startForum();
  member = await signedIn(forum);
  admin = await signedIn(forum, { role: "admin" });
  categoryId = await insertCategory(forum.db, "Invisible");
  postId = (await insertPost(forum.db, { authorId: member.user.id, categoryId })).id;
});
afterAll(() => forum.close());

const count = async (table: "posts" | "replies" | "categories") =>
  (await forum.db.selectFrom(table).select("id").execute()).length;

describe("invisible-only text", () => {
  it("a post title of zero-width characters is refused through REST and tRPC", async () => {
    const before = await count("posts");
    const rest = await member.post("/api/posts", { title: ZERO_WIDTH_TITLE, content: "Body", categoryId });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ message: "Please fill in all required fields" });
    const trpc = await forum.app.inject({
      method: "POST",
      url: "/trpc/posts.create",
      payload: { title: ZERO_WIDTH_TITLE, content: "Body", categoryId },
      headers: { cookie: member.jar.cookie as string },
    });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.message).toBe("Please fill in all required fields");
    expect(await count("posts")).toBe(before);
  });

  it("post content, an edited title, a reply and an edited reply", async () => {
    const content = await member.post("/api/posts", { title: "Visible", content: BIDI_ONLY, categoryId });
    expect(content.body).toEqual({ message: "Please fill in all required fields" });
    const edit = await member.put(`/api/posts/${postId}`, { title: BIDI_ONLY, content: "Body", categoryId });
    expect(edit.status).toBe(400);
    expect(edit.body).toEqual({ message: "Post title is required" });
    const before = await count("replies");
    const reply = await member.post(`/api/posts/${postId}/replies`, { content: ZERO_WIDTH_TITLE });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: "Please enter reply content" });
    expect(await count("replies")).toBe(before);
  });

  it("category names and user names", async () => {
    const before = await count("categories");
    const created = await admin.post("/api/categories", { name: ZERO_WIDTH_TITLE, description: "About it" });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ message: "Please fill in all required fields" });
    expect(await count("categories")).toBe(before);
    const renamed = await admin.put(`/api/categories/${categoryId}`, { name: BIDI_ONLY });
    expect(renamed.body).toEqual({ message: "Category name is required" });
    const user = await admin.put(`/api/admin/users/${member.user.id}`, {
      username: ZERO_WIDTH_TITLE,
      email: "x@example.com",
      role: "user",
    });
    expect(user.body).toEqual({ message: "Username is required" });
    const registered = await forum.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { username: BIDI_ONLY, email: "y@example.com", password: "long enough" },
    });
    await checkDocumented(forum.app, "POST", "/api/register", registered);
    expect(registered.json()).toEqual({ message: "Please fill in all fields" });
  });

  it("a first name of invisible characters is stored as no first name", async () => {
    const res = await member.put(`/api/users/${member.user.id}`, { firstName: ZERO_WIDTH_TITLE });
    expect(res.status).toBe(200);
    const row = await forum.db
      .selectFrom("users")
      .select("firstName")
      .where("id", "=", member.user.id)
      .executeTakeFirstOrThrow();
    expect(row.firstName).toBeNull();
  });
});
