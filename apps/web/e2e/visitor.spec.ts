// A visitor browses every public screen: home, trending, a category, a post and a profile.
import { expect, test } from "@playwright/test";
import { snap } from "./helpers";

test("a visitor browses trending, a category, a post and a profile", async ({ page }) => {
  await page.goto("/trending");
  await expect(page.getByRole("heading", { name: "Trending Discussions" })).toBeVisible();
  await expect(page.getByText("#1 Trending")).toBeVisible();
  await expect(page.getByText("Hottest Topics")).toBeVisible();
  await expect(page.getByText("Rising Stars")).toBeVisible();
  await page.getByRole("radiogroup", { name: "Time range" }).getByText("Month", { exact: true }).click();
  await expect(page).toHaveURL(/range=month/);
  await snap(page, "trending-visitor");

  await page
    .getByRole("navigation", { name: "Categories" })
    .getByRole("link", { name: /Databases/ })
    .click();
  await expect(page).toHaveURL("/cats/databases");
  await expect(page.getByRole("heading", { name: "Databases" })).toBeVisible();
  await expect(page.getByText("Trending Topics")).toBeVisible();
  await page.getByRole("button", { name: "Grid view" }).click();
  await expect(page).toHaveURL(/view=grid/);
  await snap(page, "category-grid-visitor");

  const card = page.getByRole("article").first();
  const title = (await card.getByRole("heading").textContent()) ?? "";
  await card.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Databases");
  await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();
  await snap(page, "post-visitor");

  const authorLink = page.locator('main a[href^="/u/"]').first();
  const username = ((await authorLink.getAttribute("href")) ?? "").replace("/u/", "");
  await authorLink.click();
  await expect(page).toHaveURL(`/u/${username}`);
  await expect(page.getByRole("heading", { name: username })).toBeVisible();
  await expect(page.getByRole("tab", { name: /Posts \(\d+\)/ })).toBeVisible();
  await expect(page.getByRole("tab", { name: /Replies \(\d+\)/ })).toBeVisible();
  await snap(page, "profile-visitor");

  // A direct load of a profile whose username has a dot reaches the app, not a 404.
  await page.goto("/u/grace.h");
  await expect(page.getByRole("heading", { name: "grace.h" })).toBeVisible();
});

test("not-found states for a post, a category and a user", async ({ page }) => {
  await page.goto("/posts/no-such-post");
  await expect(page.getByText("Post not found")).toBeVisible();
  await page.goto("/cats/no-such-category");
  await expect(page.getByText("Category not found")).toBeVisible();
  await page.goto("/u/no_such_user");
  await expect(page.getByText("User not found")).toBeVisible();
});
