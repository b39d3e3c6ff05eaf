// What is new to me (issue 31): a member reads a discussion to its end, another member replies,
// and the first member's home feed says "1 new" on it; opening it lands on the new reply with
// "Jump to top"; the feed's Unread choice lists it, and Mark all as read clears it.
import { type APIRequestContext, expect, type Page, request, test } from "@playwright/test";
import { openReady, uniqueName } from "./helpers";

async function apiMember(baseURL: string | undefined): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const username = uniqueName("unread");
  const registered = await api.post("/api/register", {
    data: { username, email: `${username}@example.com`, password: "unread-password" },
  });
  expect(registered.ok()).toBe(true);
  return api;
}

async function replyTo(api: APIRequestContext, postId: number, n: number): Promise<number> {
  const reply = await api.post(`/api/posts/${postId}/replies`, {
    data: { content: `Answer ${n}. ${"A reply long enough to wrap over several lines. ".repeat(5)}` },
  });
  expect(reply.status()).toBe(201);
  return ((await reply.json()) as { id: number }).id;
}

/** The reader's position as the server has it (the page sends it within a few seconds). */
async function positionOf(reader: APIRequestContext, postId: number): Promise<number | null> {
  const answer = await reader.get(`/api/posts/${postId}/read`);
  return ((await answer.json()) as { lastReadReplyId: number | null }).lastReadReplyId;
}

const cardOf = (page: Page, title: string) => page.getByRole("article", { name: title });

/** What the reader sees (the viewport, not the whole page), for a person to look at. */
const shot = (page: Page, name: string) => page.screenshot({ path: `e2e-screenshots/${name}.png` });

test("a member sees what is new to them, lands on it, and marks everything read", async ({ browser, baseURL }) => {
  const reader = await apiMember(baseURL);
  const author = await apiMember(baseURL);
  const categories = (await (await author.get("/api/categories")).json()) as { id: number }[];
  const title = `Unread ${uniqueName("")}`;
  const created = await author.post("/api/posts", {
    data: { title, content: "Who reads to the end?", categoryId: categories[0]?.id },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { id: number; slug: string };
  const replyIds: number[] = [];
  for (let n = 1; n <= 6; n++) replyIds.push(await replyTo(author, post.id, n));

  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: await reader.storageState(),
  });
  const page = await context.newPage();

  // Before opening it: "New" on the home feed.
  await openReady(page, "/?sort=new");
  await expect(cardOf(page, title).getByText("New", { exact: true })).toBeVisible();

  // Read to the end: the page reports the last reply it had on screen.
  await openReady(page, `/posts/${post.slug}`);
  const last = replyIds[5] as number;
  await page.locator(`#reply-${last}`).scrollIntoViewIfNeeded();
  await expect.poll(() => positionOf(reader, post.id), { timeout: 15_000 }).toBe(last);

  // Another member replies; the feed says "1 new" on the discussion.
  const fresh = await replyTo(author, post.id, 7);
  await openReady(page, "/?sort=new");
  const card = cardOf(page, title);
  await expect(card.getByText("1 new", { exact: true })).toBeVisible();
  await expect(card.getByText("New", { exact: true })).toHaveCount(0);
  await shot(page, "unread-feed-1280");
  const phone = await browser.newContext({
    viewport: { width: 375, height: 800 },
    storageState: await reader.storageState(),
  });
  const phonePage = await phone.newPage();
  await openReady(phonePage, "/?sort=new");
  await cardOf(phonePage, title).scrollIntoViewIfNeeded();
  await expect(cardOf(phonePage, title).getByText("1 new", { exact: true })).toBeVisible();
  await shot(phonePage, "unread-feed-375");
  await phone.close();

  // The Unread choice lists it.
  await page.getByRole("combobox", { name: "Sort discussions" }).selectOption("unread");
  await expect(page).toHaveURL("/?sort=unread");
  await expect(cardOf(page, title).getByText("1 new", { exact: true })).toBeVisible();
  await shot(page, "unread-choice-1280");

  // Opening it lands on the new reply, with a way back to the top.
  await cardOf(page, title).getByRole("link", { name: title, exact: true }).click();
  await expect(page).toHaveURL(`/posts/${post.slug}`);
  await expect(page.locator(`#reply-${fresh}`)).toHaveAttribute("data-landed", "true");
  const jump = page.getByRole("button", { name: "Jump to top" });
  await expect(jump).toBeVisible();
  await shot(page, "unread-landed-1280");
  await expect.poll(() => positionOf(reader, post.id), { timeout: 15_000 }).toBe(fresh);
  await jump.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // Two more replies: Unread shows "2 new"; Mark all as read clears it.
  await replyTo(author, post.id, 8);
  await replyTo(author, post.id, 9);
  await openReady(page, "/?sort=unread");
  await expect(cardOf(page, title).getByText("2 new", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByText("You have read everything.")).toBeVisible();
  await page.getByRole("combobox", { name: "Sort discussions" }).selectOption("new");
  await expect(cardOf(page, title)).toBeVisible();
  await expect(cardOf(page, title).getByText(/new$/)).toHaveCount(0);

  await context.close();
  await reader.dispose();
  await author.dispose();
});
