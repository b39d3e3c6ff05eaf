// Ad management and bulk upload: an ad created here shows on the home page and counts its
// impression; each example spreadsheet imports and reports its count.
import { writeFileSync } from "node:fs";
import { BULK_COLUMNS, BULK_UPLOAD_TYPES } from "@forum/contracts";
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, login, snap, uniqueName } from "./helpers";

type AdRow = { id: number; title: string; placement: string; impressions: number; active: boolean };

async function adsAsAdmin(page: Page): Promise<AdRow[]> {
  const response = await page.request.get("/api/ads");
  expect(response.ok()).toBe(true);
  return (await response.json()) as AdRow[];
}

/** Flips an ad's active switch from the keyboard and waits for the save. */
async function setActive(page: Page, title: string, active: boolean) {
  const toggle = page.getByRole("switch", { name: `Active: ${title}` });
  if ((await toggle.isChecked()) === active) return;
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("Advertisement updated successfully")).toBeVisible();
  await expect(toggle).toBeChecked({ checked: active });
}

test("an admin creates a sidebar ad, sees it on the home page with its impression counted, and deletes it", async ({
  page,
}) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin/ads");
  await expect(page.getByRole("heading", { name: "Ad Management" })).toBeVisible();
  await expect(page.getByRole("switch", { name: "Enable Ads" })).toBeChecked();

  // Only the first active ad of a placement is shown: pause the demo's sidebar ads.
  const sidebarAds = (await adsAsAdmin(page)).filter((ad) => ad.active && ad.placement === "sidebar");
  for (const ad of sidebarAds) await setActive(page, ad.title, false);

  // Blank fields are refused before anything is sent.
  await page.getByRole("button", { name: "Create Advertisement" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create Advertisement" });
  await dialog.getByRole("button", { name: "Create Advertisement" }).click();
  await expect(page.getByText("Please fill in title and content")).toBeVisible();

  const title = uniqueName("E2E Ad ");
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Content").fill("Sponsored message from the end-to-end test.");
  await dialog.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "text", exact: true }).click();
  await dialog.getByRole("combobox", { name: "Placement" }).click();
  await page.getByRole("option", { name: "sidebar", exact: true }).click();
  await expect(dialog.getByRole("switch", { name: "Active" })).toBeChecked();
  await dialog.getByRole("button", { name: "Create Advertisement" }).click();
  await expect(page.getByText("Advertisement created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole("row").filter({ has: page.getByRole("switch", { name: `Active: ${title}` }) });
  await expect(row.getByRole("cell", { name: "0.00%" })).toBeVisible();
  await snap(page, "admin-ads");

  await page.goto("/");
  const slot = page.getByRole("complementary", { name: `Advertisement: ${title}` });
  await expect(slot).toBeVisible();
  await expect(slot.getByText(title)).toBeVisible();
  await expect
    .poll(async () => (await adsAsAdmin(page)).find((ad) => ad.title === title)?.impressions ?? 0)
    .toBeGreaterThanOrEqual(1);
  await snap(page, "home-sidebar-ad");

  // Clean up: delete it (after the browser's confirmation) and turn the demo ads back on.
  await page.goto("/admin/ads");
  page.once("dialog", (confirmation) => void confirmation.accept());
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(page.getByText("Advertisement deleted successfully")).toBeVisible();
  await expect(page.getByRole("switch", { name: `Active: ${title}` })).toHaveCount(0);
  for (const ad of sidebarAds) await setActive(page, ad.title, true);
});

test("an admin imports each example spreadsheet and sees the count", async ({ page }, testInfo) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin/bulk-upload");
  await expect(page.getByRole("heading", { name: "Bulk Upload" })).toBeVisible();
  const fileInput = page.locator('input[type="file"]');
  const upload = page.getByRole("button", { name: "Upload", exact: true });

  await upload.click();
  await expect(page.getByText("Please select a file and upload type")).toBeVisible();

  await page.getByRole("combobox", { name: "Upload Type" }).click();
  await page.getByRole("option", { name: "Users" }).click();
  await fileInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a sheet") });
  await upload.click();
  await expect(page.getByText("Invalid File Type")).toBeVisible();

  const labels = { users: "Users", categories: "Categories", posts: "Posts", replies: "Replies" } as const;
  for (const type of BULK_UPLOAD_TYPES) {
    const example = await page.request.get(`/uploads/example_${type}.xlsx`);
    expect(example.ok()).toBe(true);
    const path = testInfo.outputPath(`example_${type}.xlsx`);
    writeFileSync(path, await example.body());

    await page.getByRole("combobox", { name: "Upload Type" }).click();
    await page.getByRole("option", { name: labels[type], exact: true }).click();
    await expect(page.getByRole("table", { name: `Columns for ${type}` })).toBeVisible();
    await fileInput.setInputFiles(path);
    await upload.click();
    const rows = BULK_COLUMNS[type][0].examples.length;
    // The previous toast may still be fading out: the count names this upload.
    await expect(page.getByText(`Imported ${rows} ${type}`).first()).toBeVisible();
    await expect(page.getByText("Upload Successful").last()).toBeVisible();
    await expect(upload).toBeEnabled();
  }

  // The same users again: refused as a whole, every problem listed under the form.
  await page.getByRole("combobox", { name: "Upload Type" }).click();
  await page.getByRole("option", { name: "Users", exact: true }).click();
  await fileInput.setInputFiles(testInfo.outputPath("example_users.xlsx"));
  await upload.click();
  await expect(page.getByText("Upload Failed")).toBeVisible();
  const problems = page.getByRole("table", { name: "Problems in the file" });
  await expect(problems).toBeVisible();
  await expect(problems.getByRole("columnheader")).toHaveText(["Row", "Column", "Problem"]);
  await expect(problems.getByText("already registered").first()).toBeVisible();
  await snap(page, "admin-bulk-upload");
});
