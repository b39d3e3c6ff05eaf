// The built web app and /uploads. Page paths are server-rendered (pages.ts) when the web build
// has its server render, an unknown one answering 404 with the app's not-found screen; without
// it (a build of the browser part only), any page path loads index.html and the app routes it.
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import { AppError } from "@forum/api";
import type { FastifyInstance } from "fastify";
import { refuseTrpcMethod, restMethodsOf, TRPC_PREFIX } from "./methodRefusal";
import type { PageServer } from "./pages";

const API_PREFIXES = ["/api/", "/api", "/trpc/", "/trpc", "/uploads/"];

export async function registerStatic(
  app: FastifyInstance,
  options: { webDistDir: string; uploadsDir: string; servePage?: PageServer | undefined },
) {
  const hasWebBuild = existsSync(join(options.webDistDir, "index.html"));
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      // Looked up per request, so a rebuild while the server runs is served too.
      wildcard: true,
      index: "index.html",
      // The web build writes .br and .gz copies of its larger files (apps/web/vite-plugins/
      // precompress.ts): a client that accepts them gets those, compressed once at the best level.
      preCompressed: true,
      // The server render (dist/server) is the server's code, not a file for browsers.
      allowedPath: (path) => !path.startsWith("/server/"),
      setHeaders: (res, path) => {
        // Vite fingerprints everything under /assets, so it can be cached for good.
        res.header(
          "cache-control",
          path.includes(join("dist", "assets")) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }
  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: "/uploads/",
    decorateReply: !hasWebBuild,
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const isApi = API_PREFIXES.some(
      (prefix) => path === prefix || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`),
    );
    // A missing asset (an old name after a rebuild) is a 404, never the app's HTML. Only the
    // asset folder counts: page paths may contain dots (/u/grace.h).
    const isFile = path.startsWith("/assets/");
    if (!isApi && !isFile && hasWebBuild && (request.method === "GET" || request.method === "HEAD")) {
      if (options.servePage) return options.servePage(request, reply);
      return reply.header("cache-control", "no-cache").sendFile("index.html", options.webDistDir);
    }
    // A method no route takes (TRACE, PROPFIND…) on the tRPC door: refused as the door refuses any.
    if (path.startsWith(TRPC_PREFIX)) return refuseTrpcMethod(request, reply);
    // An API path that exists for other methods: 405, naming them.
    const allowed = isApi ? restMethodsOf(app, path) : [];
    if (allowed.length > 0) {
      reply.header("allow", allowed.join(", "));
      throw new AppError(
        "METHOD_NOT_SUPPORTED",
        `${request.method} is not allowed on ${path}: use ${allowed.join(" or ")}`,
      );
    }
    throw new AppError("NOT_FOUND", `Not found: ${request.method} ${path}`);
  });
}
