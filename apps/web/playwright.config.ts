// End-to-end tests: the production build served by the real server on a fresh database,
// driven in Debian's Chromium (never a browser Playwright downloads).
import { defineConfig } from "@playwright/test";
import { LIMITED_PORT, E2E_PORT as PORT } from "./e2e/ports";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";

const server = (port: number, rateLimits: "on" | "off") => ({
  command: "node e2e/start-server.mjs",
  url: `http://127.0.0.1:${port}/api/categories`,
  env: { PORT: String(port), FORUM_RATE_LIMITS: rateLimits },
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
});

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // No retry: a test that passes only on a second try is a bug in the test or in the app. The
  // accessibility walk that hung twice (375 px, member) now loads lazy ad frames before axe reads
  // them (the one way we know axe can hang there), and every action and load fails within 30 s
  // naming what it waited for, so a next occurrence says where it is.
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    viewport: { width: 1280, height: 900 },
    trace: "off",
    // An action or a page load that cannot happen fails with what it waited for, instead of
    // waiting out the test's whole timeout (Playwright's defaults are no limit).
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
  },
  // The suites sign up and sign in many members from one address: their server runs with the
  // limits off (FORUM_RATE_LIMITS=off), as a load test would. The limits' own tests use a second
  // server with them on (e2e/throttled-login.spec.ts).
  webServer: [server(PORT, "off"), server(LIMITED_PORT, "on")],
});
