// Debian's Chromium as every browser run of the repository starts it: the end-to-end tests
// (playwright.config.ts), screenshots (scripts/screenshot.mjs) and the first-visit timings
// (bench/web.mjs). Never a browser a tool downloads; no background traffic, a fresh profile.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless comes from the launcher's own option. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
