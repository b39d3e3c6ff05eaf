// End-to-end tests: the production build served by the real server on a fresh database,
// driven in Debian's Chromium (never a browser Playwright downloads).
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3390);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    viewport: { width: 1280, height: 900 },
    trace: "off",
  },
  webServer: {
    command: "node e2e/start-server.mjs",
    url: `http://127.0.0.1:${PORT}/api/categories`,
    env: { PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
