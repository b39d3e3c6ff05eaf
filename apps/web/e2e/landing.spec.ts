// Landing where you meant to (issue 25): a new post opens once published; a signed-in member who
// opens the login screen is redirected by the server itself, before any script runs.
import { expect, test } from "@playwright/test";
import { register, snap, uniqueName } from "./helpers";

for (const width of [375, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

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
