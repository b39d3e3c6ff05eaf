// A live forum (issue 31), two members in two browsers: another member's reply waits behind
// "1 new reply" in the open discussion without a reload, the bell rises at once, votes and a
// deletion show as they happen, and the member's own reply just appears.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { register, snap, uniqueName } from "./helpers";

async function memberPage(browser: Browser, prefix: string, width = 1280): Promise<{ page: Page; username: string }> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  const { username } = await register(page, uniqueName(prefix));
  return { page, username };
}

async function createPost(page: Page, title: string) {
  const categories = await (await page.request.get("/api/categories")).json();
  const created = await page.request.post("/api/posts", {
    data: { title, content: "What changed in your stack this year?", categoryId: categories[0].id },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: number; slug: string };
}

/** The page's live stream is open (EventSource connected): the bell stops polling then. */
async function streamOpen(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByType("resource").some((entry) => entry.name.includes("/api/events"))),
    )
    .toBe(true);
}

test("another member's reply arrives as “1 new reply” and the bell rises, without a reload", async ({ browser }) => {
  test.setTimeout(90_000);
  const reader = await memberPage(browser, "live_rd");
  const other = await memberPage(browser, "live_ot");
  const post = await createPost(reader.page, `Live thread ${reader.username}`);

  await reader.page.goto(`/posts/${post.slug}`);
  await expect(reader.page.getByRole("heading", { name: "0 Replies" })).toBeVisible();
  await streamOpen(reader.page);
  const bell = reader.page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications");

  const first = await other.page.request.post(`/api/posts/${post.id}/replies`, {
    data: { content: "Mostly moved builds to Turborepo." },
  });
  expect(first.status()).toBe(201);
  const newReplies = reader.page.getByRole("button", { name: "1 new reply" });
  // Within the poll's 20 s the stream must have done it: a short wait proves it was not the poll.
  await expect(newReplies).toBeVisible({ timeout: 5_000 });
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 5_000 });
  // Not put in the list yet: the page does not move under the reader.
  await expect(reader.page.getByText("Mostly moved builds to Turborepo.")).toBeHidden();
  await snap(reader.page, "live-new-reply-1280");

  await other.page.request.post(`/api/posts/${post.id}/replies`, { data: { content: "We dropped Webpack." } });
  await expect(reader.page.getByRole("button", { name: "2 new replies" })).toBeVisible({ timeout: 5_000 });
  await reader.page.getByRole("button", { name: "2 new replies" }).click();
  await expect(reader.page.getByText("Mostly moved builds to Turborepo.")).toBeVisible();
  await expect(reader.page.getByText("We dropped Webpack.")).toBeVisible();
  await expect(reader.page.getByRole("heading", { name: "2 Replies" })).toBeVisible();
  await expect(reader.page.getByRole("button", { name: /new repl/ })).toHaveCount(0);

  // The reader's own reply just appears: no "new reply" for it.
  await reader.page.getByRole("textbox", { name: "Your reply" }).fill("Thanks, both of you.");
  await reader.page.getByRole("button", { name: "Post Reply" }).click();
  await expect(reader.page.getByRole("heading", { name: "3 Replies" })).toBeVisible();
  const own = reader.page.locator('[id^="reply-"]').filter({ hasText: "Thanks, both of you." });
  await expect(own).toBeVisible();
  // The reader reads to the end: the page reports the last reply it had on screen. (The replies
  // are read again after the reply, so the element may be replaced while it is scrolled to.)
  const ownId = Number((await own.getAttribute("id"))?.slice("reply-".length));
  await expect(() => reader.page.locator(`#reply-${ownId}`).scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  const position = async () =>
    (await (await reader.page.request.get(`/api/posts/${post.id}/read`)).json()).lastReadReplyId as number;
  await expect.poll(position, { timeout: 15_000 }).toBe(ownId);
  await expect(reader.page.getByRole("button", { name: /new repl/ })).toHaveCount(0);

  // Another member's vote changes the count on the reader's screen.
  const post_votes = reader.page.getByRole("group", { name: "Votes" }).first();
  await other.page.request.post("/api/votes", { data: { postId: post.id, type: "upvote" } });
  await expect(post_votes.getByText("1 upvotes")).toBeVisible({ timeout: 5_000 });

  // One more reply, not revealed; the reader leaves, and the home feed says "1 new" on it.
  await other.page.request.post(`/api/posts/${post.id}/replies`, { data: { content: "One more thing." } });
  await expect(reader.page.getByRole("button", { name: "1 new reply" })).toBeVisible({ timeout: 5_000 });
  await reader.page.goto("/?sort=new");
  const card = reader.page.getByRole("article", { name: `Live thread ${reader.username}` });
  await expect(card.getByText("1 new", { exact: true })).toBeVisible();
  await snap(reader.page, "live-feed-1-new-1280");
  await card.getByRole("link", { name: `Live thread ${reader.username}`, exact: true }).click();
  await expect(reader.page.locator('[id^="reply-"]').filter({ hasText: "One more thing." })).toBeInViewport();
  await streamOpen(reader.page);

  // Deleted while open (here by its author, from elsewhere): the page says so.
  expect((await reader.page.request.delete(`/api/posts/${post.id}`)).status()).toBe(200);
  await expect(reader.page.getByRole("alert").filter({ hasText: "This post has been deleted" })).toBeVisible({
    timeout: 5_000,
  });
});

test("on a phone the new replies button sits above the bottom edge", async ({ browser }) => {
  const reader = await memberPage(browser, "live_ph", 375);
  const other = await memberPage(browser, "live_po");
  const post = await createPost(reader.page, `Live phone ${reader.username}`);
  await reader.page.goto(`/posts/${post.slug}`);
  await streamOpen(reader.page);
  await other.page.request.post(`/api/posts/${post.id}/replies`, { data: { content: "Hello from afar." } });
  const button = reader.page.getByRole("button", { name: "1 new reply" });
  await expect(button).toBeInViewport({ timeout: 5_000 });
  const overflow = await reader.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(reader.page, "live-new-reply-375");
  await button.click();
  await expect(reader.page.getByText("Hello from afar.")).toBeVisible();
});

/** What the browser does when the reader switches to another tab and back. */
async function setTabHidden(page: Page, hidden: boolean) {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, "visibilityState", { value: isHidden ? "hidden" : "visible", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

test("a hidden tab lets its stream go and, shown again, hears what it missed", async ({ browser }) => {
  const reader = await memberPage(browser, "live_hd");
  const other = await memberPage(browser, "live_ho");
  const post = await createPost(reader.page, `Live hidden ${reader.username}`);
  await reader.page.goto(`/posts/${post.slug}`);
  await streamOpen(reader.page);
  const streams = () =>
    reader.page.evaluate(
      () => performance.getEntriesByType("resource").filter((e) => e.name.includes("/api/events")).length,
    );
  const before = await streams();

  await setTabHidden(reader.page, true);
  await other.page.request.post(`/api/posts/${post.id}/replies`, { data: { content: "Written while you were away." } });
  await setTabHidden(reader.page, false);
  // A new stream, resuming from the last event the first one heard.
  await expect.poll(streams).toBeGreaterThan(before);
  await expect(reader.page.getByRole("button", { name: "1 new reply" })).toBeVisible({ timeout: 5_000 });
  await expect(reader.page.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();
});
