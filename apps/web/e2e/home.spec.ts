import { expect, test } from "@playwright/test";
import { snap } from "./helpers";

test("a visitor sees the home feed with categories, posts and the sidebar ad", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Latest Discussions" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Categories" }).getByText("JavaScript")).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  await expect(page.getByText("Sponsored")).toBeVisible();
  await snap(page, "home-visitor-1280");
});

test("the sort is sent to the server and survives a reload", async ({ page }) => {
  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("combobox", { name: "Sort discussions" }).selectOption({ label: "New" });
  await expect(page).toHaveURL(/sort=new/);
  // The first card is the server's newest post (not the hot list's first).
  const newest = (
    (await (await page.request.get("/api/posts?sortBy=new&limit=1")).json()) as Array<{ title: string }>
  )[0]?.title;
  await expect(page.getByRole("article").first().getByRole("heading")).toHaveText(newest ?? "");
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Sort discussions" })).toHaveValue("new");
  await expect(page.getByRole("article").first().getByRole("heading")).toHaveText(newest ?? "");
});

test("any other path shows 404 Page Not Found", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
  await snap(page, "not-found");
});

test("the admin area sends a visitor home", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL("/");
});
