// A member changes their avatar on the settings screen: a file that is not a picture is refused
// before sending, a picture is previewed, saved, and then shown in the header and on their post;
// then removed, and the initials are back.
import { expect, type Locator, test } from "@playwright/test";
import { register, snap, uniqueName } from "./helpers";
import { smileyPng } from "./pictures";

const AVATAR_URL = /^\/avatars\/\d+-[0-9a-f]{16}\.webp$/;

/** True once the <img> has loaded a real picture (not a broken image). */
const loaded = (img: Locator) =>
  img.evaluate((element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0);

test("a member uploads an avatar, sees it on their post, and removes it", async ({ page }) => {
  const member = await register(page, uniqueName("avatar"));

  // A post of theirs, to see the avatar on.
  const title = `Avatar post ${uniqueName("")}`;
  await page.getByRole("button", { name: "Create", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Post" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: "Databases" }).click();
  await dialog.getByLabel("Content").fill("A post to show my avatar on.");
  await dialog.getByRole("button", { name: "Publish Post" }).click();
  await expect(page.getByText("Post created successfully")).toBeVisible();

  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Account Settings" })).toBeVisible();
  await expect(page.getByText("JPG, PNG, or GIF (max 2MB)")).toBeVisible();
  const picker = page.getByLabel("Avatar picture");

  // Not a picture, whatever its name says: refused on the screen, nothing sent.
  await picker.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text") });
  await expect(page.getByRole("alert").filter({ hasText: "The file is not a JPG, PNG or GIF image" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Avatar" })).toBeHidden();

  // A picture: previewed first, from the file itself.
  await picker.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: smileyPng() });
  const preview = page.getByRole("img", { name: "Preview of your new avatar" });
  await expect(preview).toBeVisible();
  expect(await preview.getAttribute("src")).toMatch(/^blob:/);
  await expect.poll(() => loaded(preview)).toBe(true);
  await expect(page.getByText("Preview: the centre square of the picture is kept.")).toBeVisible();
  await snap(page, "settings-avatar-preview-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(preview).toBeVisible();
  await snap(page, "settings-avatar-preview-375");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("button", { name: "Save Avatar" }).click();
  await expect(page.getByText("Your new avatar is saved.")).toBeVisible();
  await expect(preview).toBeHidden();

  // The header's avatar is the stored picture now.
  const mine = page.getByRole("img", { name: `${member.username}'s avatar` });
  await expect(mine.first()).toBeVisible();
  const src = (await mine.first().getAttribute("src")) ?? "";
  expect(src).toMatch(AVATAR_URL);
  await expect.poll(() => loaded(mine.first())).toBe(true);
  await expect(page.getByRole("button", { name: "Remove Avatar" })).toBeVisible();
  await snap(page, "settings-avatar-saved");

  // And on their post.
  await page.goto("/?sort=new");
  await page.getByRole("link", { name: title, exact: true }).first().click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const onPost = page
    .getByRole("main")
    .getByRole("img", { name: `${member.username}'s avatar` })
    .first();
  await expect(onPost).toHaveAttribute("src", src);
  await expect.poll(() => loaded(onPost)).toBe(true);
  await snap(page, "post-with-avatar");

  // Removed: the initials are back everywhere.
  await page.goto("/settings");
  await page.getByRole("button", { name: "Remove Avatar" }).click();
  await expect(page.getByText("Your initials show instead.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove Avatar" })).toBeHidden();
  await expect(page.locator(`img[src="${src}"]`)).toHaveCount(0);
  expect((await page.request.get(src)).status()).toBe(404);
});
