// Sends procedure answers as JSON, serialised (and gzipped) once per answer object rather than
// once per request. The read cache hands out the same object until the next write, so a hot
// read is serialised once per version of the data; any other answer is a fresh object, serialised
// once as before. Measured with npm run bench: serialising a 33 KB list page on every request
// held the home feed to about 0.2 of the roof.
import { promisify } from "node:util";
import { gzip, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Smaller answers go out as they are: below about a kilobyte the gzip header and the CPU cost
 * more than the bytes saved (and the answer fits one TCP segment either way).
 */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * From this size a body is gzipped on libuv's thread pool instead of the event loop. gzip costs
 * about 17 µs of CPU a kilobyte: 0.8 ms for a 46 KB search answer, and every answer made for one
 * request (a search, a member's own list) is compressed anew. Below it, the hop to a pool thread
 * and back costs about as much as compressing in place.
 */
export const COMPRESS_OFF_LOOP_FROM_BYTES = 8 * 1024;

const gzipOffLoop = promisify(gzip);

/**
 * zlib's fastest level. An answer is compressed each time the data behind it changes, and with
 * members writing that is often (issue 24: the lists after every vote, every new replies page):
 * level 6 (the default) cost 2.2 ms of CPU for a 38 KB page of posts on the bench machine, level
 * 1 1.3 ms, for 7 % more bytes (12.6 against 11.8 KB).
 */
const GZIP_OPTIONS = { level: 1 };

/**
 * An answer's body as sent, and its compressed forms once made (brotli for HTML pages).
 * `gzipping` is a compression under way on the thread pool, which requests for the same body
 * wait for rather than start another.
 */
export type Bodies = { identity: Buffer; gzip?: Buffer; br?: Buffer; gzipping?: Promise<Buffer> };

// Keyed by the answer object itself, so an answer that is dropped takes its bodies with it.
const jsonByAnswer = new WeakMap<object, string>();
const bodiesByAnswer = new WeakMap<object, Map<string, Bodies>>();

/** JSON.stringify, remembered for objects (a cached answer is serialised once). */
export function jsonOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  let json = jsonByAnswer.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    jsonByAnswer.set(value, json);
  }
  return json;
}

/** Whether Accept-Encoding allows gzip: named with q > 0, or not named and "*" with q > 0. */
export function acceptsGzip(header: string | undefined): boolean {
  return acceptsEncoding(header, "gzip");
}

/** Whether Accept-Encoding allows `coding` ("gzip", "br"): named with q > 0, or not named and "*" with q > 0. */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.split(",")) {
    const [name = "", ...parameters] = part.split(";");
    const named = name.trim().toLowerCase();
    if (named !== coding && named !== "*") continue;
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    const allowed = quality === undefined || Number(quality.slice(2)) > 0;
    if (named === coding) return allowed;
    wildcard = allowed;
  }
  return wildcard;
}

/**
 * The bodies of a JSON answer. `owner` is the answer object it was made from, when there is one:
 * its bodies are kept with it under `variant`, the wire format ("rest", "trpc", ...). Undefined
 * when there is nothing to send.
 */
export function bodiesOf(owner: unknown, variant: string, serialize: () => string | undefined): Bodies | undefined {
  const kept = typeof owner === "object" && owner !== null ? owner : null;
  let variants = kept ? bodiesByAnswer.get(kept) : undefined;
  const known = variants?.get(variant);
  if (known) return known;
  const text = serialize();
  if (text === undefined) return undefined;
  const bodies: Bodies = { identity: Buffer.from(text) };
  if (kept) {
    if (!variants) {
      variants = new Map();
      bodiesByAnswer.set(kept, variants);
    }
    variants.set(variant, bodies);
  }
  return bodies;
}

/** Sends JSON bodies, gzipped (once, then kept) when the client accepts it and it pays. */
export async function sendBodies(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  bodies: Bodies | undefined,
): Promise<FastifyReply> {
  reply.code(status);
  if (!bodies) return reply.send();
  reply.header("content-type", "application/json; charset=utf-8");
  if (bodies.identity.length < COMPRESS_FROM_BYTES) return reply.send(bodies.identity);
  reply.header("vary", "accept-encoding");
  if (!acceptsGzip(request.headers["accept-encoding"])) return reply.send(bodies.identity);
  return reply.header("content-encoding", "gzip").send(bodies.gzip ?? (await gzipped(bodies)));
}

/** The gzip body, made (and kept) in place when small, on the thread pool when large. */
async function gzipped(bodies: Bodies): Promise<Buffer> {
  if (bodies.identity.length < COMPRESS_OFF_LOOP_FROM_BYTES) {
    bodies.gzip = gzipSync(bodies.identity, GZIP_OPTIONS);
    return bodies.gzip;
  }
  bodies.gzipping ??= gzipOffLoop(bodies.identity, GZIP_OPTIONS)
    .then((zipped) => {
      bodies.gzip = zipped;
      return zipped;
    })
    .finally(() => {
      bodies.gzipping = undefined;
    });
  return bodies.gzipping;
}
