// Backups (issue 32): an admin opens Backups, presses "Back up now", and the new backup appears at
// the top of the list with its size and time; its download link gives the file (the same bytes
// the list's size says, named after it). Screenshots at 1280 px and 390 px.
import { expect, test } from "@playwright/test";
import { ADMIN, login, openReady, snap } from "./helpers";

test("an admin backs up now, sees the new backup with its size and time, and downloads it", async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await openReady(page, "/admin/backups");
  await expect(page.getByRole("heading", { name: "Backups", level: 1 })).toBeVisible();
  const before: { backups: { name: string }[] } = await (await page.request.get("/api/admin/backups")).json();

  await page.getByRole("button", { name: "Back up now" }).click();
  await expect(page.getByText(/^Backup forum-backup-.+\.tar written\.$/).first()).toBeVisible();
  const after: { backups: { name: string; sizeBytes: number; createdAt: string }[] } = await (
    await page.request.get("/api/admin/backups")
  ).json();
  expect(after.backups).toHaveLength(before.backups.length + 1);
  const newest = after.backups[0];
  if (!newest) throw new Error("no backup listed");
  expect(before.backups.map((backup) => backup.name)).not.toContain(newest.name);

  const list = page.getByRole("list", { name: "Backups" });
  const row = list.getByRole("listitem", { name: `Backup ${newest.name}` });
  await expect(list.getByRole("listitem").first()).toHaveAttribute("aria-label", `Backup ${newest.name}`);
  await expect(row.getByTestId("backup-size")).toHaveText(/^\d+(\.\d)? (KB|MB|bytes)$/);
  await expect(row.locator("time")).toHaveAttribute("datetime", newest.createdAt);
  await expect(row.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/);

  const downloading = page.waitForEvent("download");
  await row.getByRole("link", { name: `Download ${newest.name}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(newest.name);
  const { size } = await import("node:fs/promises").then(async (fs) => fs.stat((await download.path()) as string));
  expect(size).toBe(newest.sizeBytes);

  await snap(page, "backups-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await openReady(page, "/admin/backups");
  await expect(row).toBeVisible();
  await snap(page, "backups-390");
});
