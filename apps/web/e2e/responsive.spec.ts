// The key pages at a phone's width and a laptop's: nothing overflows sideways and the
// essentials are on screen.
import { expect, test } from "@playwright/test";
import { snap } from "./helpers";

const WIDTHS = [375, 1280];
const PAGES = [
  { path: "/", heading: "Latest Discussions" },
  { path: "/trending", heading: "Trending Discussions" },
  { path: "/cats/databases", heading: "Databases" },
  { path: "/u/ada_l", heading: "ada_l" },
  { path: "/login", heading: "Tech Forum" },
];

for (const width of WIDTHS) {
  for (const { path, heading } of PAGES) {
    test(`${path} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await snap(page, `${path.replaceAll("/", "_") || "home"}-${width}`);
    });
  }
}

test("the phone menu slides over with an overlay and closes on a link", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const categories = page.getByRole("navigation", { name: "Categories" });
  await expect(categories).toBeVisible();
  await snap(page, "mobile-menu-open");
  await categories.getByRole("link", { name: /Python/ }).click();
  await expect(page).toHaveURL("/cats/python");
  // Closed again: slid off to the left, and out of the keyboard's way.
  await expect
    .poll(async () => (await page.locator("nav[aria-label=Categories]").boundingBox())?.x ?? -1)
    .toBeLessThan(0);
  // Hidden, not only off screen: out of the tab order and of what a screen reader reads.
  await expect(page.locator("nav[aria-label=Categories]")).toBeHidden();
});
