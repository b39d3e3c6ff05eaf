// Two-step sign-in (issue 30): a member turns it on from Settings → Security (the code computed
// here from the key the screen shows), saves the recovery codes, signs out, and signs in again
// with the password and then a code; without JavaScript the same sign-in takes a recovery code
// through the server's forms. Screenshots at 375 px and 1280 px.
import { expect, type Page, test } from "@playwright/test";
import { fillLogin, openReady, register, snap, uniqueName } from "./helpers";
import { authenticatorCode } from "./totp";

/** Turns two-step sign-in on for the signed-in member: answers the key and the recovery codes. */
async function turnOnTwoStep(page: Page) {
  await openReady(page, "/settings?tab=security");
  const card = page.getByRole("region", { name: "Two-step sign-in" });
  await expect(card.getByText("Off", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(card.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await card.getByTestId("two-step-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await snap(page, `two-step-setup-${page.viewportSize()?.width}`);
  await card.getByLabel("2. Enter the 6-digit code the app shows").fill("000000");
  await card.getByRole("button", { name: "Turn on" }).click();
  await expect(card.getByText(/That code is not right/)).toBeVisible();
  await card.getByLabel("2. Enter the 6-digit code the app shows").fill(authenticatorCode(secret));
  await card.getByRole("button", { name: "Turn on" }).click();
  const dialog = page.getByRole("dialog", { name: "Save your recovery codes" });
  const codes = (await dialog.getByTestId("recovery-codes").innerText()).trim().split("\n");
  expect(codes).toHaveLength(10);
  const download = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toBe("forum-recovery-codes.txt");
  await snap(page, `two-step-recovery-codes-${page.viewportSize()?.width}`);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(card.getByText("On", { exact: true })).toBeVisible();
  await expect(card).toContainText("Recovery codes left: 10 of 10");
  return { secret, codes };
}

test("a member turns on two-step sign-in, and signing in then asks for the app's code", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = await register(page, uniqueName("totp"));
  const { secret } = await turnOnTwoStep(page);
  await snap(page, "two-step-on-1280");

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();
  await fillLogin(page, member.username, member.password);
  const panel = page.getByRole("tabpanel", { name: "Login" });
  await expect(panel.getByText("Two-step sign-in is on for this account.")).toBeVisible();
  await panel.getByLabel("Authentication code").fill("123456");
  await panel.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText(/That code is not right/).first()).toBeVisible();
  await snap(page, "two-step-sign-in-1280");
  // The next step's code: later than the one that turned it on, inside the server's drift window.
  await panel.getByLabel("Authentication code").fill(authenticatorCode(secret, Date.now() + 30_000));
  await panel.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
});

test("on a phone without JavaScript, the sign-in's second step takes a recovery code once", async ({ browser }) => {
  const setUp = await browser.newPage({ viewport: { width: 375, height: 800 } });
  const member = await register(setUp, uniqueName("totpnojs"));
  const { codes } = await turnOnTwoStep(setUp);
  await setUp.close();

  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  const signIn = async () => {
    await page.goto("/auth?tab=login");
    const panel = page.getByRole("tabpanel", { name: "Login" });
    await panel.getByLabel("Username").fill(member.username);
    await panel.getByLabel("Password", { exact: true }).fill(member.password);
    await panel.getByRole("button", { name: "Login", exact: true }).click();
    await expect(panel.getByLabel("Authentication code")).toBeVisible();
    return panel;
  };
  let panel = await signIn();
  await snap(page, "two-step-sign-in-375-no-js");
  await panel.getByLabel("Authentication code").fill(codes[0] as string);
  await panel.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Logged in successfully")).toBeVisible();

  await context.clearCookies();
  panel = await signIn();
  await panel.getByLabel("Authentication code").fill(codes[0] as string);
  await panel.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right");
  // A wrong code keeps the second step (its challenge) for another try.
  await expect(panel.getByLabel("Authentication code")).toBeVisible();
  await panel.getByLabel("Authentication code").fill(codes[1] as string);
  await panel.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/");
  await context.close();
});
