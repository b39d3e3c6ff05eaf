// Every screen, as a visitor, a member and an admin, with HTML ads shown, loads under the
// forum's Content-Security-Policy without a single violation; an HTML ad runs its own script
// and images inside its sandbox, and a click on its link opens the advertiser's page outside
// the sandbox, with noopener, and is counted.
import { type APIRequestContext, expect, type Page, request as requestContext, test } from "@playwright/test";
import { ADMIN, fillLogin, holdApp, login, register, snap, uniqueName } from "./helpers";
import { E2E_PORT } from "./ports";

const ADVERTISER = "https://advertiser.example/landing";
const BANNER = "https://cdn.advertiser.example/banner.png";
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const AD_TITLE = uniqueName("Scripted ad ");
/** An ad as ad networks write them: an inline script, an image from their server, a link out. */
const AD_HTML = `<p id="status">waiting</p><script>document.getElementById("status").textContent = "script ran"</script><a href="${ADVERTISER}"><img src="${BANNER}" width="20" height="20" alt="">Visit the advertiser</a>`;

let admin: APIRequestContext;
let adId: number;
let busyPost: string;

test.beforeAll(async () => {
  admin = await requestContext.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  expect((await admin.post("/api/login", { data: ADMIN })).ok()).toBe(true);
  const created = await admin.post("/api/ads", {
    data: { title: AD_TITLE, content: AD_HTML, type: "custom", placement: "between-replies", active: true },
  });
  expect(created.status()).toBe(201);
  adId = ((await created.json()) as { id: number }).id;
  // A post with replies enough for a between-replies ad (one after every third reply). Pinned
  // posts come first in every sort, so the busiest is looked for among the first page.
  const posts = (await (await admin.get("/api/posts?sortBy=replies&limit=20")).json()) as Array<{
    slug: string;
    replyCount: number;
  }>;
  const busiest = [...posts].sort((a, b) => b.replyCount - a.replyCount)[0];
  expect(busiest?.replyCount).toBeGreaterThanOrEqual(3);
  busyPost = `/posts/${busiest?.slug}`;
});

test.afterAll(async () => {
  await admin.delete(`/api/ads/${adId}`);
  await admin.dispose();
});

/** Every CSP violation the page or any of its frames reports, from the console and the event. */
async function watchPolicy(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `Refused to load ${event.blockedURI} (Content Security Policy: ${event.violatedDirective}) at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  await page.route(BANNER, (route) => route.fulfill({ contentType: "image/png", body: PIXEL }));
  return violations;
}

/** Opens a screen, waits until it has shown its content and loaded everything it asks for. */
async function visit(page: Page, path: string, heading: string | RegExp, shot: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await snap(page, `csp-${shot}`);
}

const PUBLIC_SCREENS: Array<[string, string | RegExp, string]> = [
  ["/", "Latest Discussions", "home"],
  ["/trending", "Trending Discussions", "trending"],
  ["/cats/databases", "Databases", "category"],
  ["/u/ada_l", "ada_l", "profile"],
  ["/search?q=sqlite", "Search results for “sqlite”", "search"],
  ["/login", "Tech Forum", "login"],
];

async function expectHtmlAds(page: Page) {
  // The demo's HTML ad (between posts) and the scripted one (between replies), each in its frame.
  await expect(page.frameLocator('iframe[title="CloudHost"]').getByText("Managed SQLite and Postgres")).toBeVisible();
  const ad = page.frameLocator(`iframe[title="${AD_TITLE}"]`).first();
  await expect(ad.getByText("script ran")).toBeVisible();
  // A frame not navigated yet (a lazy ad slot below) has no URL at all: "" does not parse.
  const frame = page
    .frames()
    .find((candidate) => candidate.url() !== "" && new URL(candidate.url()).pathname === `/ad-frames/${adId}`);
  expect(await frame?.evaluate(() => document.querySelector("img")?.naturalWidth)).toBe(1);
}

test("a visitor's screens load without a policy violation", async ({ page }) => {
  const violations = await watchPolicy(page);
  for (const [path, heading, shot] of PUBLIC_SCREENS) await visit(page, path, heading, `visitor-${shot}`);
  await visit(page, busyPost, /.+/, "visitor-post");
  await expectHtmlAds(page);
  await page.goto("/settings");
  await expect(page.getByText("Access Denied")).toBeVisible();
  await page.goto("/no/such/page");
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

test("a member's screens load without a policy violation", async ({ page }) => {
  const violations = await watchPolicy(page);
  await register(page, uniqueName("csp"));
  for (const [path, heading, shot] of PUBLIC_SCREENS.filter(([path]) => path !== "/login"))
    await visit(page, path, heading, `member-${shot}`);
  await visit(page, busyPost, /.+/, "member-post");
  await expectHtmlAds(page);
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Create New Post" })).toBeVisible();
  await page.keyboard.press("Escape");
  // The notifications page names itself in its breadcrumb only (no heading of its own yet).
  await page.goto("/notifications");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByText("Notifications")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await visit(page, "/settings", "Account Settings", "member-settings");
  for (const tab of ["Security", "Preferences", "Profile"]) await page.getByRole("tab", { name: tab }).click();
  expect(violations).toEqual([]);
});

test("an admin's screens load without a policy violation", async ({ page }) => {
  const violations = await watchPolicy(page);
  await login(page, ADMIN.username, ADMIN.password);
  await visit(page, "/admin", "Dashboard", "admin-dashboard");
  await expect(page.locator(".recharts-line")).toHaveCount(3);
  await visit(page, "/admin/categories", "Categories", "admin-categories");
  await visit(page, "/admin/posts", "Posts Management", "admin-posts");
  await visit(page, "/admin/user-management", "User Management", "admin-users");
  await expect(page.getByRole("heading", { name: "Limits against abuse" })).toBeVisible();
  await visit(page, "/admin/bulk-upload", "Bulk Upload", "admin-bulk");
  await visit(page, "/admin/export", "Export", "admin-export");
  await visit(page, "/admin/ads", "Ad Management", "admin-ads");
  await visit(page, "/admin/webhooks", "Webhooks", "admin-webhooks");
  await visit(page, busyPost, /.+/, "admin-post");
  await expectHtmlAds(page);
  expect(violations).toEqual([]);
});

test("a click on an HTML ad's link opens the advertiser outside the sandbox, with noopener, and counts", async ({
  page,
  context,
}) => {
  await watchPolicy(page);
  await context.route(`${ADVERTISER}*`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Advertiser</title><h1>Advertiser</h1>" }),
  );
  const clicksBefore = await clickCount();
  await page.goto(busyPost);
  const ad = page.frameLocator(`iframe[title="${AD_TITLE}"]`).first();
  await expect(ad.getByText("script ran")).toBeVisible();
  const opened = context.waitForEvent("page");
  await ad.getByRole("link", { name: "Visit the advertiser" }).click();
  const advertiser = await opened;
  await advertiser.waitForLoadState();
  expect(advertiser.url()).toBe(ADVERTISER);
  expect(await advertiser.evaluate(() => window.opener)).toBeNull();
  // Outside the sandbox: the advertiser's page has its own origin and storage.
  expect(await advertiser.evaluate(() => window.origin)).toBe("https://advertiser.example");
  expect(await advertiser.evaluate(() => typeof localStorage.getItem("x"))).toBe("object");
  // The forum's page stays where it was, and the click is counted.
  expect(page.url()).toContain(busyPost);
  await expect.poll(clickCount).toBe(clicksBefore + 1);
});

test("an HTML ad's link clicked before the app is live opens the advertiser once it is, and counts", async ({
  page,
  context,
}) => {
  await context.route(`${ADVERTISER}*`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Advertiser</title><h1>Advertiser</h1>" }),
  );
  // The app's entry module waits until the click is made: the frame has loaded, the page is not live.
  const release = await holdApp(page);
  await page.goto(busyPost, { waitUntil: "commit" });
  const ad = page.frameLocator(`iframe[title="${AD_TITLE}"]`).first();
  await expect(ad.getByText("script ran")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
  const opened = context.waitForEvent("page");
  // The page reports the click (the server counts one per reader and window, so the test above's
  // click from this machine leaves the total where it is: the report is what this page owes).
  const reported = page.waitForRequest(
    (request) => request.url().includes("ads.track") && (request.postData() ?? "").includes('"click"'),
  );
  await ad.getByRole("link", { name: "Visit the advertiser" }).click();
  release();
  const advertiser = await opened;
  await advertiser.waitForLoadState();
  expect(advertiser.url()).toBe(ADVERTISER);
  expect(await advertiser.evaluate(() => window.opener)).toBeNull();
  await reported;
});

async function clickCount(): Promise<number> {
  const ads = (await (await admin.get("/api/ads")).json()) as Array<{ id: number; clickCount: number }>;
  return ads.find((ad) => ad.id === adId)?.clickCount ?? -1;
}

test("no page, not even one of the same site, can show the forum in a frame", async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  // A same-origin frame of /settings, as another page of the site could make: once it has
  // loaded, its address is readable only if the forum's page was shown in it.
  const shown = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const frame = document.createElement("iframe");
        frame.src = "/settings";
        frame.title = "framed settings";
        frame.onload = () => {
          try {
            resolve(frame.contentWindow?.location.pathname ?? "nothing");
          } catch {
            resolve("refused");
          }
        };
        document.body.append(frame);
      }),
  );
  expect(shown).toBe("refused");
  await expect(page.frameLocator('iframe[title="framed settings"]').getByText("Account Settings")).toHaveCount(0);
});

// The return path of a login link (?next=) is normalised (issue 25): one that would leave the
// site, or that the router refuses ("/%09/evil.example" left the member stuck on /login), lands
// on the home page after signing in; a page of the forum's is returned to.
test("signing in from a login link with a hostile return path lands on the home page", async ({ page }) => {
  const payloads = [
    "/%09/evil.example",
    "//evil.example",
    "/%5Cevil.example",
    "/%2F/evil.example",
    "https://evil.example",
  ];
  for (const next of payloads) {
    await page.context().clearCookies();
    await fillLogin(page, ADMIN.username, ADMIN.password, `/login?next=${next}`);
    await expect(page, next).toHaveURL(`http://127.0.0.1:${E2E_PORT}/`);
    await expect(page.getByRole("heading", { name: "Latest Discussions" })).toBeVisible();
  }
  await page.context().clearCookies();
  await fillLogin(page, ADMIN.username, ADMIN.password, `/login?next=${encodeURIComponent("/search?q=C%2B%2B")}`);
  await expect(page).toHaveURL(/\/search\?q=C%2B%2B$/);
});
