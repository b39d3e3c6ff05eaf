// axe-core on every screen — visitor, member and admin, with dialogs open — in light and dark, at
// a phone's width and a laptop's. Any violation of the WCAG 2.0/2.1/2.2 A and AA rules fails.
// Transient elements are checked while they show: toasts (success and error), tooltips, the
// notifications popover and a select's dropdown (issue 25: toast text was 3.3:1).
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, request, test } from "@playwright/test";
import { ADMIN, uniqueName } from "./helpers";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

type Step = { name: string; run: (page: Page) => Promise<void> };

const go = (path: string, heading: string | RegExp) => async (page: Page) => {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
};

const openDialog =
  (path: string, heading: string | RegExp, button: string | RegExp, dialog: string) => async (page: Page) => {
    await go(path, heading)(page);
    await page.getByRole("button", { name: button }).first().click();
    await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
  };

/** Keeps a toast on the screen for the check: Mantine holds a toast open while it is hovered. */
async function holdToast(page: Page, text: string | RegExp) {
  const toast = page.locator(".mantine-Notification-root").filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.hover();
}

/** Shows a tooltip by hovering what it belongs to. */
async function showTooltip(page: Page, target: ReturnType<Page["getByRole"]>, text: string | RegExp) {
  await target.hover();
  await expect(page.getByRole("tooltip").filter({ hasText: text })).toBeVisible();
}

const VISITOR: Step[] = [
  { name: "home", run: go("/", "Latest Discussions") },
  { name: "trending", run: go("/trending", "Trending Discussions") },
  { name: "category", run: go("/cats/databases", "Databases") },
  {
    name: "post",
    run: async (page) => {
      await go("/cats/databases", "Databases")(page);
      await page.getByRole("article").first().getByRole("heading").getByRole("link").click();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: /^\d+ Repl(y|ies)$/ })).toBeVisible();
    },
  },
  { name: "profile", run: go("/u/ada_l", "ada_l") },
  { name: "login", run: go("/login", "Tech Forum") },
  {
    name: "register",
    run: async (page) => {
      await go("/auth?tab=register", "Tech Forum")(page);
      await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
    },
  },
  {
    name: "error-toast",
    run: async (page) => {
      await go("/login", "Tech Forum")(page);
      const panel = page.getByRole("tabpanel", { name: "Login" });
      await panel.getByLabel("Username").fill("nobody_here");
      await panel.getByLabel("Password", { exact: true }).fill("not-the-password");
      await panel.getByRole("button", { name: "Login", exact: true }).click();
      await holdToast(page, "Login failed");
    },
  },
  { name: "settings-denied", run: go("/settings", "Account Settings") },
  { name: "not-found", run: go("/no/such/page", "404 Page Not Found") },
  { name: "search", run: go("/search?q=monorepo", "Search results for “monorepo”") },
  {
    name: "search-no-results",
    run: async (page) => {
      await go("/search?q=zzqx%20nothing", "Search results for “zzqx nothing”")(page);
      await expect(page.getByRole("heading", { level: 2, name: "No results for “zzqx nothing”" })).toBeVisible();
    },
  },
  { name: "notifications-signed-out", run: go("/notifications", "Notifications") },
  {
    name: "phone-menu",
    run: async (page) => {
      await go("/", "Latest Discussions")(page);
      const burger = page.getByRole("button", { name: "Open menu" });
      if (await burger.isVisible()) {
        await burger.click();
        await expect(page.getByRole("navigation", { name: "Categories" })).toBeInViewport();
      }
    },
  },
];

const MEMBER: Step[] = [
  { name: "home", run: go("/", "Latest Discussions") },
  { name: "create-post", run: openDialog("/", "Latest Discussions", "Start Discussion", "Create New Post") },
  {
    name: "select-dropdown",
    run: async (page) => {
      await openDialog("/", "Latest Discussions", "Start Discussion", "Create New Post")(page);
      await page.getByRole("dialog").getByRole("combobox", { name: "Category" }).click();
      await expect(page.getByRole("option", { name: "Databases" })).toBeVisible();
    },
  },
  {
    name: "post-with-composer",
    run: async (page) => {
      await go("/cats/python", "Python")(page);
      await page.getByRole("article").first().getByRole("heading").getByRole("link").click();
      await expect(page.getByRole("textbox", { name: "Your reply" })).toBeVisible();
    },
  },
  {
    name: "composer-tooltip",
    run: async (page) => {
      await go("/cats/python", "Python")(page);
      await page.getByRole("article").first().getByRole("heading").getByRole("link").click();
      const bold = page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Bold" });
      await showTooltip(page, bold, /^Bold/);
    },
  },
  { name: "settings-profile", run: go("/settings", "Account Settings") },
  { name: "settings-security", run: go("/settings?tab=security", "Account Settings") },
  { name: "settings-preferences", run: go("/settings?tab=preferences", "Account Settings") },
  {
    name: "success-toast",
    run: async (page) => {
      await go("/settings?tab=preferences", "Account Settings")(page);
      // Set back and forth between the walks: each run saves a change and shows its toast.
      await page.getByRole("switch", { name: /Show Profile in Posts/ }).click({ force: true });
      await holdToast(page, "Preferences Saved");
    },
  },
  {
    name: "notifications",
    run: async (page) => {
      await receiveNotifications(page);
      await go("/notifications", "Notifications")(page);
      await expect(page.getByRole("button", { name: /replied to A11y notifications/ }).first()).toBeVisible();
    },
  },
  {
    name: "notifications-popover",
    run: async (page) => {
      await go("/", "Latest Discussions")(page);
      // On a phone the bell is a link to /notifications (the step above); on a wide screen a popover.
      const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
      if (await bell.isVisible()) {
        await bell.click();
        await expect(page.getByRole("button", { name: "Mark all as read" })).toBeVisible();
      }
    },
  },
];

/** Another member replies to and mentions the signed-in member, so the list shows unread items. */
async function receiveNotifications(page: Page) {
  const categories = await (await page.request.get("/api/categories")).json();
  const created = await page.request.post("/api/posts", {
    data: { title: "A11y notifications", content: "Waiting for answers.", categoryId: categories[0].id },
  });
  expect(created.status()).toBe(201);
  const post = await created.json();
  const me = await (await page.request.get("/api/user")).json();
  const other = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const username = uniqueName("a11y_re");
  const registered = await other.post("/api/register", {
    data: { username, email: `${username}@example.com`, password: "a11y-password" },
  });
  expect(registered.ok()).toBe(true);
  for (const content of ["An answer.", `Thanks @${me.username}, see above.`]) {
    expect((await other.post(`/api/posts/${post.id}/replies`, { data: { content } })).status()).toBe(201);
  }
  await other.dispose();
}

const ADMIN_STEPS: Step[] = [
  { name: "dashboard", run: go("/admin", "Dashboard") },
  { name: "categories", run: go("/admin/categories", "Categories") },
  {
    name: "table-tooltip",
    run: async (page) => {
      await go("/admin/categories", "Categories")(page);
      await showTooltip(page, page.getByRole("button", { name: "Edit Databases" }), "Edit");
    },
  },
  {
    name: "category-dialog",
    run: openDialog("/admin/categories", "Categories", "Create Category", "Create Category"),
  },
  { name: "posts", run: go("/admin/posts", "Posts Management") },
  { name: "edit-post-dialog", run: openDialog("/admin/posts", "Posts Management", "Edit", "Edit Post") },
  { name: "users", run: go("/admin/user-management", "User Management") },
  {
    name: "edit-user-dialog",
    run: openDialog("/admin/user-management", "User Management", /^Edit ada_l$/, "Edit User"),
  },
  { name: "bulk-upload", run: go("/admin/bulk-upload", "Bulk Upload") },
  { name: "export", run: go("/admin/export", "Export") },
  { name: "ads", run: go("/admin/ads", "Ad Management") },
  {
    name: "ad-dialog",
    run: openDialog("/admin/ads", "Ad Management", "Create Advertisement", "Create Advertisement"),
  },
  { name: "webhooks", run: go("/admin/webhooks", "Webhooks") },
  { name: "staff-log", run: go("/admin/staff-log", "Staff log") },
  { name: "backups", run: go("/admin/backups", "Backups") },
  { name: "site", run: go("/admin/site", "Site") },
  {
    name: "post-as-admin",
    run: async (page) => {
      await go("/cats/devops", "DevOps")(page);
      await page.getByRole("article").first().getByRole("heading").getByRole("link").click();
      await expect(page.getByRole("button", { name: "Edit", exact: true })).toBeVisible();
    },
  },
];

/**
 * Loads every lazy frame (the ads) before axe reads the page. axe reads each frame through
 * Playwright, and Playwright's evaluate on a lazy frame the browser has not loaded never answers
 * (microsoft/playwright-python#2999), so a walk would hang until its timeout whenever an ad sat
 * past the lazy-loading distance, which depends on how long the posts above it are. Scrolling each
 * one into view loads it, as a reader's scroll would, and axe then checks the ad's contents too.
 */
async function loadLazyFrames(page: Page) {
  // Asked again on each poll: a frame's element can be replaced meanwhile (a new scheme is a new frame).
  const unloaded = async () => {
    let count = 0;
    for (const element of await page.locator('iframe[loading="lazy"]:visible').all()) {
      const frame = await (await element.elementHandle({ timeout: 1000 }).catch(() => null))?.contentFrame();
      if (frame && /^https?:/.test(frame.url())) continue;
      count += 1;
      await element.scrollIntoViewIfNeeded({ timeout: 1000 }).catch(() => {});
    }
    return count;
  };
  await expect.poll(unloaded, { timeout: 20_000 }).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Runs axe after each step; returns one line per violation, naming the screen and the elements. */
async function violationsOf(page: Page, steps: Step[]): Promise<string[]> {
  const found: string[] = [];
  for (const step of steps) {
    await step.run(page);
    // Skeletons and fades settle before the check. Only visible ones: a hidden tab panel (Mantine's
    // Tabs keep it mounted in a hidden React Activity) loads when its tab is opened.
    await expect(page.locator(".mantine-Skeleton-root:visible")).toHaveCount(0, { timeout: 30_000 });
    await loadLazyFrames(page);
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    for (const violation of results.violations) {
      const targets = violation.nodes.slice(0, 4).map((node) => node.target.join(" "));
      found.push(`${step.name}: ${violation.id} (${violation.nodes.length}) ${targets.join(" | ")}`);
    }
  }
  return found;
}

/** A signed-in browser context, kept for the whole file so each account signs in once. */
const sessions = new Map<string, string>();
async function signedInPage(browser: Browser, who: "member" | "admin", scheme: "light" | "dark", width: number) {
  let state = sessions.get(who);
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    colorScheme: scheme,
    reducedMotion: "reduce",
    viewport: { width, height: 900 },
    ...(state ? { storageState: JSON.parse(state) } : {}),
  });
  if (!state) {
    const response =
      who === "admin"
        ? await context.request.post("/api/login", { data: ADMIN })
        : await context.request.post("/api/register", {
            data: {
              username: uniqueName("a11y"),
              email: `${uniqueName("a11y")}@example.com`,
              password: "a11y-password",
            },
          });
    expect(response.ok()).toBe(true);
    state = JSON.stringify(await context.storageState());
    sessions.set(who, state);
  }
  return { context, page: await context.newPage() };
}

for (const scheme of ["light", "dark"] as const) {
  for (const width of [375, 1280]) {
    test.describe(`${scheme}, ${width} px`, () => {
      test.use({ colorScheme: scheme, reducedMotion: "reduce", viewport: { width, height: 900 } });
      // Each walk runs axe on fifteen screens or more (toasts, tooltips and dropdowns included): a
      // few seconds each, up to ten on a busy machine.
      test.describe.configure({ timeout: 300_000 });

      test("visitor screens have no accessibility violations", async ({ page }) => {
        expect(await violationsOf(page, VISITOR)).toEqual([]);
      });

      test("member screens have no accessibility violations", async ({ browser }) => {
        const { context, page } = await signedInPage(browser, "member", scheme, width);
        expect(await violationsOf(page, MEMBER)).toEqual([]);
        await context.close();
      });

      test("admin screens have no accessibility violations", async ({ browser }) => {
        const { context, page } = await signedInPage(browser, "admin", scheme, width);
        expect(await violationsOf(page, ADMIN_STEPS)).toEqual([]);
        await context.close();
      });
    });
  }
}
