// Landing where you meant to (issue 25): a link to a reply (a notification's) lands on it, fully
// in view at the top, and it stays there while the page around it settles (the ad above grew after
// the scroll, and on phones the replies above took their real height after it); a new post opens
// once published; a signed-in member who opens the login screen is redirected by the server.
import { type APIRequestContext, type Browser, expect, type Page, request, test } from "@playwright/test";
import { openReady, register, snap, uniqueName } from "./helpers";

const HEADER_HEIGHT = 64;

async function apiMember(baseURL: string | undefined): Promise<{ api: APIRequestContext; username: string }> {
  const api = await request.newContext({ baseURL });
  const username = uniqueName("land");
  const registered = await api.post("/api/register", {
    data: { username, email: `${username}@example.com`, password: "landing-password" },
  });
  expect(registered.ok()).toBe(true);
  return { api, username };
}

/** A post by a new author with eight replies long enough to need scrolling, from another member. */
async function threadWithReplies(baseURL: string | undefined) {
  const author = await apiMember(baseURL);
  const replier = await apiMember(baseURL);
  const categories = (await (await author.api.get("/api/categories")).json()) as { id: number }[];
  const created = await author.api.post("/api/posts", {
    data: {
      title: `Landing ${author.username}`,
      content: `Where does the reply land?\n\n${"A long opening paragraph. ".repeat(30)}`,
      categoryId: categories[0]?.id,
    },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { id: number; slug: string; title: string };
  const replyIds: number[] = [];
  for (let n = 1; n <= 8; n++) {
    const reply = await replier.api.post(`/api/posts/${post.id}/replies`, {
      data: { content: `Answer ${n}. ${"A reply long enough to wrap over several lines. ".repeat(5)}` },
    });
    expect(reply.status()).toBe(201);
    replyIds.push(((await reply.json()) as { id: number }).id);
  }
  await replier.api.dispose();
  return { author, post, replyIds };
}

async function authorPage(browser: Browser, author: APIRequestContext, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    storageState: await author.storageState(),
  });
  return context.newPage();
}

/**
 * Waits until nothing above the target can still change height: the HTML ad above the replies
 * has taken its content's height and the reply box its editor.
 */
async function pageSettled(page: Page) {
  const frame = page.locator('iframe[title="CloudHost"]');
  await expect(page.frameLocator('iframe[title="CloudHost"]').getByText("Managed SQLite")).toBeVisible();
  const contentHeight = () =>
    page.frame({ url: /\/ad-frames\// })?.evaluate(() => document.documentElement.scrollHeight) ?? Promise.resolve(-1);
  await expect.poll(async () => (await frame.boundingBox())?.height === (await contentHeight())).toBe(true);
  await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
}

/** Where the reply is on the screen, and whether the page is scrolled to its end. */
async function placeOf(page: Page, replyId: number) {
  const box = await page.locator(`#reply-${replyId}`).boundingBox();
  if (!box) throw new Error(`reply ${replyId} is not on the page`);
  const atPageEnd = await page.evaluate(
    () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
  );
  return { top: box.y, bottom: box.y + box.height, viewport: page.viewportSize()?.height ?? 0, atPageEnd };
}

/**
 * Landed: the whole reply on the screen, just below the fixed header (its scroll margin), unless
 * the page ends too soon below it for that (then it is as high as the page goes).
 */
function expectLanded(place: Awaited<ReturnType<typeof placeOf>>) {
  expect(place.top).toBeGreaterThanOrEqual(HEADER_HEIGHT);
  if (!place.atPageEnd) expect(place.top).toBeLessThanOrEqual(HEADER_HEIGHT + 24);
  expect(place.bottom).toBeLessThanOrEqual(place.viewport);
}

for (const width of [375, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("opening a notification lands on its reply, at the top and fully in view", async ({ browser, baseURL }) => {
      const { author, post, replyIds } = await threadWithReplies(baseURL);
      const page = await authorPage(browser, author.api, width);
      await openReady(page, "/notifications");
      const target = replyIds[3] as number;
      await page
        .getByRole("button", { name: /replied to Landing/ })
        .filter({ hasText: "Answer 4." })
        .click();
      await expect(page).toHaveURL(`/posts/${post.slug}#reply-${target}`);
      await expect(page.locator(`#reply-${target}`)).toHaveAttribute("data-targeted", "true");
      await pageSettled(page);
      const place = await placeOf(page, target);
      // Reply 4 of 8 has the page to reach the top.
      expect(place.atPageEnd).toBe(false);
      expectLanded(place);
      await page.screenshot({ path: `e2e-screenshots/landed-notification-${width}.png` });
      await author.api.dispose();
    });

    test("a link to a reply lands on it; the last reply is fully in view", async ({ browser, baseURL }) => {
      const { author, post, replyIds } = await threadWithReplies(baseURL);
      const page = await authorPage(browser, author.api, width);
      const middle = replyIds[4] as number;
      await openReady(page, `/posts/${post.slug}#reply-${middle}`);
      await expect(page.locator(`#reply-${middle}`)).toHaveAttribute("data-targeted", "true");
      await pageSettled(page);
      expectLanded(await placeOf(page, middle));

      // The last reply cannot reach the top (the page ends below it): it is whole at the bottom.
      const last = replyIds[7] as number;
      await openReady(page, `/posts/${post.slug}#reply-${last}`);
      await expect(page.locator(`#reply-${last}`)).toHaveAttribute("data-targeted", "true");
      await pageSettled(page);
      const atEnd = await placeOf(page, last);
      expect(atEnd.atPageEnd).toBe(true);
      expectLanded(atEnd);
      await page.screenshot({ path: `e2e-screenshots/landed-last-reply-${width}.png` });
      await author.api.dispose();
    });

    test("publishing a post opens it, with the spec's toast", async ({ page }) => {
      await register(page, uniqueName("publish"));
      await page.goto("/trending");
      await page.getByRole("button", { name: "Create", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Create New Post" });
      const title = `Published and opened ${uniqueName("")}`;
      await dialog.getByLabel("Title").fill(title);
      await dialog.getByRole("combobox", { name: "Category" }).click();
      await page.getByRole("option", { name: "Databases" }).click();
      await dialog.getByLabel("Content").fill("The author lands on this page.");
      await dialog.getByRole("button", { name: "Publish Post" }).click();

      await expect(page.getByText("Post created successfully")).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/posts\/published-and-opened-/);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByText("The author lands on this page.")).toBeVisible();
      await snap(page, `published-post-${width}`);
    });

    test("a signed-in member opening the login screen is redirected by the server", async ({ page }) => {
      await register(page, uniqueName("redir"));
      const response = await page.goto("/auth?next=%2Ftrending");
      expect(response?.request().redirectedFrom()?.url()).toMatch(/\/auth\?next=%2Ftrending$/);
      expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(302);
      await expect(page).toHaveURL("/trending");
      await expect(page.getByRole("heading", { level: 1, name: "Trending Discussions" })).toBeVisible();
    });
  });
}
