// Server-rendered pages: the web app's own render (apps/web/src/entry-server.tsx, built into
// <web build>/server/entry-server.mjs) called with the request's procedures in-process, so a page
// arrives with its content, head tags and data, and the browser hydrates it without asking for
// the same data again. A visitor's page is kept like a JSON read (SharedAnswers: dropped by the
// next write, on any instance), as HTML with its gzip and brotli forms.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { type ApiServices, createCaller } from "@forum/api";
import { type Flash, pageRoutePaths } from "@forum/contracts";
import { SHOWN_DATA_KINDS } from "@forum/db";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ContextFactory } from "./context";
import { carriesCredentials } from "./credentials";
import { takeFlash } from "./flash";
import { acceptsEncoding, type Bodies, COMPRESS_FROM_BYTES, jsonOf } from "./jsonBody";
import { callProcedure } from "./procedures";
import { originOf } from "./publicOrigin";
import { pageHeaders } from "./securityHeaders";
import type { Reads, SharedAnswers } from "./sharedAnswers";
import { errorItem } from "./trpcQueries";

/** The part of the web app's server entry this plugin uses (see entry-server.tsx). */
type CallProcedure = (path: string, input: unknown) => Promise<{ json: string } | { error: unknown }>;
type RenderedPage = {
  status: number;
  html: string;
  location?: string;
  cacheable: boolean;
  postId?: number;
  errors: unknown[];
};
type PageRenderer = {
  render: (url: string, call: CallProcedure, origin: string, flash?: Flash) => Promise<RenderedPage>;
  scriptHashes: string[];
};
type ServerEntry = {
  createPageRenderer: (options: {
    template: string;
    manifest: unknown;
    readAsset: (path: string) => string;
  }) => PageRenderer;
};

/**
 * A rendered page: its bodies, its status, the post it shows (each serving counts a view), and
 * whether other visitors may be given it.
 */
type KeptPage = Bodies & {
  status: number;
  /** A screen that only redirects (a member on /auth): where to; the answer is that redirect. */
  location: string | undefined;
  postId: number | undefined;
  cacheable: boolean;
};

/**
 * A page may show any public data, so any write to it drops the kept page, except the view
 * counter's flush (once a second while posts are read): kept pages show view counts of their
 * minute at most, like the lists' JSON; the post page's JSON read stays exact.
 */
const PAGE_READS: Reads = {
  kinds: SHOWN_DATA_KINDS.filter((kind) => kind !== "views"),
  windowed: true,
  counted: false,
};

/** Where the web build keeps its server render, beside the files it serves. */
export const SERVER_ENTRY = join("server", "entry-server.mjs");

export type PageServer = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** Loads the web build's server render; null when the build has none (pages are then the plain index.html). */
export async function loadPageRenderer(webDistDir: string): Promise<PageRenderer | null> {
  const entryPath = join(webDistDir, SERVER_ENTRY);
  if (!existsSync(entryPath)) return null;
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  const template = readFileSync(join(webDistDir, "index.html"), "utf8");
  const manifest = JSON.parse(readFileSync(join(webDistDir, ".vite", "manifest.json"), "utf8")) as unknown;
  const readAsset = (path: string) => readFileSync(join(webDistDir, path.replace(/^\/+/, "")), "utf8");
  return entry.createPageRenderer({ template, manifest, readAsset });
}

export function registerPages(
  app: FastifyInstance,
  renderer: PageRenderer,
  options: {
    contextFor: ContextFactory;
    shared: SharedAnswers;
    services: ApiServices;
    publicUrl: string | undefined;
    webDistDir: string;
  },
): PageServer {
  const headers = pageHeaders(renderer.scriptHashes);

  /** Renders the request's page; null when it cannot be rendered here. */
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    origin: string,
    flash?: Flash,
  ): Promise<KeptPage | null> => {
    const caller = createCaller(await options.contextFor(request, reply));
    const call: CallProcedure = async (path, input) => {
      try {
        return { json: jsonOf(await callProcedure(caller, path, input)) ?? "" };
      } catch (cause) {
        const failure = errorItem(cause);
        if (failure.httpStatus >= 500) {
          request.log.error({ err: failure.error.cause ?? failure.error, path }, "procedure failed");
        }
        return { error: failure.body.error };
      }
    };
    try {
      const page = await renderer.render(request.url, call, origin, flash);
      for (const error of page.errors)
        request.log.error({ err: error, url: request.url }, "page render failed in part");
      const { status, location, postId, cacheable } = page;
      return { identity: Buffer.from(page.html), status, location, postId, cacheable };
    } catch (error) {
      request.log.error({ err: error, url: request.url }, "page render failed");
      return null;
    }
  };

  /** Visitors' renders under way, by data version and key: one render serves every visitor asking meanwhile. */
  const rendering = new Map<string, Promise<KeptPage | null>>();

  const servePage: PageServer = async (request, reply) => {
    const origin = originOf(request, options.publicUrl);
    // A native form's message (./nativeForms.ts) is for this visit only.
    const flash = takeFlash(request, reply);
    // Kept for visitors only: a member's page shows their own header and votes.
    const key = !carriesCredentials(request) && flash === null ? `page ${origin}${request.url}` : null;
    const { bodies: page, kept } = await options.shared.serve(key ?? "", key === null ? null : PAGE_READS, async () => {
      if (key === null) return wrap(await render(request, reply, origin, flash ?? undefined));
      const stamp = options.shared.stamp(PAGE_READS);
      const flight = `${stamp.version} ${stamp.minute} ${key}`;
      const joined = rendering.get(flight);
      if (joined) {
        const page = await joined;
        // The render counted its own visitor's view; each one who waited for it counts too.
        if (page?.postId !== undefined) options.services.views.record(page.postId);
        return wrap(page);
      }
      const started = render(request, reply, origin);
      rendering.set(flight, started);
      try {
        return wrap(await started);
      } finally {
        rendering.delete(flight);
      }
    });
    // A kept page counts its visitor's view as a render does.
    if (kept && page?.postId !== undefined) options.services.views.record(page.postId);
    // A page that cannot be rendered here still works: the browser renders it (index.html).
    if (!page) return reply.header("cache-control", "no-cache").sendFile("index.html", options.webDistDir);
    return sendPage(request, reply, page, headers, key !== null);
  };

  for (const url of pageRoutePaths()) app.get(url, servePage);
  return servePage;
}

/** A render as `SharedAnswers.serve` takes it: kept when other visitors may be given it. */
const wrap = (page: KeptPage | null) => (page ? { bodies: page, keep: page.cacheable } : null);

/** HTML, brotli or gzip as the client accepts, each made once per kept page. */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: KeptPage,
  headers: Record<string, string>,
  visitor: boolean,
): FastifyReply {
  if (page.location !== undefined) {
    return reply
      .code(page.status)
      .header("location", page.location)
      .header("cache-control", "private, no-cache")
      .header("vary", "cookie")
      .send();
  }
  reply
    .code(page.status)
    .headers(headers)
    .header("content-type", "text/html; charset=utf-8")
    // Always asked again (the next write changes it); a member's page is theirs alone.
    .header("cache-control", visitor ? "no-cache" : "private, no-cache")
    .header("vary", "accept-encoding, cookie");
  if (page.identity.length < COMPRESS_FROM_BYTES) return reply.send(page.identity);
  const accepted = request.headers["accept-encoding"];
  if (acceptsEncoding(accepted, "br")) {
    page.br ??= brotliCompressSync(page.identity, {
      // Quality 5: most of brotli's gain at a few milliseconds for a long thread's page.
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: page.identity.length,
      },
    });
    return reply.header("content-encoding", "br").send(page.br);
  }
  if (acceptsEncoding(accepted, "gzip")) {
    page.gzip ??= gzipSync(page.identity);
    return reply.header("content-encoding", "gzip").send(page.gzip);
  }
  return reply.send(page.identity);
}
