// Posts and replies are Markdown; every summary of them the API gives is plain text, on both
// engines: post cards (summary), a profile's replies, search snippets and notification excerpts.
// The content itself comes back exactly as written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, client, insertCategory, signedIn, startForum, type TestForum } from "./harness";

let forum: TestForum;
let categoryId: number;
let author: Client;
let authorName: string;
beforeAll(async () => {
  forum = await startForum();
  categoryId = await insertCategory(forum.db, "Formatting");
  const member = await signedIn(forum, { username: "marker" });
  author = member;
  authorName = member.user.username;
});
afterAll(() => forum.close());

const MARKDOWN = [
  "## Setting up **Vite** with `pnpm`",
  "",
  "Read [the guide](https://vite.dev/guide) first; ~~webpack~~ is gone. <b>raw</b> &amp; done",
  "",
  "```ts",
  "const answer = 42;",
  "```",
  "",
  "- [x] install",
  "- [ ] configure",
].join("\n");
const PLAIN = "Setting up Vite with pnpm Read the guide first; webpack is gone. <b>raw</b> & done const answer = 42;";

async function createPost(content: string, excerpt?: string) {
  const res = await author.post("/api/posts", { title: "Markdown post", content, categoryId, excerpt });
  expect(res.status).toBe(201);
  return res.body as { id: number; slug: string; content: string; summary: string };
}

describe("post summaries", () => {
  it("strip the Markdown from the content, cut at 150 characters with an ellipsis", async () => {
    const created = await createPost(`${MARKDOWN}\n\n${"More words follow here. ".repeat(10)}`);
    expect(created.summary).toBe(
      `${`${PLAIN} install configure ${"More words follow here. ".repeat(10)}`.slice(0, 150)}...`,
    );
    expect(created.content).toBe(`${MARKDOWN}\n\n${"More words follow here. ".repeat(10)}`.trim());

    const one = await client(forum.app).get(`/api/posts/${created.slug}`);
    expect(one.body.summary).toBe(created.summary);
    const list = await client(forum.app).get(`/api/posts?categoryId=${categoryId}`);
    const listed = (list.body as Array<{ id: number; summary: string; content: string }>).find(
      (post) => post.id === created.id,
    );
    expect(listed?.summary).toBe(created.summary);
    expect(listed?.content).toContain("**Vite**");
  });

  it("use the excerpt when there is one, stripped too, and follow an edit", async () => {
    const created = await createPost("**Body** text", "The `short` *version*");
    expect(created.summary).toBe("The short version");
    const edited = await author.put(`/api/posts/${created.id}`, {
      title: "Markdown post",
      content: "Now **edited** body",
      excerpt: null,
      categoryId,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.summary).toBe("Now edited body");
    const again = await client(forum.app).get(`/api/posts/${created.slug}`);
    expect(again.body.summary).toBe("Now edited body");
  });
});

describe("other summaries", () => {
  it("a profile's replies show their plain text", async () => {
    const topic = await createPost("Topic");
    const res = await author.post(`/api/posts/${topic.id}/replies`, { content: "> quoted\n\nMy **answer** is `yes`." });
    expect(res.status).toBe(201);
    const replies = await client(forum.app).get(`/api/users/${authorName}/replies`);
    expect(replies.status).toBe(200);
    const mine = (replies.body as Array<{ id: number; summary: string; content: string }>).find(
      (reply) => reply.id === res.body.id,
    );
    expect(mine?.summary).toBe("quoted My answer is yes.");
    expect(mine?.content).toBe("> quoted\n\nMy **answer** is `yes`.");
  });

  it("search snippets are plain text around the match", async () => {
    await createPost(`Intro paragraph.\n\nThe **zanzibarish** keyword sits in [a link](https://example.com) here.`);
    const res = await client(forum.app).get("/api/search?q=zanzibarish");
    expect(res.status).toBe(200);
    const [hit] = res.body as Array<{ snippet: string; summary: string }>;
    expect(hit?.snippet).toBe("Intro paragraph. The zanzibarish keyword sits in a link here.");
    expect(hit?.summary).toBe("Intro paragraph. The zanzibarish keyword sits in a link here.");
  });

  it("notification excerpts are plain text", async () => {
    const topic = await createPost("Question");
    const replier = await signedIn(forum, { username: "answerer" });
    const res = await replier.post(`/api/posts/${topic.id}/replies`, { content: "Try `npm ci` and **restart**." });
    expect(res.status).toBe(201);
    const notes = await author.get("/api/notifications");
    expect(notes.status).toBe(200);
    expect(notes.body[0].excerpt).toBe("Try npm ci and restart.");
  });
});
