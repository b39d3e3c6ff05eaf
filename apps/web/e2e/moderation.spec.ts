// Replies and moderation (issue 15) as people meet them: a member votes on a reply and answers
// it; a moderator locks a discussion and resolves a member's report from the Reports screen.
import { join } from "node:path";
import { type APIRequestContext, type Browser, expect, type Locator, type Page, request, test } from "@playwright/test";
import { ADMIN, register, snap as snapAsScrolled, uniqueName } from "./helpers";

/** A full-page screenshot from the top (scrolled, the fixed header would cover the middle). */
async function snap(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapAsScrolled(page, name);
}

/** What the screen shows with `part` scrolled into view (phones: the part that changed). */
async function snapAt(page: Page, part: Locator, name: string) {
  await part.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(import.meta.dirname, "..", "e2e-screenshots", `${name}.png`) });
}

async function memberPage(browser: Browser, prefix: string, width = 1280) {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  const { username } = await register(page, uniqueName(prefix));
  return { page, username };
}

async function adminApi(baseURL: string | undefined): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  expect((await api.post("/api/login", { data: ADMIN })).ok()).toBe(true);
  return api;
}

/** A post by `author` through the API, with `replies` from `replier`. */
async function postWithReplies(author: Page, replier: Page, title: string, replies: string[]) {
  const categories = await (await author.request.get("/api/categories")).json();
  const created = await author.request.post("/api/posts", {
    data: { title, content: "What do you all think?", categoryId: categories[0].id },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { id: number; slug: string };
  const ids: number[] = [];
  for (const content of replies) {
    const reply = await replier.request.post(`/api/posts/${post.id}/replies`, { data: { content } });
    expect(reply.status()).toBe(201);
    ids.push((await reply.json()).id);
  }
  return { ...post, replyIds: ids };
}

test("a member votes on a reply, takes the vote back, and answers the reply", async ({ browser }) => {
  test.setTimeout(90_000);
  const author = await memberPage(browser, "rv_op");
  const replier = await memberPage(browser, "rv_re");
  const voter = await memberPage(browser, "rv_vo");
  const post = await postWithReplies(author.page, replier.page, `Reply votes ${voter.username}`, ["Tabs, obviously."]);

  const page = voter.page;
  await page.goto(`/posts/${post.slug}`);
  const reply = page.getByRole("article", { name: `Reply by ${replier.username}` });
  const upvote = reply.getByRole("button", { name: "Upvote" });
  await expect(upvote).toHaveAttribute("aria-pressed", "false");
  await upvote.click();
  await expect(upvote).toHaveAttribute("aria-pressed", "true");
  await expect(reply.getByText("1 upvotes")).toBeVisible();
  // The vote is the server's: a fresh read shows it as this member's.
  await page.reload();
  await expect(upvote).toHaveAttribute("aria-pressed", "true");
  await expect(reply.getByText("1 upvotes")).toBeVisible();
  await reply.getByRole("button", { name: "Downvote" }).click();
  await expect(reply.getByText("0 upvotes")).toBeVisible();
  await expect(reply.getByText("1 downvotes")).toBeVisible();
  await reply.getByRole("button", { name: "Downvote" }).click();
  await expect(reply.getByText("0 downvotes")).toBeVisible();
  await expect(reply.getByRole("button", { name: "Downvote" })).toHaveAttribute("aria-pressed", "false");

  // Reply to that reply: the box says whom it answers, the new reply links back to it.
  await reply.getByRole("button", { name: `Reply to @${replier.username}` }).click();
  await expect(page.getByText(`Replying to @${replier.username}`)).toBeVisible();
  await expect(page.getByLabel("Your reply")).toBeFocused();
  await page.getByLabel("Your reply").fill("Spaces, and here is why.");
  await page.getByRole("button", { name: "Post Reply" }).click();
  const answer = page.getByRole("article", { name: `Reply by ${voter.username}` });
  const link = answer.getByRole("link", { name: `in reply to @${replier.username}` });
  await expect(link).toBeVisible();
  await expect(page.getByText(`Replying to @${replier.username}`)).toHaveCount(0);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#reply-${post.replyIds[0]}$`));
  // The page scrolls to it once the parts above have loaded: a tap before that can miss.
  await expect(page.locator(`#reply-${post.replyIds[0]}`)).toHaveAttribute("data-landed", "true");

  // Edited: the reply says so, with the time on hover.
  await answer.getByRole("button", { name: /^Edit/ }).click();
  await page
    .getByRole("dialog", { name: "Edit Reply" })
    .getByLabel("Reply")
    .fill("Spaces, and here is why: alignment.");
  await page.getByRole("button", { name: "Save Changes" }).click();
  const edited = answer.getByText("edited", { exact: true });
  await expect(edited).toBeVisible();
  await expect(edited).toHaveAttribute("title", /^Edited /);
  await expect(reply.getByText("edited", { exact: true })).toHaveCount(0);
  await snap(page, "reply-votes-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  await snapAt(page, answer, "reply-votes-375");
});

test("a moderator locks a discussion and resolves a member's report", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const moderator = await memberPage(browser, "mod_");
  const admin = await adminApi(baseURL);
  const users = (await (await admin.get("/api/admin/users")).json()) as Array<{
    id: number;
    username: string;
    email: string;
  }>;
  const account = users.find((user) => user.username === moderator.username);
  if (!account) throw new Error("the moderator's account is not listed");
  const promoted = await admin.put(`/api/admin/users/${account.id}`, {
    data: { username: account.username, email: account.email, role: "moderator" },
  });
  expect(promoted.status()).toBe(200);

  const author = await memberPage(browser, "spam_");
  const reporter = await memberPage(browser, "flag_");
  const post = await postWithReplies(author.page, reporter.page, `Cheap watches ${author.username}`, ["Nope."]);

  // A member reports the post.
  await reporter.page.goto(`/posts/${post.slug}`);
  await reporter.page.getByRole("button", { name: "Report this post" }).click();
  const dialog = reporter.page.getByRole("dialog", { name: "Report this post" });
  await dialog.getByLabel("Spam").check();
  await dialog.getByLabel(/Anything the moderators should know/).fill("Same link posted everywhere");
  await snap(reporter.page, "report-dialog-1280");
  await dialog.getByRole("button", { name: "Send Report" }).click();
  await expect(reporter.page.getByText("Report sent")).toBeVisible();
  // Once only: a second report is refused with the server's reason.
  await reporter.page.getByRole("button", { name: "Report this post" }).click();
  await reporter.page.getByRole("dialog").getByRole("button", { name: "Send Report" }).click();
  await expect(reporter.page.getByText("You have already reported this")).toBeVisible();
  await reporter.page.keyboard.press("Escape");

  // The moderator locks the discussion; they may still reply, members may not.
  const page = moderator.page;
  await page.goto(`/posts/${post.slug}`);
  await page.getByRole("button", { name: "Lock", exact: true }).click();
  await expect(page.getByText("Discussion locked")).toBeVisible();
  await expect(page.getByRole("button", { name: "Unlock" })).toBeVisible();
  await expect(page.getByText("This discussion is locked")).toBeVisible();
  await expect(page.getByLabel("Your reply")).toBeVisible();
  await reporter.page.reload();
  await expect(reporter.page.getByText("This discussion is locked")).toBeVisible();
  await expect(reporter.page.getByLabel("Your reply")).toHaveCount(0);
  await expect(reporter.page.getByRole("button", { name: /^Reply to/ })).toHaveCount(0);
  await snap(reporter.page, "locked-post-1280");
  await snap(page, "moderator-post-1280");
  await reporter.page.setViewportSize({ width: 375, height: 800 });
  await snapAt(reporter.page, reporter.page.getByText("This discussion is locked"), "locked-post-375");

  // Pinned: first on the home feed, with its mark.
  await page.getByRole("button", { name: "Pin", exact: true }).click();
  await expect(page.getByText("Post pinned")).toBeVisible();
  await page.goto("/?sort=new");
  const first = page.getByRole("article").first();
  await expect(first).toHaveAccessibleName(`Cheap watches ${author.username}`);
  await expect(first.getByText("Pinned", { exact: true })).toBeVisible();
  await snap(page, "pinned-home-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  await snapAt(page, first, "pinned-home-375");
  await page.setViewportSize({ width: 1280, height: 900 });

  // The admin area opens on Reports for a moderator, without the admins' screens.
  await page.getByRole("link", { name: "Admin", exact: true }).click();
  await expect(page).toHaveURL("/admin/reports");
  const menu = page.getByRole("navigation", { name: "Admin menu" });
  await expect(menu.getByRole("link", { name: /^Reports/ })).toBeVisible();
  await expect(menu.getByRole("link", { name: "User Management" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  const card = page.getByRole("article", { name: `Reports on Post “Cheap watches ${author.username}”` });
  await expect(card).toBeVisible();
  await expect(card.getByText("1 report", { exact: true })).toBeVisible();
  await expect(card.getByText(`@${reporter.username}`)).toBeVisible();
  await expect(card.getByText("“Same link posted everywhere”")).toBeVisible();
  await expect(card.getByText("Banning is for admins: moderators cannot reach member accounts.")).toBeVisible();
  await snap(page, "reports-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  await snapAt(page, card, "reports-375");
  await page.setViewportSize({ width: 1280, height: 900 });

  page.once("dialog", (confirm) => void confirm.accept());
  await card.getByRole("button", { name: "Delete content" }).click();
  await expect(page.getByText("Post deleted successfully")).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.goto(`/posts/${post.slug}`);
  await expect(page.getByText("Post not found")).toBeVisible();
  await admin.dispose();
});
