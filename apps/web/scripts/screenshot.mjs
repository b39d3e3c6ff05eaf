// Looks at a page the way a person would: `node scripts/screenshot.mjs <url> <out.png> [width] [height] [cookie]`.
// VIEWPORT_ONLY=1 captures only the first screen. Prints console errors and the number of requests (a refetch loop shows up as a large number).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";

const [url, out, width = "1280", height = "900", cookie] = process.argv.slice(2);
if (!url || !out) throw new Error("usage: screenshot.mjs <url> <out.png> [width] [height] [cookie]");
const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "chromium-")), {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_FLAGS,
  viewport: { width: Number(width), height: Number(height) },
});
if (cookie) {
  const [name, value] = cookie.split("=");
  await context.addCookies([{ name, value, url: new URL(url).origin }]);
}
const page = await context.newPage();
let requests = 0;
page.on("request", () => requests++);
page.on("console", (message) => message.type() === "error" && console.log("console:", message.text()));
page.on("pageerror", (error) => console.log("pageerror:", error.message));
await page.goto(url, { waitUntil: "load" });
await page.waitForTimeout(2000);
await page.screenshot({ path: out, fullPage: process.env.VIEWPORT_ONLY !== "1" });
console.log(`requests: ${requests}`);
await context.close();
