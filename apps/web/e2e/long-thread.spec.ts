// A long thread (issue 16): the post page shows its first 50 replies, the next ones as the reader
// scrolls, and a link to a reply further down loads pages until that reply is on the screen.
import { expect, request, test } from "@playwright/test";
import { ADMIN, openReady, snap, uniqueName } from "./helpers";

const REPLIES = 62;

test("a long thread loads its replies 50 at a time, as the reader scrolls or follows a link", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const api = await request.newContext({ baseURL });
  expect((await api.post("/api/login", { data: ADMIN })).ok()).toBe(true);
  const [category] = (await (await api.get("/api/categories")).json()) as { id: number }[];
  const created = await api.post("/api/posts", {
    data: { title: `A long thread ${uniqueName("t")}`, content: "Tell me everything.", categoryId: category?.id },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { id: number; slug: string };
  const replyIds: number[] = [];
  for (let n = 1; n <= REPLIES; n++) {
    const reply = await api.post(`/api/posts/${post.id}/replies`, { data: { content: `Reply number ${n}.` } });
    expect(reply.status()).toBe(201);
    replyIds.push(((await reply.json()) as { id: number }).id);
  }

  // The server's page shows the first 50 and no more (its data holds one more: it says there are more).
  const html = (await (await api.get(`/posts/${post.slug}`)).text()).replace(/<script[^>]*>.*?<\/script>/gs, "");
  expect(html).toContain("Reply number 50.");
  expect(html).not.toContain("Reply number 51.");

  await openReady(page, `/posts/${post.slug}`);
  await expect(page.getByRole("heading", { name: `${REPLIES} Replies` })).toBeVisible();
  const replies = page.getByRole("article", { name: /^Reply by / });
  await expect(replies).toHaveCount(50);
  // Scrolling towards the end brings the rest.
  await replies.nth(49).scrollIntoViewIfNeeded();
  await expect(replies).toHaveCount(REPLIES);
  await expect(page.getByText(`Reply number ${REPLIES}.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Load More Replies" })).toHaveCount(0);

  // A link to reply 58 (a notification's) loads down to it and scrolls it into view.
  const target = replyIds[57];
  await openReady(page, `/posts/${post.slug}#reply-${target}`);
  const targeted = page.locator(`#reply-${target}`);
  await expect(targeted).toHaveAttribute("data-targeted", "true");
  await expect(targeted).toBeInViewport();
  await expect(targeted).toContainText("Reply number 58.");
  await snap(page, "long-thread-targeted");
  await api.dispose();
});
