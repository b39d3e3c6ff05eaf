// The staff log (issue 32): an admin bans a member on User Management, and the Staff log shows the
// ban (who, what, the change) at once; filtering by action keeps it, another action's filter says
// nothing matches. Screenshots at 1280 px and 390 px.
import { expect, test } from "@playwright/test";
import { ADMIN, login, openReady, register, snap, uniqueName } from "./helpers";

test("a ban shows in the staff log, with who did it, and the filters find it", async ({ page, browser }) => {
  const memberContext = await browser.newContext();
  const member = await register(await memberContext.newPage(), uniqueName("logged"));
  await memberContext.close();

  await login(page, ADMIN.username, ADMIN.password);
  await openReady(page, "/admin/user-management");
  await page.getByLabel("Search users").fill(member.username);
  page.on("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: `Ban ${member.username}` }).click();
  await expect(page.getByText("User banned successfully")).toBeVisible();

  await page.getByRole("link", { name: "Staff Log" }).click();
  await expect(page.getByRole("heading", { name: "Staff log", level: 1 })).toBeVisible();
  const entries = page.getByRole("list", { name: "Staff actions" });
  // The entries themselves, not the list items of each entry's changes.
  const entryCards = entries.locator(":scope > li");
  const ban = entryCards.filter({ hasText: member.username }).first();
  await expect(ban).toContainText("Banned a member");
  await expect(ban).toContainText(`by ${ADMIN.username}`);
  await expect(ban.getByRole("list", { name: "Changes" })).toContainText("banned: false → true");
  await snap(page, "admin-staff-log");

  await page.getByRole("combobox", { name: "Action" }).click();
  await page.getByRole("option", { name: "Banned a member", exact: true }).click();
  await expect(page).toHaveURL(/action=member\.ban/);
  await expect(entryCards.filter({ hasText: member.username }).first()).toBeVisible();
  await expect(entryCards.filter({ hasNotText: "Banned a member" })).toHaveCount(0);

  await page.getByRole("combobox", { name: "Action" }).click();
  await page.getByRole("option", { name: "Restored a backup" }).click();
  await expect(page.getByText("No staff actions match these filters")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(ban).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(ban).toBeVisible();
  await snap(page, "admin-staff-log-phone");
});
