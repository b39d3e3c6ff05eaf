import { expect, test } from "@playwright/test";
import { ADMIN, login, snap } from "./helpers";

test("an admin marks a post featured and sees the badge", async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await expect(page.getByRole("link", { name: "Admin" })).toBeVisible();

  await page.goto("/?sort=new");
  const firstCard = page.getByRole("article").first();
  const title = (await firstCard.getByRole("heading").textContent()) ?? "";
  await firstCard.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  await page.getByRole("button", { name: "Edit" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Featured").check();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Post updated successfully")).toBeVisible();
  await expect(page.getByText("FEATURED").first()).toBeVisible();

  await page.goto("/?sort=new");
  await expect(page.getByRole("article").first().getByText("FEATURED")).toBeVisible();
  await snap(page, "home-admin-featured");
});
