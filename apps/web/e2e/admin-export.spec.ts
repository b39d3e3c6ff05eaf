// The admin's Export screen (issue 32): the posts downloaded as .xlsx and the members as .csv,
// each opened with SheetJS and checked (the bulk upload's columns, a post made here, no
// password), the screen's count of the rows it received, the plain link, and a member turned
// away. Screenshots at 1280 px and 390 px.
import { readFile } from "node:fs/promises";
import * as XLSX from "@e965/xlsx";
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, login, openReady, register, snap, uniqueName } from "./helpers";

type Cell = string | number | boolean | null;

function sheetRows(bytes: Buffer | string): Cell[][] {
  const book = XLSX.read(bytes, { type: typeof bytes === "string" ? "string" : "buffer", dense: true });
  const sheet = book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet;
  return XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, defval: null, raw: true });
}

async function downloaded(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: button }).click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

const today = () => new Date().toISOString().slice(0, 10);

test("an admin downloads the posts as .xlsx and the members as .csv, in the bulk upload's columns", async ({
  page,
}) => {
  await login(page, ADMIN.username, ADMIN.password);
  const categories = await (await page.request.get("/api/categories")).json();
  const title = `Exported by the admin ${uniqueName("x")}`;
  const created = await page.request.post("/api/posts", {
    data: { title, content: 'Line one, with "quotes"\nline two', categoryId: categories[0].id },
  });
  expect(created.status()).toBe(201);

  await openReady(page, "/admin/export");
  await expect(page.getByRole("heading", { name: "Export", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export", exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/Export/);

  const posts = await downloaded(page, "Download posts as .xlsx");
  expect(posts.name).toBe(`forum-posts-${today()}.xlsx`);
  const rows = sheetRows(posts.bytes);
  expect(rows[0]).toEqual(["title", "content", "excerpt", "categoryId", "authorId", "featured"]);
  const mine = rows.find((row) => row[0] === title);
  expect(mine?.slice(1, 3)).toEqual(['Line one, with "quotes"\nline two', null]);
  expect(mine?.[5]).toBe(false);
  // The screen counted the rows as they arrived: as many as the file holds.
  const postsCard = page.getByRole("region", { name: "Posts" });
  await expect(postsCard.getByRole("status")).toHaveText(
    `Saved forum-posts-${today()}.xlsx: ${(rows.length - 1).toLocaleString("en-US")} rows`,
  );

  const members = await downloaded(page, "Download members as .csv");
  expect(members.name).toBe(`forum-users-${today()}.csv`);
  const memberRows = sheetRows(members.bytes.toString("utf8").replace(/^\uFEFF/, ""));
  expect(memberRows[0]).toEqual([
    "username",
    "email",
    "password",
    "first_name",
    "last_name",
    "role",
    "password_exported",
  ]);
  const admin = memberRows.find((row) => row[0] === ADMIN.username);
  expect(admin?.[5]).toBe("admin");
  // No password in any row; every row says so.
  for (const row of memberRows.slice(1)) {
    expect(row[2]).toBeNull();
    expect(String(row[6]).toLowerCase()).toBe("false");
  }
  await expect(page.getByRole("region", { name: "Members" }).getByRole("status")).toContainText(
    `Saved forum-users-${today()}.csv`,
  );
  await snap(page, "admin-export-1280");

  // The link is a plain download too (a new tab, "save link as", no script).
  const href = await page.getByRole("link", { name: "Download replies as .csv" }).getAttribute("href");
  const plain = await page.request.get(href as string);
  expect(plain.status()).toBe(200);
  expect(plain.headers()["content-disposition"]).toBe(`attachment; filename="forum-replies-${today()}.csv"`);
  expect(sheetRows((await plain.text()).replace(/^\uFEFF/, ""))[0]).toEqual(["content", "postId", "authorId"]);

  await page.setViewportSize({ width: 390, height: 844 });
  await openReady(page, "/admin/export");
  await expect(page.getByRole("link", { name: "Download categories as .xlsx" })).toBeVisible();
  await snap(page, "admin-export-390");
});

test("a member is sent away from the Export screen and refused the download", async ({ page }) => {
  await register(page, uniqueName("noexport"));
  await page.goto("/admin/export");
  await expect(page).toHaveURL("/");
  const refused = await page.request.get("/api/admin/export/users?format=csv");
  expect(refused.status()).toBe(403);
});
