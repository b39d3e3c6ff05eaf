// Search from the header (wide, and from the slide-over menu on a phone) and the notification bell:
// a member sees the count rise after another member replies, opens it and lands on the reply.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { register, snap, uniqueName } from "./helpers";

test("search from the header: results with the words marked, the query in the URL, Back returns", async ({ page }) => {
  await page.goto("/");
  const box = page.getByRole("searchbox", { name: "Search discussions" });
  await box.fill("monorepo");
  await box.press("Enter");
  await expect(page).toHaveURL("/search?q=monorepo");
  await expect(page.getByRole("heading", { name: "Search results for “monorepo”" })).toBeVisible();
  const result = page.getByRole("article", { name: "How do you structure a pnpm monorepo?" });
  await expect(result).toBeVisible();
  await expect(result.locator("mark").first()).toHaveText(/monorepo/i);
  await expect(page.getByText(/^\d+ results?$/)).toBeVisible();
  await snap(page, "search-results-1280");
  await page.emulateMedia({ colorScheme: "dark" });
  await snap(page, "search-results-1280-dark");
  await page.emulateMedia({ colorScheme: "light" });

  await page.getByText("Newest", { exact: true }).click();
  await expect(page).toHaveURL(/sort=new/);
  await expect(result).toBeVisible();

  await box.fill("zzqx nothing like this");
  await box.press("Enter");
  await expect(page.getByRole("heading", { name: "No results for “zzqx nothing like this”" })).toBeVisible();
  await snap(page, "search-empty-1280");
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=monorepo/);
  // The sort replaced its history entry; one more step back is the page the search started from.
  await page.goBack();
  await expect(page).toHaveURL("/");
});

test("search on a phone: the box is in the slide-over menu", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("searchbox")).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  const box = page.getByRole("navigation", { name: "Feeds" }).locator("..").getByRole("searchbox");
  await expect(box).toBeInViewport();
  await snap(page, "search-menu-375");
  await box.fill("polars pandas");
  await box.press("Enter");
  await expect(page).toHaveURL("/search?q=polars%20pandas");
  await expect(page.getByRole("article", { name: "Polars or pandas for a new analytics project?" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, "search-results-375");
});

async function memberPage(browser: Browser, prefix: string): Promise<{ page: Page; username: string }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const { username } = await register(page, uniqueName(prefix));
  return { page, username };
}

test("a member sees the bell count rise after a reply, opens it and lands on the reply", async ({ browser }) => {
  test.setTimeout(90_000);
  const author = await memberPage(browser, "bell_op");
  const replier = await memberPage(browser, "bell_re");
  const categories = await (await author.page.request.get("/api/categories")).json();
  const created = await author.page.request.post("/api/posts", {
    data: { title: `Bell test ${author.username}`, content: "Who answers first?", categoryId: categories[0].id },
  });
  expect(created.status()).toBe(201);
  const post = await created.json();

  const bell = author.page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications");

  // Enough replies to push the last one below the fold, so landing on it means scrolling there.
  let lastReply = 0;
  for (let i = 1; i <= 8; i++) {
    const answer = await replier.page.request.post(`/api/posts/${post.id}/replies`, {
      data: { content: `Answer number ${i}. ${"A longer reply so the thread needs scrolling. ".repeat(6)}` },
    });
    expect(answer.status()).toBe(201);
    lastReply = (await answer.json()).id;
  }

  // No reload: the count arrives by polling (every 20 s, or when the window regains focus).
  await expect(bell).toHaveAccessibleName("Notifications, 8 unread", { timeout: 30_000 });
  await expect(author.page.getByTestId("notification-count")).toContainText("8");
  await snap(author.page, "bell-count-1280");

  await bell.click();
  const first = author.page
    .getByRole("button", { name: new RegExp(`@${replier.username} replied to Bell test`) })
    .first();
  await expect(first).toBeVisible();
  await snap(author.page, "bell-popover-1280");
  await first.click();

  await expect(author.page).toHaveURL(`/posts/${post.slug}#reply-${lastReply}`);
  const target = author.page.locator(`#reply-${lastReply}`);
  await expect(target).toBeInViewport();
  await expect(target).toContainText("Answer number 8.");
  await expect(bell).toHaveAccessibleName("Notifications, 7 unread");

  await bell.click();
  await author.page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(bell).toHaveAccessibleName("Notifications");
});

test("on a phone the bell opens /notifications", async ({ browser }) => {
  const member = await memberPage(browser, "bell_ph");
  const other = await memberPage(browser, "bell_ot");
  const categories = await (await member.page.request.get("/api/categories")).json();
  const post = await (
    await member.page.request.post("/api/posts", {
      data: { title: `Phone bell ${member.username}`, content: "Body", categoryId: categories[0].id },
    })
  ).json();
  await other.page.request.post(`/api/posts/${post.id}/replies`, { data: { content: `Hi @${member.username}` } });

  await member.page.setViewportSize({ width: 375, height: 800 });
  await member.page.goto("/");
  await member.page.getByRole("link", { name: "Notifications, 1 unread" }).click();
  await expect(member.page).toHaveURL("/notifications");
  await expect(
    member.page.getByRole("button", { name: new RegExp(`@${other.username} mentioned you in`) }),
  ).toBeVisible();
  await snap(member.page, "notifications-375");
  await member.page.emulateMedia({ colorScheme: "dark" });
  await snap(member.page, "notifications-375-dark");

  // The mention is a link to the profile on the post page.
  await member.page.goto(`/posts/${post.slug}`);
  await expect(member.page.getByRole("link", { name: `@${member.username}`, exact: true }).last()).toHaveAttribute(
    "href",
    `/u/${member.username}`,
  );

  // Preferences: saved to the account as each switch changes, the two email switches too; a reload
  // shows what was saved.
  await member.page.goto("/settings");
  await member.page.getByRole("tab", { name: "Preferences" }).click();
  const emailSwitch = member.page.getByRole("switch", { name: /Email Notifications/ });
  await expect(emailSwitch).toBeEnabled();
  await expect(emailSwitch).toBeChecked();
  await expect(member.page.getByRole("switch", { name: /Weekly Digest/ })).not.toBeChecked();
  await emailSwitch.uncheck({ force: true });
  await expect(member.page.getByText("Your preferences have been saved.").first()).toBeVisible();
  await snap(member.page, "preferences-375-dark");
  await member.page.getByRole("switch", { name: /Weekly Digest/ }).check({ force: true });
  await member.page.getByRole("switch", { name: /Reply Notifications/ }).uncheck({ force: true });
  const expected = {
    emailNotifications: false,
    replyNotifications: false,
    weeklyDigest: true,
    showProfileInPosts: true,
  };
  await expect.poll(async () => (await member.page.request.get("/api/users/me/preferences")).json()).toEqual(expected);
  await member.page.reload();
  await member.page.getByRole("tab", { name: "Preferences" }).click();
  await expect(member.page.getByRole("switch", { name: /Email Notifications/ })).not.toBeChecked();
  await expect(member.page.getByRole("switch", { name: /Weekly Digest/ })).toBeChecked();
  await expect(member.page.getByRole("switch", { name: /Reply Notifications/ })).not.toBeChecked();
});
