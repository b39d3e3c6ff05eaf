// Sessions (issue 30): a member signed in on a laptop and a phone sees both on Settings →
// Security, signs the phone out from the laptop, and the phone is signed out at its next page.
// Screenshots at 375 px and 1280 px.
import { expect, test } from "@playwright/test";
import { login, openReady, register, snap, uniqueName } from "./helpers";

const PHONE_AGENT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

test("a member signs out their phone from the sessions list, and the phone is signed out", async ({ browser }) => {
  const laptopContext = await browser.newContext();
  const phoneContext = await browser.newContext({ userAgent: PHONE_AGENT, viewport: { width: 375, height: 800 } });
  const laptop = await laptopContext.newPage();
  const phone = await phoneContext.newPage();
  const member = await register(laptop, uniqueName("sess"));
  await login(phone, member.username, member.password);

  await openReady(laptop, "/settings?tab=security");
  const sessions = laptop.getByRole("list", { name: "Sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByRole("listitem").first()).toContainText("Chrome on LinuxThis browser");
  const phoneRow = sessions.getByRole("listitem", { name: "Safari on iOS" });
  await expect(phoneRow).toContainText("Last seen");
  await snap(laptop, "sessions-1280");

  await openReady(phone, "/settings?tab=security");
  await expect(phone.getByRole("list", { name: "Sessions" }).getByRole("listitem")).toHaveCount(2);
  await snap(phone, "sessions-375");

  await phoneRow.getByRole("button", { name: "Sign out Safari on iOS" }).click();
  await expect(laptop.getByText("Signed out of that session").first()).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expect(laptop.getByRole("button", { name: "Sign out everywhere else" })).toBeDisabled();

  await phone.reload();
  await expect(phone.getByText("Please log in to access your settings.")).toBeVisible();
  await laptopContext.close();
  await phoneContext.close();
});
