// "Download my data" (issue 30): a member asks for their data on Settings → Profile, sees it being
// prepared and then ready (the server's worker builds it in the background), downloads the zip
// (Playwright's download event) and finds their post's title in it. Screenshots of the card at
// 1280 px and 375 px.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { openReady, register, snap, uniqueName } from "./helpers";

test("a member requests their data, sees it become ready, and downloads a zip with their post in it", async ({
  page,
}) => {
  const member = await register(page, uniqueName("export"));
  const categories = await (await page.request.get("/api/categories")).json();
  const title = `Exported thoughts of ${member.username}`;
  const created = await page.request.post("/api/posts", {
    data: { title, content: "Something worth keeping a copy of", categoryId: categories[0].id },
  });
  expect(created.status()).toBe(201);
  // Long posts too: posts.json passes 160 kB, from which the zip writer deflates on a worker
  // thread, so the bundled server's worker path is taken here.
  for (let i = 1; i <= 4; i++) {
    const long = await page.request.post("/api/posts", {
      data: { title: `Long notes ${i}`, content: `Note ${i}: ${"words ".repeat(7_500)}`, categoryId: categories[0].id },
    });
    expect(long.status()).toBe(201);
  }

  await openReady(page, "/settings");
  const card = page.getByRole("region", { name: "Download my data" });
  await expect(card).toContainText("can be downloaded for 7 days");
  await card.getByRole("button", { name: "Request my data" }).click();
  await expect(page.getByText("Your data is being prepared").first()).toBeVisible();
  const download = card.getByRole("link", { name: "Download" });
  await expect(download).toBeVisible();
  await expect(card).toContainText("Your data is ready");
  await expect(card).toContainText("Available until");
  // This server runs with the limits off (FORUM_RATE_LIMITS=off), so a new copy may be asked for
  // at once; the once-a-day 429 is the server suite's (apps/server/test/data-export.test.ts).
  await expect(card.getByRole("button", { name: "Request new copy" })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: snapPath("data-export-card-1280") });
  await snap(page, "data-export-1280");

  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  const today = new Date().toISOString().slice(0, 10);
  expect(file.suggestedFilename()).toBe(`forum-data-${member.username}-${today}.zip`);
  const zip = unzipSync(new Uint8Array(await readFile(await file.path())));
  expect(Object.keys(zip)).toEqual(
    expect.arrayContaining(["profile.json", "posts.json", "replies.json", "votes.json", "notifications.json"]),
  );
  const posts = JSON.parse(strFromU8(zip["posts.json"] as Uint8Array)) as { title: string }[];
  expect(posts.map((post) => post.title)).toEqual([
    title,
    "Long notes 1",
    "Long notes 2",
    "Long notes 3",
    "Long notes 4",
  ]);
  expect(strFromU8(zip["posts.json"] as Uint8Array).length).toBeGreaterThan(160_000);
  const profile = JSON.parse(strFromU8(zip["profile.json"] as Uint8Array));
  expect(profile).toMatchObject({ username: member.username, email: `${member.username}@example.com` });
  expect(JSON.stringify(profile)).not.toContain("passwordHash");

  await page.setViewportSize({ width: 375, height: 800 });
  await openReady(page, "/settings");
  await expect(card.getByRole("link", { name: "Download" })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: snapPath("data-export-card-375") });
  await snap(page, "data-export-375");
});

function snapPath(name: string): string {
  return new URL(`../e2e-screenshots/${name}.png`, import.meta.url).pathname;
}
