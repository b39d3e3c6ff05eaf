// Feedback people can read (issue 25), each at a phone's width and a laptop's: a taken username or
// email named under its field, preferences saved as they change, a ban explained, Read More links
// that say what they open, the pin as an icon, a light/dark switch on narrow phones, the admin
// menu's account link named for what it opens, ads that fill the category grid and follow the
// dark theme. (Toast contrast is checked by the axe walk, accessibility.spec.ts.)
import { type APIRequestContext, type Browser, expect, type Page, type Request, request, test } from "@playwright/test";
import { ADMIN, openReady, register, snap, uniqueName } from "./helpers";

async function adminApi(baseURL: string | undefined): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  expect((await api.post("/api/login", { data: ADMIN })).ok()).toBe(true);
  return api;
}

/** A member registered through the API, with their own browser at `width`. */
async function memberBrowser(browser: Browser, width: number, colorScheme: "light" | "dark" = "light") {
  const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme });
  const username = uniqueName("fb");
  const registered = await context.request.post("/api/register", {
    data: { username, email: `${username}@example.com`, password: "feedback-password" },
  });
  expect(registered.ok()).toBe(true);
  return { page: await context.newPage(), user: (await registered.json()) as { id: number; username: string } };
}

/**
 * Watches the page's API calls (the live stream aside, which stays open); the answer resolves
 * once none has been running for a second, i.e. the page has made the calls it makes by itself.
 */
function watchApiCalls(page: Page): () => Promise<void> {
  // The calls themselves, not a count: one that began before the watch may end during it.
  const running = new Set<Request>();
  let changedAt = Date.now();
  const isCall = (url: string) => {
    const path = new URL(url).pathname;
    return (path.startsWith("/trpc/") || path.startsWith("/api/")) && path !== "/api/events";
  };
  page.on("request", (request) => {
    if (!isCall(request.url())) return;
    running.add(request);
    changedAt = Date.now();
  });
  const ended = (request: Request) => {
    if (running.delete(request)) changedAt = Date.now();
  };
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return () => expect.poll(() => running.size === 0 && Date.now() - changedAt >= 1_000).toBe(true);
}

/** Opens the slide-over menu on a phone (a no-op where the sidebar is always shown). */
async function openMenu(page: Page) {
  const burger = page.getByRole("button", { name: "Open menu" });
  if (await burger.isVisible()) await burger.click();
}

/** WCAG relative luminance of a computed `rgb(...)` colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

for (const width of [375, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("a taken username or email is named under its field, beside the spec's toast", async ({ page, baseURL }) => {
      const api = await request.newContext({ baseURL });
      const existing = uniqueName("taken");
      expect(
        (
          await api.post("/api/register", {
            data: { username: existing, email: `${existing}@example.com`, password: "taken-password" },
          })
        ).ok(),
      ).toBe(true);
      await api.dispose();

      await openReady(page, "/auth?tab=register");
      const panel = page.getByRole("tabpanel", { name: "Register" });
      await panel.getByLabel("Username").fill(existing.toUpperCase());
      await panel.getByLabel("Email").fill(`${uniqueName("fresh")}@example.com`);
      await panel.getByLabel("Password", { exact: true }).fill("member-password-1");
      await panel.getByLabel("Confirm Password").fill("member-password-1");
      await panel.getByRole("button", { name: "Create Account" }).click();
      await expect(page.getByText("Registration failed")).toBeVisible();
      await expect(panel.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
      await expect(panel.getByText("That username is already taken", { exact: true })).toBeVisible();
      await snap(page, `register-username-taken-${width}`);

      // Typing clears the mark; a taken email is named under Email.
      await panel.getByLabel("Username").fill(uniqueName("fresh"));
      await expect(panel.getByText("That username is already taken", { exact: true })).toBeHidden();
      await panel.getByLabel("Email").fill(`${existing}@example.com`);
      await panel.getByRole("button", { name: "Create Account" }).click();
      await expect(panel.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
      await expect(panel.getByText("That email address is already registered", { exact: true })).toBeVisible();
      await expect(panel.getByLabel("Username")).not.toHaveAttribute("aria-invalid", "true");
    });

    test("a preference is saved as its switch changes, with a toast", async ({ page }) => {
      await register(page, uniqueName("prefs"));
      await page.goto("/settings?tab=preferences");
      const replies = page.getByRole("switch", { name: /Reply Notifications/ });
      await expect(replies).toBeChecked();
      await replies.click({ force: true });
      await expect(page.getByText("Your preferences have been saved.")).toBeVisible();
      await snap(page, `preferences-saved-${width}`);
      // Leaving at once loses nothing.
      await page.getByRole("tab", { name: "Profile" }).click();
      await page.goto("/");
      const saved = await (await page.request.get("/api/users/me/preferences")).json();
      expect(saved).toMatchObject({ replyNotifications: false, showProfileInPosts: true });
      await page.goto("/settings?tab=preferences");
      await expect(page.getByRole("switch", { name: /Reply Notifications/ })).not.toBeChecked();
      await expect(page.getByRole("button", { name: "Save Preferences" })).toHaveCount(0);
    });

    test("a member banned while signed in is told so on the next page", async ({ browser, baseURL }) => {
      const admin = await adminApi(baseURL);
      const { page, user } = await memberBrowser(browser, width);
      await openReady(page, "/trending");
      await expect(page.getByRole("button", { name: "Create", exact: true })).toBeVisible();
      expect((await admin.put(`/api/admin/users/${user.id}/ban`, { data: { banned: true } })).ok()).toBe(true);

      await openReady(page, "/");
      await expect(
        page.getByRole("main").getByRole("alert").filter({ hasText: "Your account has been banned" }),
      ).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
      await snap(page, `banned-notice-${width}`);
      // Told once: the next page is a visitor's.
      await openReady(page, "/trending");
      await expect(page.getByText("Your account has been banned")).toHaveCount(0);
      await admin.dispose();
    });

    test("a member banned while on a page is told there at their next action", async ({ browser, baseURL }) => {
      const admin = await adminApi(baseURL);
      const { page, user } = await memberBrowser(browser, width);
      await openReady(page, "/cats/databases");
      // The post page reads and reports the member's reading as it opens (issue 31); a ban before
      // those calls would be told by them, at once, rather than at the member's next action.
      const quiet = watchApiCalls(page);
      await page.getByRole("article").first().getByRole("heading").getByRole("link").click();
      const upvote = page.getByRole("group", { name: "Votes", exact: true }).getByRole("button", { name: "Upvote" });
      await expect(upvote).toBeVisible();
      await quiet();
      expect((await admin.put(`/api/admin/users/${user.id}/ban`, { data: { banned: true } })).ok()).toBe(true);
      await upvote.click();
      await expect(
        page.getByRole("main").getByRole("alert").filter({ hasText: "Your account has been banned" }),
      ).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
      await snap(page, `banned-on-page-${width}`);
      await admin.dispose();
    });

    test("each Read More link says which post it opens", async ({ page }) => {
      await openReady(page, "/");
      const cards = page.getByRole("article");
      await expect(cards).toHaveCount(20);
      const titles = await cards.evaluateAll((articles) =>
        articles.map((article) => article.getAttribute("aria-label")),
      );
      const links = page.getByRole("link", { name: /^Read More/ });
      await expect(links).toHaveCount(20);
      for (const [index, title] of titles.entries()) {
        await expect(links.nth(index)).toHaveAccessibleName(`Read More about ${title}`);
        // In the link's text itself, which search engines and link lists read (not only an aria-label).
        expect(await links.nth(index).evaluate((link) => link.textContent)).toBe(`Read More about ${title}`);
        await expect(links.nth(index)).not.toHaveAttribute("aria-label");
      }
      await expect(links.first()).toHaveText(/^Read More/);
      expect((await links.first().boundingBox())?.width).toBeLessThan(150);
    });

    test("the feed's Pinned badge shows the pin icon, not an emoji", async ({ page, baseURL }) => {
      const admin = await adminApi(baseURL);
      const categories = (await (await admin.get("/api/categories")).json()) as { id: number }[];
      const title = `Pinned for the badge ${uniqueName("")}`;
      const created = await admin.post("/api/posts", {
        data: { title, content: "Pinned to check its badge.", categoryId: categories[0]?.id },
      });
      const post = (await created.json()) as { id: number; categoryId: number };
      const edit = (pinned: boolean) =>
        admin.put(`/api/posts/${post.id}`, {
          data: { title, content: "Pinned to check its badge.", categoryId: post.categoryId, pinned },
        });
      expect((await edit(true)).ok()).toBe(true);
      try {
        await openReady(page, "/");
        const card = page.getByRole("article", { name: title });
        const badge = card.locator(".mantine-Badge-root").filter({ hasText: "Pinned" });
        await expect(badge).toHaveText("Pinned");
        await expect(badge.locator("svg")).toBeVisible();
        await expect(card).not.toContainText("📌");
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `e2e-screenshots/pinned-badge-${width}.png` });
      } finally {
        expect((await edit(false)).ok()).toBe(true);
        await admin.dispose();
      }
    });

    test("light or dark can be chosen at every width", async ({ page }) => {
      await openReady(page, "/");
      await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
      if (width < 576) {
        await expect(page.getByRole("banner").getByRole("button", { name: "Use dark theme" })).toBeHidden();
        await openMenu(page);
        const inMenu = page.getByRole("button", { name: "Use dark theme" });
        await expect(inMenu).toBeVisible();
        await inMenu.click();
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
        await expect(page.getByRole("button", { name: "Use light theme" })).toBeVisible();
        await snap(page, "phone-menu-dark-375");
        await page.getByRole("button", { name: "Use light theme" }).click();
      } else {
        await page.getByRole("banner").getByRole("button", { name: "Use dark theme" }).click();
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
        await page.getByRole("banner").getByRole("button", { name: "Use light theme" }).click();
      }
      await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
    });

    test("the admin menu names the link to the member's own account", async ({ page, baseURL }) => {
      const admin = await adminApi(baseURL);
      await page.context().addCookies((await admin.storageState()).cookies);
      await openReady(page, "/admin");
      await openMenu(page);
      const menu = page.getByRole("navigation", { name: "Admin menu" });
      await expect(menu.getByRole("link", { name: "My Account Settings" })).toHaveAttribute("href", "/settings");
      await expect(menu.getByRole("link", { name: "Settings", exact: true })).toHaveCount(0);
      await snap(page, `admin-menu-${width}`);
      await admin.dispose();
    });

    test("between-posts ads fill the category grid without empty cells", async ({ page }) => {
      await openReady(page, "/cats/javascript?view=grid");
      const grid = page.locator(".paged-grid");
      await expect(grid.getByRole("article").first()).toBeVisible();
      await expect(grid.getByRole("complementary", { name: /^Advertisement/ }).first()).toBeVisible();
      const boxes = await grid.evaluate((element) =>
        [...element.children].map((child) => {
          const box = child.getBoundingClientRect();
          return { top: Math.round(box.top), left: Math.round(box.left) };
        }),
      );
      const rows = new Map<number, number>();
      for (const box of boxes) rows.set(box.top, (rows.get(box.top) ?? 0) + 1);
      const perRow = [...rows.values()];
      const columns = perRow[0] ?? 0;
      expect(columns).toBe(width < 576 ? 1 : 2);
      // Every row but the last is full.
      expect(perRow.slice(0, -1).every((count) => count === columns)).toBe(true);
      await snap(page, `category-grid-ads-${width}`);
    });

    test("an HTML ad that allows it follows the dark theme", async ({ browser }) => {
      for (const scheme of ["light", "dark"] as const) {
        const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: scheme });
        const page = await context.newPage();
        await openReady(page, "/cats/databases");
        await page.getByRole("article").first().getByRole("heading").getByRole("link").click();
        await expect(page.getByRole("heading", { level: 2, name: /^\d+ Repl(y|ies)$/ })).toBeVisible();
        const ad = page.getByRole("complementary", { name: "Advertisement: CloudHost" });
        await ad.scrollIntoViewIfNeeded();
        const box = page.frameLocator('iframe[title="CloudHost"]').locator("div").first();
        await expect(box).toContainText("Managed SQLite and Postgres");
        const background = await box.evaluate((element) => getComputedStyle(element).backgroundColor);
        if (scheme === "dark") expect(luminance(background)).toBeLessThan(0.1);
        else expect(luminance(background)).toBeGreaterThan(0.8);
        await page.screenshot({ path: `e2e-screenshots/ad-${scheme}-${width}.png` });
        await context.close();
      }
    });
  });
}
