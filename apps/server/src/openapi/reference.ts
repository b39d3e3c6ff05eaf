// GET /api/docs: the interactive API reference (Swagger UI) over /api/openapi.json. Every file
// of it comes from this server: Swagger UI's from the swagger-ui-dist package, the page and its
// start-up script from reference/ (beside this module in the sources, beside the bundle in dist/).

import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { AppError } from "@forum/api";
import { messageViewSchema } from "@forum/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { acceptsGzip } from "../plugins/jsonBody";
import { documentHeaders } from "../plugins/securityHeaders";

/**
 * The policy the page is written for: scripts and styles from this server only (no inline
 * script; Swagger UI sets inline styles), no outside host of any kind.
 */
export const REFERENCE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

function ownFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const folder = join(here, "reference");
  if (!existsSync(folder)) throw new Error(`The API reference's files are missing: ${folder}`);
  return folder;
}

function swaggerFolder(): string {
  return dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
}

type Asset = { folder: () => string; contentType: string };

const ASSETS: Record<string, Asset> = {
  "swagger-ui-bundle.js": { folder: swaggerFolder, contentType: "text/javascript; charset=utf-8" },
  "swagger-ui.css": { folder: swaggerFolder, contentType: "text/css; charset=utf-8" },
  "reference.js": { folder: ownFolder, contentType: "text/javascript; charset=utf-8" },
  "reference.css": { folder: ownFolder, contentType: "text/css; charset=utf-8" },
};
const PAGE: Asset = { folder: ownFolder, contentType: "text/html; charset=utf-8" };

type Loaded = { identity: Buffer; gzip: Buffer };

/** Read and compressed once, on first use; they only change with a new version of the server. */
const loaded = new Map<string, Loaded>();
function load(asset: Asset, name: string): Loaded {
  let files = loaded.get(name);
  if (!files) {
    const identity = readFileSync(join(asset.folder(), name));
    files = { identity, gzip: gzipSync(identity) };
    loaded.set(name, files);
  }
  return files;
}

function send(request: FastifyRequest, reply: FastifyReply, asset: Asset, name: string): FastifyReply {
  const files = load(asset, name);
  reply.header("content-type", asset.contentType).header("vary", "accept-encoding");
  if (!acceptsGzip(request.headers["accept-encoding"])) return reply.send(files.identity);
  return reply.header("content-encoding", "gzip").send(files.gzip);
}

export function registerApiReference(app: FastifyInstance): void {
  app.get(
    "/api/docs",
    {
      config: {
        openapi: {
          plain: {
            tag: "documentation",
            summary: "The interactive API reference (Swagger UI) over this document",
            responses: { 200: { description: "An HTML page", contentType: "text/html" } },
          },
        },
      },
    },
    async (request, reply) => {
      reply.headers(documentHeaders(REFERENCE_CSP)).header("cache-control", "no-cache");
      return send(request, reply, PAGE, "index.html");
    },
  );

  app.get<{ Params: { asset: string } }>(
    "/api/docs/:asset",
    {
      config: {
        openapi: {
          plain: {
            tag: "documentation",
            summary: "A script or style sheet of the API reference page",
            parameters: [
              { name: "asset", in: "path", required: true, schema: { type: "string", enum: Object.keys(ASSETS) } },
            ],
            responses: {
              200: { description: "The file", contentType: ["text/javascript", "text/css"] },
              404: { description: "No such file", contentType: "application/json", schema: messageViewSchema },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const asset = ASSETS[request.params.asset];
      if (!asset) throw new AppError("NOT_FOUND", `Not found: GET ${request.url}`);
      // Not fingerprinted: kept an hour, then checked again.
      reply.header("cache-control", "public, max-age=3600");
      return send(request, reply, asset, request.params.asset);
    },
  );
}
