// Security headers. Every response says nosniff (and, served over HTTPS, HSTS); every HTML page
// also gets a Content-Security-Policy, may not be framed, and sends a shortened Referer.
import type { FastifyInstance } from "fastify";
import { isSecretLinkPage } from "../secretLinks";

/**
 * The forum's pages load only their own scripts, styles, fonts, images and API calls.
 * - script-src 'self': the built index.html has no inline script (Vite emits module files). A
 *   server-rendered page adds the hash of the one it carries (Mantine's color-scheme script,
 *   see pageHeaders); its data and JSON-LD are <script type="application/json"> blocks, not scripts.
 * - style-src also allows 'unsafe-inline', for styles only: Mantine writes its theme variables
 *   and responsive style props into <style> elements at run time, and a nonce would need a fresh
 *   HTML page per request (the page is a static, precompressed file). Inline CSS cannot run
 *   script, and every piece of user text is rendered as text, never as markup.
 * - frame-src 'self': HTML ads are served from this origin (see adFrame.ts) into sandboxed frames,
 *   each with its own, separate policy.
 * - frame-ancestors 'none': no other page, same-site or not, may frame the forum (clickjacking).
 * - img-src also allows blob:, for the preview of a picture the member picked for their avatar
 *   (a blob: URL is made by the page itself from a local file, never fetched from elsewhere).
 */
export function pageCsp(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const PAGE_CSP = pageCsp();

/**
 * The headers of every HTML document of the forum's own (its pages, the API reference) under
 * the policy `csp`: never framed, and a Referer shortened to the origin for other sites. Only an
 * ad's frame, a document framed by the forum itself, has headers of its own (adFrame.ts).
 */
export function documentHeaders(csp: string) {
  return {
    "content-security-policy": csp,
    // For browsers that predate frame-ancestors.
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
  };
}

/** The headers of an HTML page; `scriptHashes` allow its inline scripts ('sha256-…'). */
export function pageHeaders(scriptHashes: readonly string[] = []) {
  return documentHeaders(pageCsp(scriptHashes));
}

const PAGE_HEADERS = pageHeaders();

/** Half a year; sent only when the forum says it is served over HTTPS (FORUM_SECURE_COOKIES). */
const HSTS = "max-age=15552000";

export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header("x-content-type-options", "nosniff");
    if (options.https) reply.header("strict-transport-security", HSTS);
    const type = reply.getHeader("content-type");
    // A response that set its own policy (an ad's frame, a server-rendered page) keeps it.
    if (typeof type === "string" && type.startsWith("text/html") && !reply.hasHeader("content-security-policy")) {
      reply.headers(PAGE_HEADERS);
    }
    // A page that holds a mailed link's token sends no Referer, not even to the forum itself.
    if (isSecretLinkPage(request.url)) reply.header("referrer-policy", "no-referrer");
    done(null, payload);
  });
}
