// The server's way into the web app (built by `vite build --ssr` into dist/server, loaded by
// apps/server/src/plugins/pages.ts): a page's whole HTML for a URL, rendered with its data, in
// the built index.html (its script and stylesheet), with the page's own chunks preloaded, its
// head tags for search engines, the data for hydration, and Mantine's color-scheme script.
import { createHash } from "node:crypto";
import {
  type CategoryView,
  type CurrentUser,
  DEFAULT_SITE,
  type Flash,
  NOT_FOUND_PATH,
  PAGES,
  type PostView,
  type ProfileView,
  REPLIES_PER_PAGE,
  type RepliesOfPost,
  type Site,
} from "@forum/contracts";
import { ColorSchemeScript } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { matchRoutes } from "react-router";
import { adminDestination } from "./admin/adminAccess";
import { EARLY_TAPS_SCRIPT } from "./lib/earlyTaps";
import { PAGE_DATA_ID, type PageQuery } from "./lib/pageData";
import { appRoutes } from "./routes";
import { indexStylesheet, usedRules } from "./server/criticalCss";
import type { CallProcedure } from "./server/inProcessLink";
import { headTags, type PageFacts, pageHead, scriptJson } from "./server/pageHead";
import { keys } from "./server/queryKeys";
import { renderApp } from "./server/renderApp";

export type { CallProcedure, ProcedureFailure } from "./server/inProcessLink";

/** Vite's build manifest (dist/.vite/manifest.json): source module → built chunk and its imports. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

export type RenderedPage = {
  status: number;
  html: string;
  /** A page that only redirects (status 302) names where to; its html is empty. */
  location?: string;
  /** Safe to keep for other visitors: nothing failed on the server's side. */
  cacheable: boolean;
  /** The post the page shows (it counts a view each time the page is served). */
  postId?: number;
  /** Errors React met while rendering; the page is still whole HTML, the browser renders that part. */
  errors: unknown[];
};

export type PageRenderer = {
  /** `flash`: the message a native form post left for this page (lib/flash.ts). */
  render: (url: string, call: CallProcedure, origin: string, flash?: Flash) => Promise<RenderedPage>;
  /** CSP hashes ('sha256-…') of the inline scripts the pages carry. */
  scriptHashes: string[];
};

/** The source modules each page needs at once, by route path (PAGES: the server render waits for them, so their styles must be in the page too). */
const PAGE_MODULES: Record<string, readonly string[]> = Object.fromEntries(
  Object.values(PAGES).map((page) => [page.path, page.modules]),
);

/** The shell's parts that a signed-in member's every page shows, lazily loaded (components/shell/Header.tsx). */
const MEMBER_MODULES = ["src/components/notifications/NotificationBell.tsx"];

/** The modules whose stylesheets each page carries without their code (PAGES' `styles`). */
const PAGE_STYLES: Record<string, readonly string[]> = Object.fromEntries(
  Object.values(PAGES).flatMap((page) => ("styles" in page ? [[page.path, page.styles]] : [])),
);
/** Pages that are nobody's search result. */
const NOT_INDEXED = new Set<string>(Object.values(PAGES).flatMap((page) => (page.indexed ? [] : [page.path])));

const DESCRIPTIONS: Record<string, (site: Site) => string> = {
  "/trending": (site) => `The discussions taking off this week on ${site.name}.`,
};

const colorSchemeScript = renderToStaticMarkup(<ColorSchemeScript defaultColorScheme="auto" />);
const colorSchemeSource = colorSchemeScript.replace(/^<script[^>]*>/, "").replace(/<\/script>$/, "");
/** Holds taps on controls that need the app until it is live (lib/earlyTaps.ts). */
const earlyTapsScript = `<script>${EARLY_TAPS_SCRIPT}</script>`;
const scriptHash = (source: string) => `'sha256-${createHash("sha256").update(source).digest("base64")}'`;

export type RendererOptions = {
  template: string;
  manifest: BuildManifest;
  /** The text of a built file by its URL path ("/assets/index-….css"). */
  readAsset: (path: string) => string;
};

export function createPageRenderer(options: RendererOptions): PageRenderer {
  const { template, stylesheets } = deferStylesheets(options.template, options.readAsset);
  const [beforeRoot, afterRoot] = splitTemplate(template);
  const preloadsOf = chunkPreloads(options.manifest, options.readAsset);

  async function render(url: string, call: CallProcedure, origin: string, flash?: Flash): Promise<RenderedPage> {
    const { pathname } = new URL(url, "http://localhost");
    const matches = matchRoutes(appRoutes, pathname) ?? [];
    const leaf = matches.at(-1);
    const routePath = leaf?.route.index ? "/" : (leaf?.route.path ?? NOT_FOUND_PATH);
    const params = leaf?.params ?? {};
    const pageModules = PAGE_MODULES[routePath] ?? [];

    // The admin area stays client-rendered; its page still carries the session's user, and an
    // address the user may not open is answered with the redirect the screen would make.
    if (routePath === "/admin/*") {
      const me = await call("auth.me", undefined);
      const user = "error" in me ? null : (JSON.parse(me.json) as CurrentUser);
      const destination = adminDestination(user, pathname);
      if ("redirect" in destination) return redirectTo(destination.redirect);
      // The forum's identity too: the admin area's tab titles end with its name.
      const site = await siteOf(call);
      const queries: PageQuery[] = [
        [keys.auth.me.queryKey(), user],
        [keys.site.get.queryKey(), site],
      ];
      const meta = pageHead(site, origin, pathname, undefined, { kind: "other", noindex: true });
      const preloads = preloadsOf(pageModules, PAGE_STYLES[routePath]);
      return { status: 200, html: compose(headTags(meta) + preloads, "", queries), cacheable: false, errors: [] };
    }

    const app = await renderApp(url, call, flash);
    if (app.redirect !== undefined) return redirectTo(app.redirect, app.errors);
    const failures = app.queries.flatMap(([, , error]) => (error ? [error] : []));
    const missing = routePath === NOT_FOUND_PATH || failures.some((error) => error.data.httpStatus === 404);
    // Asked for by the header (lib/site.ts) on every page.
    const site = answerOf<Site>(app.queries, "site.get", () => true) ?? (await siteOf(call));
    const facts = factsOf(site, routePath, params, app.queries);
    const meta = pageHead(site, origin, pathname, app.title, facts);
    if (missing) meta.noindex = true;
    // A member's page shows the bell, whose code main.tsx loads before hydrating: fetched with the page's.
    const member = answerOf<CurrentUser | null>(app.queries, "auth.me", () => true);
    const preloads = preloadsOf(member ? [...pageModules, ...MEMBER_MODULES] : pageModules, PAGE_STYLES[routePath]);
    return {
      status: missing ? 404 : 200,
      html: compose(headTags(meta) + preloads, app.html, app.queries, meta.jsonLd),
      // A visitor's 401 (auth.me) or a missing record is the page; a server failure is not kept.
      cacheable: failures.every((error) => (error.data.httpStatus ?? 500) < 500) && app.errors.length === 0,
      ...(facts.kind === "post" ? { postId: facts.post.id } : {}),
      errors: app.errors,
    };
  }

  function compose(head: string, body: string, queries: PageQuery[], jsonLd?: object): string {
    const data = `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(queries)}</script>`;
    // Structured data last: a long thread's JSON-LD must not hold up the content above it.
    const structured = jsonLd ? `<script type="application/ld+json">${scriptJson(jsonLd)}</script>` : "";
    const styled = beforeRoot.replace(STYLESHEET_MARKER, () =>
      stylesheets.map((sheet) => sheet.element(body)).join(""),
    );
    return `${styled.replace("</head>", `${head}</head>`)}${body}${afterRoot.replace("</body>", `${data}${structured}</body>`)}`;
  }

  return { render, scriptHashes: [scriptHash(colorSchemeSource), scriptHash(EARLY_TAPS_SCRIPT)] };
}

/** The forum's identity, asked for apart from a render (the defaults if the call fails). */
async function siteOf(call: CallProcedure): Promise<Site> {
  const found = await call("site.get", undefined);
  return "error" in found ? DEFAULT_SITE : (JSON.parse(found.json) as Site);
}

/** The answer for a screen that only sends the reader elsewhere: never kept (it depends on who asks). */
function redirectTo(location: string, errors: unknown[] = []): RenderedPage {
  return { status: 302, location: ownPath(location), html: "", cacheable: false, errors };
}

/**
 * A path of this site, percent-encoded as a Location header must be: parsing drops tabs and line
 * breaks and encodes the rest, and anything that would leave the site ("//other.example" once
 * resolved) becomes the home page.
 */
function ownPath(location: string): string {
  const base = "http://forum.invalid";
  const url = new URL(location, base);
  const path = url.pathname + url.search + url.hash;
  return url.origin === base && !path.startsWith("//") ? path : "/";
}

const STYLESHEET_MARKER = "<!--forum-stylesheets-->";

type DeferredStylesheet = { element: (body: string) => string };

/**
 * The app's stylesheets: the rules the page uses inside it, the whole file linked without holding
 * the first paint back. Measured with bench/web.mjs on the phone profile, a render-blocking link
 * (30 KB brotli) shared the 1.6 Mbps with the scripts and arrived 600-800 ms after the HTML; the
 * whole stylesheet inside every page was half its bytes (see criticalCss.ts). The link's
 * media="print" makes it load without blocking anything; main.tsx switches it to all screens
 * before hydrating (what the app renders then may need any rule). It stays where the template
 * linked it, before Mantine's own style elements, so the cascade is what it was.
 */
function deferStylesheets(
  template: string,
  readAsset: (path: string) => string,
): { template: string; stylesheets: DeferredStylesheet[] } {
  const stylesheets: DeferredStylesheet[] = [];
  const marked = template.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (_tag, href: string) => {
    const sheet = indexStylesheet(readAsset(href));
    const link = `<link rel="stylesheet" href="${href}" media="print" data-full-stylesheet />`;
    stylesheets.push({ element: (body) => `${styleText(href, usedRules(sheet, body))}${link}` });
    return stylesheets.length === 1 ? STYLESHEET_MARKER : "";
  });
  return { template: marked, stylesheets };
}

/**
 * A built stylesheet as a <style> element (`data-href` names its file). When the browser later
 * loads a chunk whose stylesheet is inside the page, Vite's loader still links the file: the same
 * rules twice, after the content is shown, a few kilobytes for the Markdown chunk.
 */
function styleElement(href: string, readAsset: (path: string) => string): string {
  return styleText(href, readAsset(href));
}

function styleText(href: string, css: string): string {
  return `<style data-href="${href}">${css.replace(/<\/style/gi, "<\\/style")}</style>`;
}

/**
 * The built index.html around its empty root: without its placeholder title and description
 * (each page writes its own), with the color-scheme script first in <head> and the light scheme
 * as the default of <html> (pages read without JavaScript keep Mantine's colours).
 */
function splitTemplate(template: string): [string, string] {
  const marker = '<div id="root"></div>';
  const at = template.indexOf(marker);
  if (at === -1) throw new Error(`index.html has no ${marker}`);
  const before = template
    .slice(0, at + marker.length - "</div>".length)
    .replace(/<title>[^<]*<\/title>\s*/, "")
    .replace(/<meta name="description"[^>]*>\s*/, "")
    .replace("<html ", '<html data-mantine-color-scheme="light" ')
    // The stylesheet first: scripts wait while it loads instead of sharing a phone's bandwidth
    // with it (the page is readable before any script runs).
    .replace('<script type="module" ', '<script type="module" fetchpriority="low" ')
    .replace(/<head>/, `<head>${colorSchemeScript}${earlyTapsScript}`);
  return [before, template.slice(at + marker.length - "</div>".length)];
}

/**
 * For a page's modules: a <link rel="modulepreload"> for each chunk they need that the entry does
 * not load already, and the chunks' own stylesheets inside the page (as the entry's, see
 * deferStylesheets), so what the server rendered is styled before any script runs; for its
 * style modules, their own stylesheets only.
 */
function chunkPreloads(
  manifest: BuildManifest,
  readAsset: (path: string) => string,
): (modules: readonly string[], styleModules?: readonly string[]) => string {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const loaded = new Set(entry ? [entry.file, ...(entry.imports ?? []).map((key) => manifest[key]?.file)] : []);
  const cache = new Map<string, string>();
  return (modules, styleModules = []) => {
    const cacheKey = `${modules.join(" ")} | ${styleModules.join(" ")}`;
    let links = cache.get(cacheKey);
    if (links === undefined) {
      const files: string[] = [];
      const stylesheets: string[] = [];
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || loaded.has(chunk.file) || files.includes(chunk.file)) return;
        files.push(chunk.file);
        for (const css of chunk.css ?? []) if (!stylesheets.includes(css)) stylesheets.push(css);
        for (const imported of chunk.imports ?? []) visit(imported);
      };
      for (const module of modules) visit(module);
      for (const module of styleModules)
        for (const css of manifest[module]?.css ?? []) if (!stylesheets.includes(css)) stylesheets.push(css);
      links =
        files.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}" />`).join("") +
        stylesheets.map((href) => styleElement(`/${href}`, readAsset)).join("");
      cache.set(cacheKey, links);
    }
    return links;
  };
}

function answerOf<T>(queries: PageQuery[], path: string, matches: (input: Record<string, unknown>) => boolean) {
  for (const [queryKey, data, error] of queries) {
    const [keyPath, options] = queryKey as [unknown, { input?: Record<string, unknown> } | undefined];
    // Only tRPC's keys name a procedure ([path, options]); the page's flash has a key of its own.
    if (!Array.isArray(keyPath)) continue;
    if (!error && keyPath.join(".") === path && matches(options?.input ?? {})) return data as T;
  }
  return undefined;
}

function factsOf(
  site: Site,
  routePath: string,
  params: Record<string, string | undefined>,
  queries: PageQuery[],
): PageFacts {
  if (routePath === "/posts/:slug") {
    const post = answerOf<PostView>(queries, "posts.bySlug", (input) => input.slug === params.slug);
    if (post) {
      // The replies the page shows: its first page (read with one more, which says whether there are more).
      const replies = answerOf<RepliesOfPost>(
        queries,
        "replies.byPost",
        (input) => input.postId === post.id && (input.offset ?? 0) === 0,
      );
      return { kind: "post", post, replies: replies?.replies.slice(0, REPLIES_PER_PAGE) };
    }
  }
  if (routePath === "/cats/:slug") {
    const category = answerOf<CategoryView>(queries, "categories.bySlug", (input) => input.slug === params.slug);
    if (category) return { kind: "category", category };
  }
  if (routePath === "/u/:username") {
    const profile = answerOf<ProfileView>(queries, "users.profile", (input) => input.username === params.username);
    if (profile) return { kind: "profile", profile };
  }
  const description = DESCRIPTIONS[routePath]?.(site);
  return { kind: "other", noindex: NOT_INDEXED.has(routePath), ...(description ? { description } : {}) };
}
