// Delete my account (issue 30): a member who wrote a post deletes their account from Settings →
// Profile, keeping what they wrote; the browser is signed out on the home page with a toast, and
// a visitor then sees the post as written by "deleted member", with no link to a profile.
// Screenshots of the card and the dialog at 375 px and 1280 px.
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { ADMIN, login, openReady, register, snap, uniqueName } from "./helpers";

/** Where snap() saves, for the shots of one element or of the viewport (a dialog over the page). */
const shot = (name: string) => join(import.meta.dirname, "..", "e2e-screenshots", `${name}.png`);

test("a member deletes their account keeping their posts, which then read as written by deleted member", async ({
  page,
  browser,
}) => {
  const member = await register(page, uniqueName("leaver"));
  const categories = await (await page.request.get("/api/categories")).json();
  const title = uniqueName("Kept after leaving ");
  const created = await page.request.post("/api/posts", {
    data: { title, content: "This stays as the discussion's record.", categoryId: categories[0].id },
  });
  expect(created.status()).toBe(201);
  const post = await created.json();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await openReady(page, "/settings");
    const card = page.getByRole("region", { name: "Delete my account" });
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeVisible();
    await card.screenshot({ path: shot(`account-deletion-card-${width}`) });
    await card.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog.getByRole("radio", { name: "Keep what I wrote" })).toBeChecked();
    // Its opening transition over: the shot shows the dialog, not a fade.
    await expect(dialog).toHaveCSS("opacity", "1");
    await page.screenshot({ path: shot(`account-deletion-dialog-${width}`) });
    if (width === 375) await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeVisible({ visible: width !== 375 });
  }

  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  // A wrong password is refused in the dialog, and nothing is deleted.
  await dialog.getByLabel("Password", { exact: true }).fill("not my password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Password is incorrect");

  await dialog.getByLabel("Password", { exact: true }).fill(member.password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Your account has been deleted").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await openReady(visitor, `/posts/${post.slug}`);
  await expect(visitor.getByRole("heading", { name: title })).toBeVisible();
  await expect(visitor.getByText("deleted member").first()).toBeVisible();
  await expect(visitor.getByText(member.username)).toHaveCount(0);
  await expect(visitor.getByRole("link", { name: "deleted member" })).toHaveCount(0);
  await snap(visitor, "account-deletion-post-1280");
  await visitor.context().close();

  // Quoting them names "deleted member" without "@": "@deleted" would mention someone else.
  await register(page, uniqueName("quoter"));
  await openReady(page, `/posts/${post.slug}`);
  await page.getByRole("button", { name: "Quote deleted member" }).click();
  await expect(page.getByLabel("Your reply")).toHaveValue(
    "> deleted member wrote:\n> This stays as the discussion's record.\n\n",
  );
});

test("an admin deletes a member from User Management with their posts, choosing in a dialog", async ({
  page,
  browser,
}) => {
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await register(memberPage, uniqueName("removed"));
  const categories = await (await memberPage.request.get("/api/categories")).json();
  const created = await memberPage.request.post("/api/posts", {
    data: { title: uniqueName("Goes with its author "), content: "Removed with me.", categoryId: categories[0].id },
  });
  expect(created.status()).toBe(201);
  const post = await created.json();
  await memberContext.close();

  await login(page, ADMIN.username, ADMIN.password);
  await openReady(page, "/admin/user-management");
  await page.getByLabel("Search users").fill(member.username);
  await page.getByRole("button", { name: `Delete ${member.username}` }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${member.username}?` });
  await expect(dialog.getByRole("radio", { name: "Keep their posts and replies" })).toBeChecked();
  await dialog.getByRole("radio", { name: "Also delete their posts and replies" }).check();
  await expect(dialog).toHaveCSS("opacity", "1");
  await page.screenshot({ path: shot("account-deletion-admin-dialog-1280") });
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("User deleted successfully").first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: member.username })).toHaveCount(0);

  await openReady(page, `/posts/${post.slug}`);
  await expect(page.getByText("Post not found")).toBeVisible();
});
