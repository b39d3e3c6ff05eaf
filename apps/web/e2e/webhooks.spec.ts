// Webhooks (issue 29): an admin adds an endpoint (a receiver this test runs), sees its signing
// secret once, sends a test event and sees it delivered in the endpoint's list, and a new post
// reaches the receiver signed with that secret. Screenshots at 1280 px and 375 px.
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { ADMIN, login, openReady, snap } from "./helpers";

type Call = { headers: IncomingHttpHeaders; body: string };

async function startReceiver() {
  const calls: Call[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      calls.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/forum-events`, calls, close: () => server.close() };
}

const signatureOf = (secret: string, call: Call) =>
  `sha256=${createHmac("sha256", secret).update(`${call.headers["x-forum-timestamp"]}.${call.body}`).digest("hex")}`;

test("an admin adds a webhook, sees its secret once, and its deliveries arrive signed", async ({ page }) => {
  const receiver = await startReceiver();
  await login(page, ADMIN.username, ADMIN.password);
  await openReady(page, "/admin/webhooks");
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();

  // A wrong address is refused under the field.
  await page.getByLabel("Payload URL").fill("ftp://example.com/in");
  await page.getByRole("button", { name: "Add Webhook" }).click();
  await expect(page.getByText("Enter the endpoint's full address, starting with https://")).toBeVisible();

  await page.getByLabel("Payload URL").fill(receiver.url);
  await page.getByRole("checkbox", { name: "reply.created" }).check();
  await page.getByRole("button", { name: "Add Webhook" }).click();
  const dialog = page.getByRole("dialog", { name: "Webhook signing secret" });
  await expect(dialog).toBeVisible();
  const secret = (await dialog.getByTestId("new-webhook-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^whsec_/);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole("article", { name: `Webhook to ${receiver.url}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole("switch", { name: "Enabled" })).toBeChecked();
  await card.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByText("Test event queued").first()).toBeVisible();
  await card.getByText("Recent deliveries").click();
  const deliveries = card.getByRole("table", { name: "Recent deliveries" });
  await expect(deliveries.getByRole("row").filter({ hasText: "ping" })).toContainText("delivered");
  await expect(deliveries.getByRole("row").filter({ hasText: "ping" })).toContainText("204");
  expect(receiver.calls).toHaveLength(1);
  const ping = receiver.calls[0] as Call;
  expect(ping.headers["x-forum-event"]).toBe("ping");
  expect(ping.headers["x-forum-signature"]).toBe(signatureOf(secret, ping));

  // A new post reaches the receiver, signed, and shows in the list after a reload.
  const categories = await (await page.request.get("/api/categories")).json();
  const post = await page.request.post("/api/posts", {
    data: { title: "Heard by a webhook", content: "Body", categoryId: categories[0].id },
  });
  expect(post.status()).toBe(201);
  await expect.poll(() => receiver.calls.length).toBe(2);
  const created = receiver.calls[1] as Call;
  expect(JSON.parse(created.body)).toMatchObject({ event: "post.created", data: { title: "Heard by a webhook" } });
  expect(created.headers["x-forum-signature"]).toBe(signatureOf(secret, created));
  await page.reload();
  await card.getByText("Recent deliveries").click();
  await expect(deliveries.getByRole("row").filter({ hasText: "post.created" })).toContainText("delivered");
  await snap(page, "webhooks-1280");
  await page.setViewportSize({ width: 375, height: 900 });
  await openReady(page, "/admin/webhooks");
  await card.getByText("Recent deliveries").click();
  await expect(deliveries.getByRole("row").filter({ hasText: "post.created" })).toBeVisible();
  await snap(page, "webhooks-375");
  // Gone again, so the other specs' posts are not sent to a receiver that has stopped.
  const hooks = await (await page.request.get("/api/admin/webhooks")).json();
  for (const hook of hooks) expect((await page.request.delete(`/api/admin/webhooks/${hook.id}`)).ok()).toBe(true);
  receiver.close();
});
