// Markdown in Chromium: the composer (Write, Preview, toolbar and shortcuts), highlighted code on
// the post page, Quote into the reply box, and hostile content that must never run: scripts,
// event handlers, javascript: and data: links, images that would call another host.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { register, snap, uniqueName } from "./helpers";

const LINK_REL = "nofollow ugc noopener";

async function memberPage(browser: Browser, prefix: string, viewport = { width: 1280, height: 900 }) {
  const page = await (await browser.newContext({ viewport })).newPage();
  const { username } = await register(page, uniqueName(prefix));
  return { page, username };
}

async function createPost(page: Page, title: string, content: string) {
  const categories = await (await page.request.get("/api/categories")).json();
  const created = await page.request.post("/api/posts", { data: { title, content, categoryId: categories[0].id } });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: number; slug: string };
}

test("a member formats a post with the toolbar and shortcuts, previews it, and readers see highlighted code", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page } = await memberPage(browser, "fmt");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Post" });
  const title = `Formatted ${uniqueName("")}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: "Databases" }).click();

  const content = dialog.getByLabel("Content");
  await content.fill(
    "Setup notes\n\n```ts\nconst answer: number = 42;\nfunction twice(n: number) {\n  return n * 2;\n}\n```\n\n",
  );
  // Toolbar by mouse: Bold puts a selected placeholder in, typing replaces it.
  await content.press("End");
  await content.press("Control+End");
  await dialog.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type("Important");
  await content.press("Control+End");
  await content.pressSequentially(" and slanted");
  // Shortcut: select the last word and press Ctrl+I.
  for (let i = 0; i < "slanted".length; i++) await content.press("Shift+ArrowLeft");
  await content.press("Control+i");
  await content.press("Control+End");
  await content.press("Enter");
  await content.press("Enter");
  // A quote and a list by shortcut on a new line; a link by the toolbar, by keyboard alone.
  await content.pressSequentially("Quoted line");
  await content.press("Control+Shift+Period");
  await content.press("Control+End");
  await content.press("Enter");
  await content.press("Enter");
  await content.pressSequentially("item one");
  await content.press("Control+Shift+Digit8");
  await content.press("Control+End");
  await content.press("Enter");
  await content.press("Enter");
  await content.pressSequentially("docs");
  await content.press("Shift+Home");
  await content.press("Control+k");
  await page.keyboard.type("https://example.com/docs");
  await expect(content).toHaveValue(
    "Setup notes\n\n```ts\nconst answer: number = 42;\nfunction twice(n: number) {\n  return n * 2;\n}\n```\n\n" +
      "**Important** and _slanted_\n\n> Quoted line\n\n- item one\n\n[docs](https://example.com/docs)",
  );
  // Undo takes a toolbar change back like typing.
  await content.press("Control+End");
  await content.press("Control+b");
  await expect(content).toHaveValue(/\*\*bold text\*\*$/);
  await content.press("Control+z");
  await expect(content).toHaveValue(/\[docs\]\(https:\/\/example\.com\/docs\)$/);

  // Every toolbar button is a named Tab stop after the tabs.
  await dialog.getByRole("tab", { name: "Write" }).focus();
  const names: string[] = [];
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    names.push((await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))) ?? "");
  }
  expect(names).toEqual(["Bold", "Italic", "Code", "Link", "Quote", "Bulleted list"]);
  await page.keyboard.press("Tab");
  await expect(content).toBeFocused();

  await snap(page, "markdown-composer-write-1280");
  await dialog.getByRole("tab", { name: "Preview" }).click();
  const preview = dialog.getByRole("tabpanel", { name: "Preview" });
  await expect(preview.locator("strong")).toHaveText("Important");
  await expect(preview.locator("em")).toHaveText("slanted");
  await expect(preview.locator("blockquote")).toHaveText("Quoted line");
  await expect(preview.locator("li")).toHaveText("item one");
  await expect(preview.getByRole("link", { name: "docs" })).toHaveAttribute("href", "https://example.com/docs");
  await expect(preview.locator("pre .hljs-keyword").first()).toHaveText("const");
  await snap(page, "markdown-composer-preview-1280");
  await dialog.getByRole("tab", { name: "Write" }).click();
  await expect(content).toBeVisible();

  await dialog.getByRole("button", { name: "Publish Post" }).click();
  await expect(page.getByText("Post created successfully")).toBeVisible();
  await page.goto("/?sort=new");
  // The card shows the text without its Markdown.
  const card = page.getByRole("article", { name: title });
  await expect(card).toContainText("Setup notes const answer: number = 42;");
  await expect(card).not.toContainText("```");
  await card.getByRole("link", { name: title, exact: true }).click();

  const article = page.getByRole("article", { name: title });
  await expect(article.locator("strong")).toHaveText("Important");
  const code = article.locator("pre");
  await expect(code).toContainText("const answer: number = 42;");
  await expect(code.locator(".hljs-keyword").first()).toHaveText("const");
  await expect(code.locator(".hljs-title.function_")).toHaveText("twice");
  await expect(code.locator(".hljs-keyword").first()).not.toHaveCSS(
    "color",
    await code.evaluate((el) => getComputedStyle(el).color),
  );
  const link = article.getByRole("link", { name: "docs" });
  await expect(link).toHaveAttribute("rel", LINK_REL);
  await expect(link).toHaveAttribute("target", "_blank");
  await snap(page, "markdown-post-1280-light");

  await page.emulateMedia({ colorScheme: "dark" });
  await expect(code.locator(".hljs-keyword").first()).toBeVisible();
  await snap(page, "markdown-post-1280-dark");
  await page.setViewportSize({ width: 375, height: 800 });
  await snap(page, "markdown-post-375-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await snap(page, "markdown-post-375-light");
  // The reply box is the same composer, on a phone too.
  const reply = page.getByRole("textbox", { name: "Your reply" });
  await reply.fill("Try `pnpm dlx` **first**.");
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(page.getByRole("tabpanel", { name: "Preview" }).locator("strong")).toHaveText("first");
  await page.getByRole("tabpanel", { name: "Preview" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "e2e-screenshots/markdown-reply-preview-375.png" });

  // Editing the post opens the same composer, with the Markdown as written.
  const edit = page.getByRole("dialog", { name: "Edit Post" });
  // (Once in four runs on the loaded test machine the first click right after the viewport
  // change did not open the dialog; a second click does.)
  await expect(async () => {
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await expect(edit).toBeVisible({ timeout: 2000 });
  }).toPass();
  await expect(edit.getByLabel("Content")).toHaveValue(/^Setup notes\n\n```ts\n/);
  await expect(edit.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
  await page.screenshot({ path: "e2e-screenshots/markdown-edit-post-375-light.png" });
  await page.emulateMedia({ colorScheme: "dark" });
  await edit.getByRole("tab", { name: "Preview" }).click();
  await expect(edit.getByRole("tabpanel", { name: "Preview" }).locator(".hljs-keyword").first()).toHaveText("const");
  await page.screenshot({ path: "e2e-screenshots/markdown-edit-post-preview-375-dark.png" });
});

const HOSTILE = [
  "<script>window.__xss = 'script'</script>",
  '<img src="/x" onerror="window.__xss = \'img\'">',
  "[js link](javascript:window.__xss='link')",
  "[JS upper](JaVaScRiPt:window.__xss='upper')",
  "[js entity](jav&#x61;script:window.__xss='entity')",
  "[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "<javascript:window.__xss='autolink'>",
  "[ref link][bad]",
  "**[nested *js*](javascript:window.__xss='nested')**",
  "![js image](javascript:window.__xss='image')",
  "![tracking pixel](http://127.0.0.1:9/pixel.png)",
  "<a href=\"javascript:window.__xss='raw-a'\">raw anchor</a>",
  "<svg onload=\"window.__xss='svg'\"></svg>",
  "<iframe src=\"javascript:window.__xss='iframe'\"></iframe>",
  "<details open ontoggle=\"window.__xss='details'\">x</details>",
  "&lt;b&gt;escaped&lt;/b&gt; &#60;i&#62;numeric&#60;/i&#62;",
  "[safe](https://example.com/safe) and https://example.org/auto",
  "",
  "[bad]: javascript:window.__xss='reference'",
].join("\n\n");

/** Asserts nothing in `scope` can run code, load from elsewhere, or leave without the rel. */
async function expectInert(page: Page, scope: ReturnType<Page["locator"]>) {
  await expect(scope.getByText("<script>window.__xss = 'script'</script>")).toBeVisible();
  await expect(scope.getByText(`<img src="/x" onerror="window.__xss = 'img'">`)).toBeVisible();
  await expect(scope.getByText("<b>escaped</b> <i>numeric</i>")).toBeVisible();
  // (The one svg allowed is the image link's icon, drawn by the app.)
  for (const tag of ["script", "img", "svg:not(.tabler-icon)", "iframe", "details", "object", "embed", "style"]) {
    await expect(scope.locator(tag)).toHaveCount(0);
  }
  // Dropped links are plain text; every link left is https with the rel, or a profile link.
  for (const text of ["js link", "JS upper", "js entity", "data link", "nested js", "js image", "raw anchor"]) {
    await expect(scope.getByRole("link", { name: text })).toHaveCount(0);
  }
  const hrefs = await scope.locator("a").evaluateAll((links) =>
    links.map((a) => ({
      href: a.getAttribute("href"),
      rel: a.getAttribute("rel"),
      target: a.getAttribute("target"),
    })),
  );
  expect(hrefs.map((link) => link.href)).toEqual([
    "http://127.0.0.1:9/pixel.png",
    "https://example.com/safe",
    "https://example.org/auto",
  ]);
  for (const link of hrefs) expect(link).toMatchObject({ rel: LINK_REL, target: "_blank" });
  // The image is a link named after it, never loaded.
  await expect(scope.getByRole("link", { name: "Image: tracking pixel" })).toBeVisible();
  // Clicking what used to be links does nothing.
  await scope.getByText("js link").click();
  await scope.getByText("nested js").click();
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
}

test("hostile Markdown in a post, a reply and the preview never runs and loads nothing", async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, username } = await memberPage(browser, "xss");
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("pixel.png") || request.url().startsWith("data:")) foreign.push(request.url());
  });
  const post = await createPost(page, `Hostile ${uniqueName("")}`, HOSTILE);
  const reply = await page.request.post(`/api/posts/${post.id}/replies`, { data: { content: HOSTILE } });
  expect(reply.status()).toBe(201);
  const replyId = (await reply.json()).id as number;

  await page.goto(`/posts/${post.slug}`);
  await expectInert(page, page.locator("article").first().locator(".md"));
  await expectInert(page, page.locator(`#reply-${replyId} .md`));
  await snap(page, "markdown-hostile-post");

  // The same in the composer's preview, typed by the member.
  await page.getByRole("textbox", { name: "Your reply" }).fill(HOSTILE);
  await page.getByRole("tab", { name: "Preview" }).click();
  await expectInert(page, page.getByRole("tabpanel", { name: "Preview" }).locator(".md"));

  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(foreign).toEqual([]);
  // Lists show the post's text with nothing formatted or run.
  await page.goto(`/u/${username}`);
  await expect(page.getByRole("article").first()).toContainText("<script>window.__xss = 'script'</script>");
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
});

test("a text nested thousands deep still shows", async ({ browser }) => {
  const { page } = await memberPage(browser, "deep");
  const post = await createPost(page, `Deep ${uniqueName("")}`, `${">".repeat(3000)} bottom\n\n${"*".repeat(5000)}`);
  await page.goto(`/posts/${post.slug}`);
  await expect(page.locator("article").first()).toContainText("bottom");
});

test("Quote puts the selected words, or the whole reply, into the reply box", async ({ browser }) => {
  test.setTimeout(90_000);
  const author = await memberPage(browser, "quoted");
  const post = await createPost(author.page, `Quotable ${uniqueName("")}`, "First **point**.\nSecond point.");
  const replier = await memberPage(browser, "quoter");
  const answer = await replier.page.request.post(`/api/posts/${post.id}/replies`, {
    data: { content: "Use `pnpm` here.\nAnd cache the store." },
  });
  expect(answer.status()).toBe(201);
  const replyId = (await answer.json()).id as number;

  const page = author.page;
  await page.goto(`/posts/${post.slug}`);
  const box = page.getByRole("textbox", { name: "Your reply" });
  const reply = page.locator(`#reply-${replyId}`);
  // Nothing selected: the reply as written.
  await reply.getByRole("button", { name: `Quote @${replier.username}` }).click();
  await expect(box).toHaveValue(`> @${replier.username} wrote:\n> Use \`pnpm\` here.\n> And cache the store.\n\n`);
  await expect(box).toBeFocused();
  await page.keyboard.type("Agreed.");

  // A selection inside the post: only those words, after what is already written.
  await page.evaluate(() => {
    const strong = document.querySelector("article .md strong");
    if (!strong?.firstChild) throw new Error("no strong");
    const range = document.createRange();
    range.selectNodeContents(strong);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
  });
  await page.getByRole("button", { name: `Quote @${author.username}` }).click();
  await expect(box).toHaveValue(
    `> @${replier.username} wrote:\n> Use \`pnpm\` here.\n> And cache the store.\n\nAgreed.\n\n> @${author.username} wrote:\n> point\n\n`,
  );
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByText("Reply posted successfully")).toBeVisible();
  const mine = page.getByRole("article", { name: `Reply by ${author.username}` });
  await expect(mine.locator("blockquote")).toHaveCount(2);
  await expect(mine.locator("blockquote").first()).toContainText(`@${replier.username} wrote:`);
  await expect(mine.getByRole("link", { name: `@${replier.username}`, exact: true })).toHaveAttribute(
    "href",
    `/u/${replier.username}`,
  );
  await snap(page, "markdown-quote-reply");

  // Visitors have no reply box, so no Quote.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/posts/${post.slug}`);
  await expect(visitor.locator(`#reply-${replyId}`)).toContainText("Use pnpm here.");
  await expect(visitor.getByRole("button", { name: /^Quote/ })).toHaveCount(0);
});
