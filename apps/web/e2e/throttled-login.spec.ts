// On the server with the limits on: after five failed sign-ins, the login screen says how long
// to wait, even when the sixth try has the right password.
import { expect, test } from "@playwright/test";
import { ADMIN, fillLogin, snap } from "./helpers";
import { LIMITED_URL } from "./ports";

test.use({ baseURL: LIMITED_URL });

for (const width of [375, 1280]) {
  test(`the login screen shows the wait after too many failed sign-ins (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    // A demo member's account; each width its own, so the counts do not meet.
    const username = width === 375 ? "ada_l" : "grace.h";
    for (let n = 0; n < 4; n++) {
      const response = await page.request.post("/api/login", { data: { username, password: `wrong ${n}` } });
      expect(response.status()).toBe(401);
    }
    // The fifth failure through the screen still reads as a wrong password.
    await fillLogin(page, username, "wrong again");
    await expect(page.getByText("Invalid username or password")).toBeVisible();

    await fillLogin(page, username, "the right one would not matter now");
    await expect(page.getByText("Login failed")).toBeVisible();
    await expect(page.getByText("Too many attempts. Try again in 15 minutes.")).toBeVisible();
    await expect(page).toHaveURL("/login");
    await snap(page, `login-too-many-attempts-${width}`);
  });
}

test("another account is not held back, and its admin sees the limits are on", async ({ page }) => {
  await fillLogin(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL("/");
  await page.goto("/admin/user-management");
  const card = page.getByRole("region", { name: "Limits against abuse" });
  await expect(card.getByText("On", { exact: true })).toBeVisible();
  await expect(card.getByRole("row", { name: "Sign-in attempts per account 5 per 15 minutes" })).toBeVisible();
  await expect(card.getByRole("row", { name: "New accounts (first 24 hours): posts 3 per hour" })).toBeVisible();
  await snap(page, "admin-limits-on");
});
