// The admin dashboard and category management: totals, the activity chart, and a category
// created, edited, refused a delete while it has posts, and deleted; members never get in.
import { expect, type Page, request, test } from "@playwright/test";
import { ADMIN, login, register, snap, uniqueName } from "./helpers";

const DELETE_CONFIRMATION =
  "Are you sure you want to delete this category? All posts in this category will need to be reassigned or deleted.";

/** Answers the next browser confirmation, checking its text. */
function acceptConfirmation(page: Page) {
  page.once("dialog", async (dialog) => {
    expect(dialog.type()).toBe("confirm");
    expect(dialog.message()).toBe(DELETE_CONFIRMATION);
    await dialog.accept();
  });
}

async function statValue(page: Page, label: string) {
  const card = page.getByRole("region", { name: label });
  await expect(card.getByText(/^\d[\d,]*$/)).toBeVisible();
  return Number((await card.getByText(/^\d[\d,]*$/).textContent())?.replace(/,/g, ""));
}

test("the dashboard shows the totals, the activity chart and the newest users and posts", async ({ page, baseURL }) => {
  // The newest account, whatever other test files registered before.
  const newest = uniqueName("newest");
  const visitor = await request.newContext({ baseURL });
  const registered = await visitor.post("/api/register", {
    data: { username: newest, email: `${newest}@example.com`, password: "member-password-1" },
  });
  expect(registered.ok()).toBe(true);
  await visitor.dispose();
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("data-active");
  for (const label of ["Total Users", "Total Posts", "Total Categories"]) {
    expect(await statValue(page, label)).toBeGreaterThan(0);
  }

  const chart = page.getByRole("region", { name: "Activity" });
  await expect(chart.getByText("Posts, replies and new members per day over the last 30 days")).toBeVisible();
  await expect(chart.getByRole("figure", { name: /Line chart of daily activity/ })).toBeVisible();
  await expect(chart.locator(".recharts-line")).toHaveCount(3);
  for (const name of ["Posts", "Replies", "New members"])
    await expect(chart.getByText(name, { exact: true })).toBeVisible();

  const users = page.getByRole("region", { name: "Recent Users" });
  await expect(users.getByRole("listitem")).toHaveCount(5);
  await expect(users.getByRole("link", { name: newest })).toBeVisible();
  const posts = page.getByRole("region", { name: "Recent Posts" });
  await expect(posts.getByRole("listitem")).toHaveCount(5);
  await expect(posts.getByRole("link").first()).toHaveAttribute("href", /^\/posts\//);
  await snap(page, "admin-dashboard");

  // Create Category on the dashboard is the same dialog, and the total follows.
  const before = await statValue(page, "Total Categories");
  await page.getByRole("button", { name: "Create Category" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Category" });
  await dialog.getByLabel("Name").fill(uniqueName("Dashboard category "));
  await dialog.getByLabel("Description").fill("Made from the dashboard");
  await dialog.getByRole("button", { name: "Create Category" }).click();
  await expect(page.getByText("Category created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("region", { name: "Total Categories" })).toContainText(String(before + 1));

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(chart.getByRole("figure", { name: /Line chart of daily activity/ })).toBeVisible();
  await snap(page, "admin-dashboard-phone");
});

test("an admin creates, edits and deletes a category, and cannot delete one with posts", async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin/categories");
  await expect(page.getByRole("heading", { name: "Categories", exact: true })).toBeVisible();
  const table = page.getByRole("table", { name: "Categories" });
  await expect(table.getByRole("row", { name: /Python/ })).toBeVisible();

  // Create: the button waits for a name and a description; the default colour is 3b82f6.
  await page.getByRole("button", { name: "Create Category" }).click();
  const create = page.getByRole("dialog", { name: "Create Category" });
  const submit = create.getByRole("button", { name: "Create Category" });
  await expect(submit).toBeDisabled();
  await expect(create.getByRole("button", { name: "Color #3b82f6" })).toHaveAttribute("aria-pressed", "true");
  await expect(create.getByLabel("Custom color")).toHaveValue("#3b82f6");
  const name = uniqueName("E2E Category ");
  await create.getByLabel("Name").fill(name);
  await create.getByLabel("Description").focus();
  await create.getByLabel("Name").focus();
  await expect(create.getByText("Please fill in all required fields")).toBeVisible();
  await expect(submit).toBeDisabled();
  await create.getByLabel("Description").fill("Made by the end-to-end test");
  await expect(create.getByText("Please fill in all required fields")).toBeHidden();
  await create.getByRole("button", { name: "Color #ec4899" }).click();
  await expect(create.getByLabel("Custom color")).toHaveValue("#ec4899");
  await snap(page, "admin-category-create");
  await submit.click();
  await expect(page.getByText("Category created successfully")).toBeVisible();
  await expect(create).toBeHidden();
  const row = table.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Made by the end-to-end test");
  await expect(row).toContainText(`/${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`);

  // Edit: a blank name is refused in the dialog; a custom colour is kept.
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Category" });
  await expect(edit.getByLabel("Name")).toHaveValue(name);
  await expect(edit.getByRole("button", { name: "Color #ec4899" })).toHaveAttribute("aria-pressed", "true");
  await edit.getByLabel("Name").fill("   ");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByText("Category name is required")).toBeVisible();
  const renamed = `${name} renamed`;
  await edit.getByLabel("Name").fill(renamed);
  await edit.getByLabel("Custom color").fill("#123abc");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Category updated successfully")).toBeVisible();
  await expect(edit).toBeHidden();
  const renamedRow = table.getByRole("row", { name: new RegExp(renamed) });
  await expect(renamedRow).toBeVisible();

  // The public sidebar lists it under its new name.
  await page.getByRole("link", { name: "Back to Forum" }).click();
  await expect(page.getByRole("navigation", { name: "Categories" }).getByText(renamed)).toBeVisible();
  await page.goto("/admin/categories");

  // A category that still has posts is refused with the server's reason.
  acceptConfirmation(page);
  await table.getByRole("button", { name: "Delete Python" }).click();
  await expect(page.getByText("Failed to delete category")).toBeVisible();
  await expect(page.getByText("This category still has posts.", { exact: false })).toBeVisible();
  await expect(table.getByRole("row", { name: /Python/ })).toBeVisible();
  await snap(page, "admin-category-delete-refused");

  // Dismissing the confirmation keeps the category; accepting deletes it.
  page.once("dialog", (dialog) => dialog.dismiss());
  await table.getByRole("button", { name: `Delete ${renamed}` }).click();
  await expect(renamedRow).toBeVisible();
  acceptConfirmation(page);
  await table.getByRole("button", { name: `Delete ${renamed}` }).click();
  await expect(page.getByText("Category deleted successfully")).toBeVisible();
  await expect(renamedRow).toBeHidden();

  await page.setViewportSize({ width: 375, height: 800 });
  // On a phone the row's actions fit without scrolling sideways.
  // (polled: the side menu's space shrinks away with a transition)
  const deletePython = table.getByRole("button", { name: "Delete Python" });
  await expect
    .poll(async () => {
      const box = await deletePython.boundingBox();
      return box ? box.x + box.width : Number.POSITIVE_INFINITY;
    })
    .toBeLessThanOrEqual(375);
  await snap(page, "admin-categories-phone");
});

test("a member who opens the admin area lands on the home page", async ({ page }) => {
  await register(page, uniqueName("member"));
  await page.goto("/admin");
  await expect(page).toHaveURL("/");
  await page.goto("/admin/categories");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
});
