// Site settings (issue 32): an admin renames the forum on Admin → Site and gives it a logo; the
// new name is in the header and the tab title of `/` at once, after a reload (the server's render),
// and for a visitor; a contact that is neither an email nor a web address is refused on the
// screen. The forum gets its own name back at the end (every other suite expects "Tech Forum").
// Screenshots at 1280 px and 390 px.
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, login, openReady, snap } from "./helpers";
import { smileyPng } from "./pictures";

const DEFAULT = { name: "Tech Forum", description: "A community forum for technology discussions.", contact: "" };

/** Puts the defaults back through the API, from a page of the forum (same origin, the admin's session). */
async function restoreDefaults(page: Page) {
  const statuses = await page.evaluate(async (defaults) => {
    const headers = { "content-type": "application/json", accept: "application/json" };
    const saved = await fetch("/api/site", { method: "POST", headers, body: JSON.stringify(defaults) });
    const removed = await fetch("/api/site/logo", { method: "DELETE", headers: { accept: "application/json" } });
    return [saved.status, removed.status];
  }, DEFAULT);
  expect(statuses).toEqual([200, 200]);
}

test("an admin renames the forum and gives it a logo: the header and tab title follow, server-rendered too", async ({
  page,
  browser,
}) => {
  await login(page, ADMIN.username, ADMIN.password);
  try {
    await openReady(page, "/admin/site");
    await expect(page.getByRole("heading", { name: "Site", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle("Site - Tech Forum");
    await expect(page.getByRole("textbox", { name: "Forum name" })).toHaveValue("Tech Forum");

    // A contact that is neither an email address nor a web address: the server's reason shows.
    await page.getByRole("textbox", { name: "Contact" }).fill("call us maybe");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const identity = page.getByRole("region", { name: "Name and description" });
    await expect(identity.getByRole("alert")).toContainText("The contact must be an email address");

    await page.getByRole("textbox", { name: "Forum name" }).fill("Makers Forum");
    await page.getByRole("textbox", { name: "Description" }).fill("Where makers talk shop.");
    await page.getByRole("textbox", { name: "Contact" }).fill("team@makers.example");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Site settings saved")).toBeVisible();
    await expect(page).toHaveTitle("Site - Makers Forum");

    // The logo, by the avatar's rules: a wide picture keeps its shape.
    await page
      .getByLabel("Logo picture")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: smileyPng() });
    await expect(page.getByText("Logo saved")).toBeVisible();
    await expect(page.getByRole("img", { name: "The forum's logo" })).toBeVisible();
    await snap(page, "admin-site-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, "admin-site-390");
    await page.setViewportSize({ width: 1280, height: 900 });

    // The forum's own pages: in the browser, then after a reload (the server's render).
    await page.getByRole("link", { name: "Back to Forum" }).click();
    const home = page.getByRole("link", { name: "Makers Forum" }).first();
    await expect(home).toBeVisible();
    await expect(page).toHaveTitle("Latest Discussions - Makers Forum");
    await page.reload();
    await expect(page.locator("[data-site-home]")).toContainText("Makers Forum");
    await expect(page.locator("[data-site-home] img")).toBeVisible();
    await expect(page).toHaveTitle("Latest Discussions - Makers Forum");

    // A visitor, the page as the server sent it (before any script) and as it runs.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    const answer = await visitorPage.request.get("/");
    const html = await answer.text();
    expect(html).toContain("<title>Latest Discussions - Makers Forum</title>");
    expect(html).toContain('<meta property="og:site_name" content="Makers Forum" />');
    expect(html).toContain('<meta name="description" content="Where makers talk shop." />');
    await openReady(visitorPage, "/");
    await expect(visitorPage.locator("[data-site-home]")).toContainText("Makers Forum");
    await expect(visitorPage).toHaveTitle("Latest Discussions - Makers Forum");
    await snap(visitorPage, "site-header-1280");
    await visitorPage.setViewportSize({ width: 390, height: 844 });
    await snap(visitorPage, "site-header-390");
    await visitor.close();
  } finally {
    await openReady(page, "/");
    await restoreDefaults(page);
  }
  await page.reload();
  await expect(page.locator("[data-site-home]")).toHaveText("Tech Forum");
  await expect(page).toHaveTitle("Latest Discussions - Tech Forum");
});
