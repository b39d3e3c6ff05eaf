// Server-rendered pages in the browser (issue 14): they hydrate without a warning or an error
// and without asking for the data they came with; they read and link without JavaScript; the
// dark theme is there from the first paint.
import { type ConsoleMessage, expect, type Page, test } from "@playwright/test";
import { register, snap } from "./helpers";

/** Console errors and warnings, and uncaught errors, from the moment the page starts. */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() !== "error" && message.type() !== "warning") return;
    // A not-found page is itself a 404 response, which Chromium reports as a failed resource.
    if (message.text().includes("404 (Not Found)") && message.location().url === page.url()) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Reads of the API during the page's load (ad tracking is a write, not a read; the live stream,
 * /api/events, is opened by every live page and reads no page data).
 */
function watchReads(page: Page) {
  const reads: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    const api = url.pathname.startsWith("/trpc/") || url.pathname.startsWith("/api/");
    if (request.method() === "GET" && api && url.pathname !== "/api/events") {
      reads.push(url.pathname + url.search);
    }
  });
  return reads;
}

async function firstPostPath(page: Page): Promise<string> {
  const posts = (await (await page.request.get("/api/posts?limit=1")).json()) as { slug: string }[];
  return `/posts/${posts[0]?.slug}`;
}

/** Waits until React has taken the page over (main.tsx marks it) and the page's reads are done. */
async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.waitForLoadState("networkidle");
}

test("every public page hydrates without a warning, an error or a second read of its data", async ({ page }) => {
  const post = await firstPostPath(page);
  const pages: [string, RegExp | string][] = [
    ["/", "Latest Discussions"],
    ["/trending", "Trending Discussions"],
    [post, /.+/],
    ["/cats/databases", "Databases"],
    ["/u/ada_l", "ada_l"],
    ["/login", "Tech Forum"],
    ["/no/such/page", "404 Page Not Found"],
    ["/posts/no-such-post", "Post not found"],
  ];
  for (const [path, heading] of pages) {
    const problems = watchConsole(page);
    const reads = watchReads(page);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading }).first()).toBeVisible();
    await hydrated(page);
    expect(problems, path).toEqual([]);
    expect(reads, path).toEqual([]);
    page.removeAllListeners("console");
    page.removeAllListeners("pageerror");
    page.removeAllListeners("request");
  }
  // Hydrated, it works as before: a sort changes the list without a reload.
  await page.goto("/");
  await hydrated(page);
  // In place: the same document (a marker set on it survives).
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByRole("combobox", { name: "Sort discussions" }).selectOption({ label: "New" });
  await expect(page).toHaveURL(/sort=new/);
  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
});

test("a member's page arrives with their account: no separate session check, no hydration warning", async ({
  page,
}) => {
  const { username } = await register(page, `ssr${Date.now().toString(36)}`);
  const problems = watchConsole(page);
  const reads = watchReads(page);
  await page.goto(await firstPostPath(page));
  await expect(page.getByRole("link", { name: "Your profile" })).toHaveAttribute("href", `/u/${username}`);
  await expect(page.getByRole("button", { name: "Post Reply" })).toBeVisible();
  await hydrated(page);
  expect(problems).toEqual([]);
  expect(reads.filter((read) => read.includes("auth.me") || read.startsWith("/api/user"))).toEqual([]);
  expect(reads.filter((read) => read.includes("posts.bySlug") || read.includes("replies.byPost"))).toEqual([]);
});

for (const width of [375, 1280]) {
  test(`with JavaScript off at ${width} px, pages read and their links lead on`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Latest Discussions" })).toBeVisible();
    const first = page.getByRole("article").first();
    const title = (await first.getByRole("heading").textContent()) ?? "";
    await snap(page, `no-js-home-${width}`);
    await first.getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("heading", { name: /\d+ Repl(y|ies)/ })).toBeVisible();
    await snap(page, `no-js-post-${width}`);
    // The breadcrumb leads to the post's category, its posts listed.
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link").nth(1).click();
    await expect(page).toHaveURL(/\/cats\//);
    await expect(page.getByRole("article").first()).toBeVisible();
    await snap(page, `no-js-category-${width}`);
    await context.close();
  });

  test(`with JavaScript on at ${width} px, the same pages`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    await snap(page, `ssr-home-${width}`);
    await page.goto(await firstPostPath(page));
    await hydrated(page);
    await snap(page, `ssr-post-${width}`);
    await context.close();
  });
}

test("a reader who chose the dark theme never sees the light one", async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    localStorage.setItem("mantine-color-scheme-value", "dark");
    // Every value the page's scheme takes, and whether the body had begun by then.
    const seen: string[] = [];
    (window as unknown as { schemes: string[] }).schemes = seen;
    new MutationObserver(() => {
      seen.push(
        `${document.documentElement.getAttribute("data-mantine-color-scheme")}${document.body ? "" : " before body"}`,
      );
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-mantine-color-scheme"] });
  });
  const page = await context.newPage();
  await page.goto("/");
  await hydrated(page);
  const schemes = await page.evaluate(() => (window as unknown as { schemes: string[] }).schemes);
  expect(schemes[0]).toBe("dark before body");
  expect(schemes.every((scheme) => scheme.startsWith("dark"))).toBe(true);
  await snap(page, "ssr-home-dark-1280");
  await context.close();
});

/** What a reader sees of an element's style: its box, place, colours and type. */
const SEEN_PROPERTIES = [
  "display",
  "position",
  "top",
  "left",
  "width",
  "height",
  "margin",
  "padding",
  "box-sizing",
  "overflow",
  "flex-direction",
  "flex-wrap",
  "justify-content",
  "align-items",
  "gap",
  "grid-template-columns",
  "color",
  "background-color",
  "background-image",
  "border-width",
  "border-style",
  "border-color",
  "border-radius",
  "box-shadow",
  "opacity",
  "visibility",
  "transform",
  "z-index",
  "cursor",
  "font-family",
  "font-size",
  "font-weight",
  "line-height",
  "text-align",
  "text-transform",
  "text-decoration-line",
  "white-space",
  "text-overflow",
  "content",
];

/**
 * Every element's seen style (and its ::before and ::after), one line each. Read after two frames:
 * a thread's replies wait with a placeholder height (content-visibility: auto) until a frame finds
 * them near the screen, and then keep their real height; read in between, the page's height
 * differed between two readings of the same styles (seen once in a full run, on a post page).
 */
function computedStyles(page: Page): Promise<string[]> {
  return page.evaluate(async (properties) => {
    await new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled)));
    const seen = (style: CSSStyleDeclaration) =>
      properties.map((property) => `${property}:${style.getPropertyValue(property)}`).join(";");
    return Array.from(document.body.querySelectorAll("*"), (element, index) =>
      [
        `${index} <${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`,
        seen(getComputedStyle(element)),
        seen(getComputedStyle(element, "::before")),
        seen(getComputedStyle(element, "::after")),
      ].join(" | "),
    );
  }, SEEN_PROPERTIES);
}

// The page carries the stylesheet's rules its HTML uses and links the whole file for later
// (entry-server's deferStylesheets): the page as sent must look exactly as it does with it all.
for (const [width, scheme] of [
  [375, "light"],
  [1280, "light"],
  [1280, "dark"],
] as const) {
  test(`at ${width} px in the ${scheme} theme, the rules inside each page style it as the whole stylesheet does`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript((chosen) => localStorage.setItem("mantine-color-scheme-value", chosen), scheme);
    const page = await context.newPage();
    const post = await firstPostPath(page);
    // The app's scripts stay out: the page as the server sent it, nothing applies the whole file.
    await page.route(/\.js($|\?)/, (route) => route.abort());
    for (const path of ["/", post, "/trending", "/cats/databases", "/u/ada_l", "/login", "/no/such/page"]) {
      await page.goto(path);
      const asSent = await computedStyles(page);
      await page.evaluate(async () => {
        const link = document.querySelector<HTMLLinkElement>("link[data-full-stylesheet]");
        if (!link) throw new Error("the page links no whole stylesheet");
        const loaded = link.sheet
          ? Promise.resolve()
          : new Promise((resolve) => link.addEventListener("load", resolve));
        link.media = "all";
        await loaded;
      });
      const withWholeStylesheet = await computedStyles(page);
      const differences = asSent.filter((line, index) => line !== withWholeStylesheet[index]);
      expect(differences.slice(0, 3), path).toEqual([]);
      expect(asSent.length, path).toBeGreaterThan(20);
    }
    await context.close();
  });
}
