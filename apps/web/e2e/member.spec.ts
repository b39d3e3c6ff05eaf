// A member's whole visit: register, a refused blank post, a real post, a reply, a vote taken
// back, a profile edit, logout.
import { LIMITS, MESSAGES } from "@forum/contracts";
import { expect, test } from "@playwright/test";
import { fillLogin, register, snap, uniqueName } from "./helpers";

test("a member registers, posts, replies, votes, edits the profile and logs out", async ({ page }) => {
  const member = await register(page, uniqueName("member"));
  await expect(page.getByText("Account created successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

  // A blank post is refused in the browser with the spec's toast, and nothing is sent.
  await page.getByRole("button", { name: "Create", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Post" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Publish Post" }).click();
  await expect(page.getByText("Missing Information")).toBeVisible();
  await expect(page.getByText("Please fill in all required fields")).toBeVisible();
  await snap(page, "create-post-missing-information");

  // A rule of the server's own schema other than the form-wide one shows under its field.
  await dialog.getByLabel("Title").fill("t".repeat(LIMITS.title + 1));
  await dialog.getByRole("button", { name: "Publish Post" }).click();
  await expect(dialog.getByText(MESSAGES.tooLong("Title", LIMITS.title))).toBeVisible();
  await expect(dialog.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");

  const title = `End-to-end post ${uniqueName("")}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: "Databases" }).click();
  await dialog.getByLabel("Content").fill("First line of the body.\nSecond line of the body.");
  await dialog.getByRole("button", { name: "Publish Post" }).click();
  await expect(page.getByText("Post created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  // The new post heads the "New" sort and opens on its own page.
  await page.goto("/?sort=new");
  await page.getByRole("link", { name: title, exact: true }).first().click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("Second line of the body.")).toBeVisible();
  await expect(page.getByText("No replies yet. Be the first to respond!")).toBeVisible();

  // A reply past its length limit is named under the box, and nothing is sent.
  const replyBox = page.getByRole("textbox", { name: "Your reply" });
  await replyBox.fill("r".repeat(LIMITS.reply + 1));
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByText(MESSAGES.tooLong("Reply", LIMITS.reply))).toBeVisible();
  await expect(replyBox).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("No replies yet. Be the first to respond!")).toBeVisible();

  // Reply (typing clears the message).
  await replyBox.fill("Replying from the browser test.");
  await expect(page.getByText(MESSAGES.tooLong("Reply", LIMITS.reply))).toBeHidden();
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByText("Reply posted successfully")).toBeVisible();
  await expect(page.getByText("Replying from the browser test.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "1 Reply" })).toBeVisible();

  // Vote, then take the vote back.
  // The post's own votes (each reply has its own too).
  const upvote = page.getByRole("group", { name: "Votes", exact: true }).getByRole("button", { name: "Upvote" });
  await upvote.click();
  await expect(upvote).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("group", { name: "Votes", exact: true })).toContainText("1");
  await upvote.click();
  await expect(upvote).toHaveAttribute("aria-pressed", "false");
  await snap(page, "post-detail-member");

  // Edit the profile.
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Account Settings" })).toBeVisible();
  await page.getByLabel("First Name").fill("Grace");
  await page.getByLabel("Location").fill("Arlington, USA");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Your profile has been successfully updated.")).toBeVisible();
  await page.goto(`/u/${member.username}`);
  await expect(page.getByText("Grace")).toBeVisible();
  await snap(page, "profile-member");

  // Log out.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("You have been logged out successfully")).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
});

test("settings ask a visitor to sign in", async ({ page }) => {
  await page.goto("/settings");
  await expect(page.getByText("Access Denied")).toBeVisible();
  await expect(page.getByText("Please log in to access your settings.")).toBeVisible();
  await page.getByRole("link", { name: "Sign In" }).click();
  // Signing in comes back to the settings.
  await expect(page).toHaveURL("/login?next=%2Fsettings");
  await snap(page, "settings-access-denied");
});

test("a wrong password is refused with the spec's toast", async ({ page }) => {
  await fillLogin(page, "nobody_here", "wrong-password");
  await expect(page.getByText("Login failed")).toBeVisible();
  await expect(page.getByText("Invalid username or password")).toBeVisible();
  await expect(page).toHaveURL("/login");
});
