// Shared steps of the browser tests.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";

export const ADMIN = { username: "e2e_admin", password: "e2e-admin-password" };

const SHOTS = join(import.meta.dirname, "..", "e2e-screenshots");
mkdirSync(SHOTS, { recursive: true });

/** Saves a screenshot per screen (not committed) so a person can look at every run. */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

export function uniqueName(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/**
 * Opens a page and waits until React has taken it over (main.tsx marks <html data-hydrated>):
 * a server-rendered page shows its controls before they work.
 */
export async function openReady(page: Page, url: string) {
  await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Fills the Login tab (both tabs stay in the page; only the shown panel is used) of `at`. */
export async function fillLogin(page: Page, username: string, password: string, at = "/login") {
  await openReady(page, at);
  const panel = page.getByRole("tabpanel", { name: "Login" });
  await panel.getByLabel("Username").fill(username);
  await panel.getByLabel("Password", { exact: true }).fill(password);
  await panel.getByRole("button", { name: "Login", exact: true }).click();
}

export async function login(page: Page, username: string, password: string) {
  await fillLogin(page, username, password);
  await expect(page).toHaveURL("/");
}

export async function register(page: Page, username: string, password = "member-password-1") {
  await openReady(page, "/auth");
  await page.getByRole("tab", { name: "Register" }).click();
  const panel = page.getByRole("tabpanel", { name: "Register" });
  await panel.getByLabel("Username").fill(username);
  await panel.getByLabel("Email").fill(`${username}@example.com`);
  await panel.getByLabel("Password", { exact: true }).fill(password);
  await panel.getByLabel("Confirm Password").fill(password);
  await panel.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/");
  return { username, password };
}

/** Holds the app's entry module (index-….js) until `release` is called: the page stays as the server sent it. */
export async function holdApp(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
