// API tokens (issue 29): a member makes a read-write token on the settings screen, sees it once,
// copies it, runs a script with the typed client and it, then revokes it and the script is
// refused. Screenshots of the tab at 375 px and 1280 px.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { openReady, register, snap, uniqueName } from "./helpers";
import { E2E_PORT } from "./ports";

const SCRIPT = join(import.meta.dirname, "token-script.mjs");

function runScript(token: string, title: string): string {
  return execFileSync(process.execPath, [SCRIPT], {
    env: { ...process.env, FORUM_URL: `http://127.0.0.1:${E2E_PORT}`, FORUM_TOKEN: token, POST_TITLE: title },
    encoding: "utf8",
  }).trim();
}

for (const width of [375, 1280]) {
  test(`a member makes a token, a script uses it, and revoking it ends it (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const member = await register(page, uniqueName("tok"));
    await openReady(page, "/settings?tab=tokens");
    await expect(page.getByRole("heading", { name: "API tokens" })).toBeVisible();
    await expect(page.getByText("You have no API tokens yet.")).toBeVisible();

    await page.getByLabel("Name").fill("Nightly script");
    await page.getByText("Read-write").click();
    await page.getByRole("combobox", { name: "Expires" }).click();
    await page.getByRole("option", { name: "30 days" }).click();
    await page.getByRole("button", { name: "Create token" }).click();

    const dialog = page.getByRole("dialog", { name: "Your new API token" });
    await expect(dialog).toBeVisible();
    const token = (await dialog.getByTestId("new-api-token").textContent())?.trim() ?? "";
    expect(token).toMatch(/^forum_pat_[A-Za-z0-9_-]{43}$/);
    await expect(dialog.getByRole("button", { name: "Copy token" })).toBeVisible();
    await snap(page, `api-token-created-${width}`);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole("listitem", { name: "Nightly script" });
    await expect(row.getByText("Read-write")).toBeVisible();
    await expect(row.getByText(/Last used never/)).toBeVisible();

    const title = `Scripted ${uniqueName("")}`;
    expect(runScript(token, title)).toMatch(new RegExp(`^${member.username} posted /posts/`));
    await page.reload();
    await expect(page.getByRole("listitem", { name: "Nightly script" }).getByText(/Last used just now/i)).toBeVisible();
    await snap(page, `api-tokens-list-${width}`);

    if (width === 1280) {
      // The API reference takes the token under Authorize, and "Try it out" calls as its member.
      await page.goto("/api/docs#/auth/auth.me");
      await page
        .getByRole("button", { name: /Authorize/ })
        .first()
        .click();
      const authorize = page.locator(".auth-container").filter({ hasText: "apiToken" });
      await authorize.locator("input").fill(token);
      await authorize.getByRole("button", { name: "Apply credentials" }).click();
      await expect(authorize.getByRole("button", { name: "Remove authorization" })).toBeVisible();
      await authorize.getByRole("button", { name: "Close" }).click();
      const me = page
        .locator(".opblock-get")
        .filter({ has: page.locator('.opblock-summary-path[data-path="/api/user"]') });
      await expect(me.locator(".opblock-body")).toBeVisible();
      await me.getByRole("button", { name: "Try it out" }).click();
      const sent = page.waitForRequest(
        (request) => request.url().endsWith("/api/user") && request.headers().authorization === `Bearer ${token}`,
      );
      await me.getByRole("button", { name: "Execute" }).click();
      await sent;
      await expect(me.locator(".live-responses-table")).toContainText(member.username);
      await openReady(page, "/settings?tab=tokens");
    }

    await page.getByRole("button", { name: "Revoke Nightly script" }).click();
    await expect(page.getByText("Token revoked: it no longer works")).toBeVisible();
    await expect(page.getByRole("listitem", { name: "Nightly script" }).getByText("Revoked")).toBeVisible();
    expect(runScript(token, `${title} again`)).toBe("401: This API token has been revoked");
  });
}
