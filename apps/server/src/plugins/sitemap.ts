// For search engines (issue 14): /robots.txt keeps crawlers out of the private and machine parts
// and names the sitemap; /sitemap.xml is a sitemap index (sitemaps.org) of /sitemaps/pages.xml
// (home, trending, every category) and /sitemaps/posts-N.xml (every post, 50,000 to a file, so
// 100,000 posts are two files). Every address is absolute, on the forum's public origin. The
// answers are kept like a visitor's read (SharedAnswers): dropped by the next write of a post or category.
import { gzipSync } from "node:zlib";
import {
  type ApiServices,
  countPosts,
  SITEMAP_URLS_PER_FILE,
  type SitemapEntry,
  sitemapCategories,
  sitemapPosts,
} from "@forum/api";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { acceptsEncoding, type Bodies, COMPRESS_FROM_BYTES } from "./jsonBody";
import { originOf } from "./publicOrigin";
import type { Reads, SharedAnswers } from "./sharedAnswers";

const XML_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** Paths no crawler should visit: accounts, the back office and the API doors. */
export const DISALLOWED_PATHS = ["/admin", "/settings", "/api", "/trpc"];

/** What the sitemap shows: the posts' and categories' addresses and dates. */
const SITEMAP_READS: Reads = { kinds: ["posts", "categories"], windowed: false, counted: false };

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function urlSet(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) => `<url><loc>${escapeXml(origin + entry.path)}</loc><lastmod>${entry.lastModified}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XML_NAMESPACE}">\n${urls.join("\n")}\n</urlset>\n`;
}

export function registerSitemap(
  app: FastifyInstance,
  options: { services: ApiServices; shared: SharedAnswers; publicUrl: string | undefined },
): void {
  const db = options.services.readDb;

  /** Answers `build()`'s text, kept per origin and URL until the next write. */
  const serve = async (
    request: FastifyRequest,
    reply: FastifyReply,
    type: string,
    build: (origin: string) => Promise<string | null>,
  ) => {
    const origin = originOf(request, options.publicUrl);
    const key = `seo ${origin}${request.url}`;
    const { bodies } = await options.shared.serve(key, SITEMAP_READS, async () => {
      const text = await build(origin);
      return text === null ? null : { bodies: { identity: Buffer.from(text) }, keep: true };
    });
    if (!bodies) return reply.code(404).send({ message: `Not found: ${request.method} ${request.url}` });
    return send(request, reply, type, bodies);
  };

  app.get("/robots.txt", (request, reply) =>
    serve(request, reply, "text/plain; charset=utf-8", async (origin) =>
      [
        "User-agent: *",
        ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
        "",
        `Sitemap: ${origin}/sitemap.xml`,
        "",
      ].join("\n"),
    ),
  );

  app.get("/sitemap.xml", (request, reply) =>
    serve(request, reply, "application/xml; charset=utf-8", async (origin) => {
      const files = Math.ceil((await countPosts(db)) / SITEMAP_URLS_PER_FILE);
      const locations = [
        `${origin}/sitemaps/pages.xml`,
        ...Array.from({ length: files }, (_, index) => `${origin}/sitemaps/posts-${index + 1}.xml`),
      ];
      const sitemaps = locations.map((location) => `<sitemap><loc>${escapeXml(location)}</loc></sitemap>`);
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XML_NAMESPACE}">\n${sitemaps.join("\n")}\n</sitemapindex>\n`;
    }),
  );

  app.get("/sitemaps/pages.xml", (request, reply) =>
    serve(request, reply, "application/xml; charset=utf-8", async (origin) => {
      const categories = await sitemapCategories(db);
      // The feeds change with the newest post anywhere.
      const newest = categories
        .map((entry) => entry.lastModified)
        .sort()
        .at(-1);
      const feeds = ["/", "/trending"].map((path) => ({ path, lastModified: newest || new Date(0).toISOString() }));
      return urlSet(origin, [...feeds, ...categories]);
    }),
  );

  app.get<{ Params: { file: string } }>("/sitemaps/:file", (request, reply) =>
    serve(request, reply, "application/xml; charset=utf-8", async (origin) => {
      const number = /^posts-([1-9]\d{0,5})\.xml$/.exec(request.params.file)?.[1];
      if (!number) return null;
      const posts = await sitemapPosts(db, Number(number) - 1);
      return posts.length === 0 ? null : urlSet(origin, posts);
    }),
  );
}

function send(request: FastifyRequest, reply: FastifyReply, type: string, bodies: Bodies): FastifyReply {
  reply.header("content-type", type).header("cache-control", "no-cache");
  if (bodies.identity.length < COMPRESS_FROM_BYTES) return reply.send(bodies.identity);
  reply.header("vary", "accept-encoding");
  if (!acceptsEncoding(request.headers["accept-encoding"], "gzip")) return reply.send(bodies.identity);
  bodies.gzip ??= gzipSync(bodies.identity);
  return reply.header("content-encoding", "gzip").send(bodies.gzip);
}
