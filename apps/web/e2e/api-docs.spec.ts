// The interactive API reference at /api/docs: it draws every path of the OpenAPI document under
// the page's strict Content-Security-Policy (no inline script), reaches no other host, and
// "Try it out" calls the API from the page.
import { expect, type Page, test } from "@playwright/test";
import { snap } from "./helpers";

/** One operation's block, by its method and its path as the document writes it. */
const operation = (page: Page, method: string, path: string) =>
  page.locator(`.opblock-${method}`).filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });

test("the API reference lists the API and tries a call, from this server only", async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? "").origin;
  const elsewhere: string[] = [];
  const refused: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.origin !== origin) elsewhere.push(request.url());
  });
  page.on("console", (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  page.on("pageerror", (error) => refused.push(error.message));

  const response = await page.goto("/api/docs");
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page.getByRole("heading", { name: /Tech Forum API/ })).toBeVisible();
  await expect(page.locator(".opblock-tag-section")).not.toHaveCount(0);
  const document = await (await page.request.get("/api/openapi.json")).json();
  const operations = Object.values(document.paths as Record<string, object>).reduce(
    (count: number, methods) => count + Object.keys(methods).length,
    0,
  );
  await expect(page.locator(".opblock")).toHaveCount(operations);
  await snap(page, "api-docs");

  const categories = operation(page, "get", "/api/categories");
  await categories.locator(".opblock-summary").click();
  await categories.getByRole("button", { name: "Try it out" }).click();
  await categories.getByRole("button", { name: "Execute" }).click();
  await expect(categories.locator(".live-responses-table tbody .response-col_status")).toHaveText("200");
  await expect(categories.locator(".live-responses-table")).toContainText('"slug"');
  await snap(page, "api-docs-try-it-out");

  expect(elsewhere).toEqual([]);
  expect(refused).toEqual([]);
});

test("the API reference at the width of a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/api/docs#/posts/posts.list");
  await expect(operation(page, "get", "/api/posts").locator(".opblock-body")).toBeVisible();
  await expect(page.getByText("sortBy", { exact: true })).toBeVisible();
  await snap(page, "api-docs-narrow");
});
