// The admin's post and user screens: edit and delete a post from the list; ban a member (who can
// then not sign in) and unban them (who can again).
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, fillLogin, login, register, snap, uniqueName } from "./helpers";

/** Publishes a post through the Create dialog, so the test changes only what it made. */
async function createPost(page: Page, title: string) {
  await page.getByRole("button", { name: "Create", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Post" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: "Databases" }).click();
  await dialog.getByLabel("Content").fill("A post the admin test edits and then deletes.");
  await dialog.getByRole("button", { name: "Publish Post" }).click();
  await expect(page.getByText("Post created successfully")).toBeVisible();
}

test("an admin edits and deletes a post from Posts Management", async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  const title = `Admin list post ${uniqueName("")}`;
  await createPost(page, title);

  await page.goto("/admin/posts");
  await expect(page.getByRole("heading", { name: "Posts Management" })).toBeVisible();
  await expect(page.getByText("Edit, delete and manage forum posts")).toBeVisible();
  await page.getByLabel("Search posts").fill(title.toUpperCase());
  await expect(page.getByText("1 post", { exact: true })).toBeVisible();
  const card = page.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  const href = await card.getByRole("link", { name: "View" }).getAttribute("href");
  expect(href).toMatch(/^\/posts\//);
  await expect(card.getByRole("link", { name: "View" })).toHaveAttribute("target", "_blank");

  // Edit: a blank title is refused, then the new title shows in the list.
  await card.getByRole("button", { name: "Edit" }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Post" });
  await editDialog.getByLabel("Title").fill("  ");
  await editDialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Post title is required")).toBeVisible();
  const newTitle = `${title} (edited)`;
  await editDialog.getByLabel("Title").fill(newTitle);
  await snap(page, "admin-posts-edit");
  await editDialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Post updated successfully")).toBeVisible();
  await expect(editDialog).toBeHidden();
  const edited = page.getByRole("article", { name: newTitle });
  await expect(edited).toBeVisible();

  // Delete: the spec's confirmation, then the post leaves the list and its page is gone.
  await edited.getByRole("button", { name: "Delete" }).click();
  const deleteDialog = page.getByRole("dialog", { name: "Delete Post" });
  await expect(deleteDialog).toContainText(
    `Are you sure you want to delete "${newTitle}"? This action cannot be undone. All replies and votes for this post will also be deleted.`,
  );
  await snap(page, "admin-posts-delete");
  await deleteDialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Post deleted successfully")).toBeVisible();
  await expect(page.getByRole("article", { name: newTitle })).toHaveCount(0);
  await expect(page.getByText("No posts found")).toBeVisible();
  await expect(page.getByText("Try adjusting your search filters")).toBeVisible();

  await page.goto(href ?? "/");
  await expect(page.getByText("Post not found")).toBeVisible();
});

test("an admin bans a member, who cannot sign in until unbanned", async ({ page, browser }) => {
  // The member registers in their own browser, then logs out.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await register(memberPage, uniqueName("banme"));
  await memberPage.getByRole("button", { name: "Logout" }).click();
  await expect(memberPage.getByRole("link", { name: "Login" })).toBeVisible();

  await login(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin/user-management");
  await expect(page.getByText("Total Users")).toBeVisible();
  await page.getByLabel("Search users").fill(member.username);
  const row = page.getByRole("row").filter({ hasText: member.username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Active");

  // Admin accounts cannot be banned or deleted.
  await page.getByLabel("Search users").fill(ADMIN.username);
  await expect(page.getByRole("button", { name: `Delete ${ADMIN.username}` })).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByRole("button", { name: `Ban ${ADMIN.username}` })).toHaveAttribute("aria-disabled", "true");
  await page.getByLabel("Search users").fill(member.username);

  const questions: string[] = [];
  page.on("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole("button", { name: `Ban ${member.username}` }).click();
  await expect(page.getByText("User banned successfully")).toBeVisible();
  await expect(row).toContainText("Banned");
  expect(questions).toContain(
    `Are you sure you want to ban ${member.username}? This will prevent them from accessing the forum.`,
  );
  await snap(page, "admin-users-banned");

  await fillLogin(memberPage, member.username, member.password);
  await expect(memberPage.getByText("Login failed")).toBeVisible();
  await expect(memberPage).toHaveURL(/\/login$/);

  await page.getByRole("button", { name: `Unban ${member.username}` }).click();
  await expect(page.getByText("User unbanned successfully")).toBeVisible();
  await expect(row).toContainText("Active");
  expect(questions).toContain(
    `Are you sure you want to unban ${member.username}? This will restore their forum access.`,
  );

  await login(memberPage, member.username, member.password);
  await expect(memberPage.getByRole("button", { name: "Logout" })).toBeVisible();
  await memberContext.close();
});
