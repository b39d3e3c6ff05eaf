// Forms that work before the web app is live or without JavaScript (issue 26): sign-in,
// registration and the reply box post natively; the server answers 303 with the app's words as a
// flash, which the next page shows once.
import { totpCode, totpStepAt } from "@forum/api";
import { FLASH_COOKIE, TWO_STEP_MESSAGES } from "@forum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, insertCategory, insertPost, insertUser, signedIn, startForum, type TestForum } from "./harness";
import { requireWebBuild } from "./webBuild";

let forum: TestForum;
let post: { id: number; slug: string };

beforeAll(async () => {
  forum = await startForum({ webDistDir: requireWebBuild() });
  const author = await insertUser(forum.db, { username: "author_a" });
  const categoryId = await insertCategory(forum.db, "Native");
  post = await insertPost(forum.db, { authorId: author.id, categoryId, title: "Posted natively" });
});
afterAll(() => forum.close());

type Jar = { cookies: Map<string, string> };
const jar = (): Jar => ({ cookies: new Map() });

/** A browser's form post: urlencoded, with its Origin, keeping the cookies it is given. */
async function submit(browser: Jar, url: string, fields: Record<string, string>, origin = "http://localhost:80") {
  const response = await forum.app.inject({
    method: "POST",
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie: cookieHeader(browser) },
  });
  keep(browser, response.cookies);
  return response;
}

async function open(browser: Jar, url: string) {
  const response = await forum.app.inject({ method: "GET", url, headers: { cookie: cookieHeader(browser) } });
  keep(browser, response.cookies);
  return response;
}

function cookieHeader(browser: Jar): string {
  return [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

function keep(browser: Jar, cookies: { name: string; value: string; maxAge?: number }[]) {
  for (const cookie of cookies) {
    if (!cookie.value || cookie.maxAge === 0) browser.cookies.delete(cookie.name);
    else browser.cookies.set(cookie.name, cookie.value);
  }
}

/** The flash alert of a page's HTML: its role and its text. */
function flashOf(html: string): { role: string; text: string } | null {
  const match = html.match(/<div[^>]*data-flash="true"[^>]*role="(\w+)"[^>]*>([\s\S]*?)<button/);
  if (!match) return null;
  return {
    role: match[1] ?? "",
    text: (match[2] ?? "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  };
}

/** The flash in a page's data (what the app reads on hydration), or null. */
function pageFlash(html: string): Record<string, unknown> | null {
  const data = html.match(/<script type="application\/json" id="[^"]+">([\s\S]*?)<\/script>/)?.[1];
  const queries = JSON.parse(data ?? "[]") as [unknown, unknown][];
  const flash = queries.find(([key]) => JSON.stringify(key) === '["flash"]');
  return (flash?.[1] as Record<string, unknown> | undefined) ?? null;
}

describe("sign-in form", () => {
  it("signs in and returns to the page the visitor came from, saying so once", async () => {
    const user = await insertUser(forum.db, { username: "native_in" });
    const browser = jar();
    const response = await submit(browser, `/auth?tab=login&next=${encodeURIComponent(`/posts/${post.slug}`)}`, {
      username: user.username,
      password: user.password,
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/posts/${post.slug}`);
    expect(browser.cookies.has("forum_session")).toBe(true);
    const page = await open(browser, `/posts/${post.slug}`);
    expect(flashOf(page.body)).toEqual({ role: "status", text: "Success Logged in successfully" });
    // The member's own page: their avatar link, no Login button.
    expect(page.body).toContain('aria-label="Your profile"');
    // Once: the next page no longer says it.
    expect(flashOf((await open(browser, `/posts/${post.slug}`)).body)).toBeNull();
  });

  it("hands the vote a visitor came to cast to the page they return to, once", async () => {
    const user = await insertUser(forum.db, { username: "native_vote" });
    const browser = jar();
    const next = encodeURIComponent(`/posts/${post.slug}`);
    const response = await submit(browser, `/auth?tab=login&next=${next}&reason=vote&resume=upvote`, {
      username: user.username,
      password: user.password,
    });
    expect(response.statusCode).toBe(303);
    // The page's data carries the action for the app to do (VoteButtons casts it, once).
    expect(pageFlash((await open(browser, `/posts/${post.slug}`)).body)).toMatchObject({ resume: "upvote" });
    expect(pageFlash((await open(browser, `/posts/${post.slug}`)).body)).toBeNull();
    // Nothing but the known actions travels.
    const unknown = jar();
    await submit(unknown, `/auth?tab=login&next=${next}&resume=delete-everything`, {
      username: user.username,
      password: user.password,
    });
    expect(pageFlash((await open(unknown, `/posts/${post.slug}`)).body)).not.toHaveProperty("resume");
  });

  it("sends a wrong password back to the form with the spec's words and the username kept", async () => {
    const user = await insertUser(forum.db, { username: "native_wrong" });
    const browser = jar();
    const response = await submit(browser, "/login?next=%2Fsettings", { username: user.username, password: "nope" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/login?next=%2Fsettings&tab=login");
    expect(browser.cookies.has("forum_session")).toBe(false);
    const page = await open(browser, response.headers.location as string);
    expect(flashOf(page.body)).toEqual({ role: "alert", text: "Login failed Invalid username or password" });
    expect(page.body).toMatch(/name="username"[^>]*value="native_wrong"/);
    expect(page.body).not.toContain("nope");
  });

  it("with two-step sign-in on, sends the password to the code's form, keeps it after a wrong code, and signs in with a right one", async () => {
    const user = await insertUser(forum.db, { username: "native_two_step" });
    const setUp = client(forum.app);
    await setUp.post("/api/login", { username: user.username, password: user.password });
    const { secret } = (await setUp.post("/api/users/me/two-step/setup")).body as { secret: string };
    const codeAt = (at: number) => totpCode(secret, totpStepAt(at));
    expect((await setUp.post("/api/users/me/two-step/enable", { code: codeAt(Date.now()) })).status).toBe(200);

    const browser = jar();
    const at = `/auth?tab=login&next=${encodeURIComponent(`/posts/${post.slug}`)}`;
    const passwordStep = await submit(browser, at, { username: user.username, password: user.password });
    expect(passwordStep.statusCode).toBe(303);
    expect(passwordStep.headers.location).toBe(at);
    expect(passwordStep.headers.location).not.toContain("challenge");
    expect(browser.cookies.has("forum_session")).toBe(false);
    const codePage = await open(browser, passwordStep.headers.location as string);
    // The code's form, with the challenge for its post; no message above it.
    expect(codePage.body).toContain("Authentication code");
    const challenge = codePage.body.match(/name="challenge" value="([^"]+)"/)?.[1] ?? "";
    expect(challenge).not.toBe("");
    expect(flashOf(codePage.body)).toBeNull();

    const wrong = await submit(browser, passwordStep.headers.location as string, { challenge, code: "000000" });
    const again = await open(browser, wrong.headers.location as string);
    expect(flashOf(again.body)).toEqual({ role: "alert", text: `Login failed ${TWO_STEP_MESSAGES.codeWrong}` });
    expect(again.body).toContain(`name="challenge" value="${challenge}"`);

    // The next step's code: later than the one that turned it on, inside the drift window.
    const right = await submit(browser, wrong.headers.location as string, {
      challenge,
      code: codeAt(Date.now() + 30_000),
    });
    expect(right.headers.location).toBe(`/posts/${post.slug}`);
    expect(browser.cookies.has("forum_session")).toBe(true);
    expect(flashOf((await open(browser, `/posts/${post.slug}`)).body)).toEqual({
      role: "status",
      text: "Success Logged in successfully",
    });
  });

  it("says which fields are missing as the app does", async () => {
    const browser = jar();
    const response = await submit(browser, "/auth?tab=login", { username: "", password: "" });
    const page = await open(browser, response.headers.location as string);
    expect(flashOf(page.body)).toEqual({ role: "alert", text: "Missing information Please fill in all fields" });
  });
});

describe("registration form", () => {
  it("creates the account, signs it in and goes home", async () => {
    const browser = jar();
    const response = await submit(browser, "/auth?tab=register", {
      username: "native_new",
      email: "native_new@example.com",
      password: "long-enough-1",
      confirmPassword: "long-enough-1",
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/");
    const me = await forum.app.inject({ method: "GET", url: "/api/user", headers: { cookie: cookieHeader(browser) } });
    expect(me.json()).toMatchObject({ username: "native_new" });
    expect(flashOf((await open(browser, "/")).body)?.text).toBe("Success Account created successfully");
  });

  it("checks the confirmation and a taken name with the app's words, keeping name and email", async () => {
    const browser = jar();
    const mismatch = await submit(browser, "/auth?tab=register", {
      username: "native_two",
      email: "native_two@example.com",
      password: "long-enough-1",
      confirmPassword: "long-enough-2",
    });
    const page = await open(browser, mismatch.headers.location as string);
    expect(flashOf(page.body)).toEqual({ role: "alert", text: "Password mismatch Passwords do not match" });
    expect(page.body).toMatch(/name="email"[^>]*value="native_two@example.com"/);
    const taken = await submit(browser, "/auth?tab=register", {
      username: "native_new",
      email: "other@example.com",
      password: "long-enough-1",
      confirmPassword: "long-enough-1",
    });
    expect(flashOf((await open(browser, taken.headers.location as string)).body)?.text).toBe(
      "Registration failed Username may already exist or invalid data. That username is already taken",
    );
  });
});

describe("reply form", () => {
  it("adds the reply and lands on it", async () => {
    const member = await signedIn(forum, { username: "native_replier" });
    const browser = jar();
    browser.cookies.set("forum_session", (member.jar.cookie ?? "").replace("forum_session=", ""));
    const response = await submit(browser, `/posts/${post.slug}`, {
      postId: String(post.id),
      content: "Sent by the browser itself",
    });
    expect(response.statusCode).toBe(303);
    const reply = await forum.db
      .selectFrom("replies")
      .select(["id", "authorId"])
      .where("content", "=", "Sent by the browser itself")
      .executeTakeFirstOrThrow();
    expect(reply.authorId).toBe(member.user.id);
    expect(response.headers.location).toBe(`/posts/${post.slug}#reply-${reply.id}`);
    const page = await open(browser, `/posts/${post.slug}`);
    expect(flashOf(page.body)?.text).toBe("Success Reply posted successfully");
    expect(page.body).toContain("Sent by the browser itself");
  });

  it("keeps the text of a refused reply and says why", async () => {
    const member = await signedIn(forum, { username: "native_blank" });
    const browser = jar();
    browser.cookies.set("forum_session", (member.jar.cookie ?? "").replace("forum_session=", ""));
    const response = await submit(browser, `/posts/${post.slug}`, { postId: "999999", content: "Into the void" });
    expect(response.headers.location).toBe(`/posts/${post.slug}`);
    const page = await open(browser, `/posts/${post.slug}`);
    expect(flashOf(page.body)).toEqual({ role: "alert", text: "Error Post not found" });
    expect(page.body).toMatch(/<textarea[^>]*name="content"[^>]*>Into the void<\/textarea>/);
  });

  it("sends a visitor to sign in first, and back", async () => {
    const response = await submit(jar(), `/posts/${post.slug}`, { postId: String(post.id), content: "Hello" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `/auth?${new URLSearchParams({ next: `/posts/${post.slug}`, reason: "reply" })}`,
    );
  });
});

describe("what the forms refuse", () => {
  it("refuses another site's form, as every write", async () => {
    const user = await insertUser(forum.db, { username: "native_csrf" });
    const browser = jar();
    const response = await submit(
      browser,
      "/auth?tab=login",
      { username: user.username, password: user.password },
      "https://evil.example",
    );
    expect(response.statusCode).toBe(403);
    expect(browser.cookies.has("forum_session")).toBe(false);
  });

  it("never takes a form body on the API doors", async () => {
    const user = await insertUser(forum.db, { username: "native_api" });
    const response = await submit(jar(), "/api/login", { username: user.username, password: user.password });
    expect(response.statusCode).toBe(415);
  });

  it("ignores a flash cookie that is not one of the forum's", async () => {
    const browser = jar();
    browser.cookies.set(FLASH_COOKIE, Buffer.from('{"title":1}').toString("base64url"));
    const page = await open(browser, "/");
    expect(page.statusCode).toBe(200);
    expect(flashOf(page.body)).toBeNull();
    expect(browser.cookies.has(FLASH_COOKIE)).toBe(false);
  });
});
