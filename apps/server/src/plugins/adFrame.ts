// HTML ads are documents of their own at /ad-frames/:id, shown in a sandboxed iframe. A srcdoc
// frame would inherit the page's Content-Security-Policy, which (rightly) refuses the ad's
// inline scripts and its images from the advertiser's servers; served here, an ad has its own
// policy. The sandbox (in the policy and on the iframe) gives it an opaque origin: no cookies,
// no storage, no access to the forum's page. Popups it opens stay sandboxed.
import { AppError, findShownAdContent } from "@forum/api";
import { MESSAGES } from "@forum/contracts";
import type { FastifyInstance } from "fastify";

export const AD_FRAME_PATH = "/ad-frames/";

/**
 * Anything loads (ad networks serve scripts and images from anywhere), but only inside the
 * sandbox, and only the forum's own pages may frame it. The frame's own script below is inline;
 * this policy allows inline script for the ad anyway, so it needs no hash.
 */
export const AD_FRAME_CSP = [
  "sandbox allow-scripts allow-popups",
  "default-src * data: blob: 'unsafe-inline' 'unsafe-eval'",
  "frame-ancestors 'self'",
].join("; ");

/**
 * The frame's side of its conversation with the forum's page (apps/web components/ads/AdSlot.tsx):
 * - a click on a link in the ad is handed to the page, which opens the advertiser's page with
 *   noopener: a window opened from inside the sandbox would stay sandboxed, and the frame may
 *   not let it escape;
 * - the document's height is reported whenever it changes, so the page sizes the frame to the
 *   ad's content instead of clipping it (worst on phones); with whether the document has loaded
 *   (images and all), once more at its load, and again when the page asks ({forumAdMeasure}: a
 *   page that starts after the frame has loaded): a link to a reply lands once the ads above it
 *   have their final height (web lib/landing.ts).
 */
const FRAME_SCRIPT = `<script>document.addEventListener("click",function(e){var t=e.target,a=t&&t.closest?t.closest("a[href]"):null;if(!a)return;e.preventDefault();parent.postMessage({forumAdClick:a.href},"*")},true);function r(){parent.postMessage({adHeight:document.documentElement.scrollHeight,adLoaded:document.readyState==="complete"},"*")}new ResizeObserver(r).observe(document.documentElement);addEventListener("load",r);addEventListener("message",function(e){if(e.source===parent&&e.data&&e.data.forumAdMeasure)r()})</script>`;

export const AD_SCHEMES = ["light", "dark"] as const;
type AdScheme = (typeof AD_SCHEMES)[number];

/**
 * The ad's HTML after a head of the forum's: the page's colour scheme (passed as ?scheme=, since
 * the opaque-origin frame cannot ask the page), no body margin, the frame script. The ad comes
 * last, as written, so its own markup (even a whole document) is parsed into this body.
 */
export function adFrameDocument(content: string, scheme: AdScheme): string {
  return `<!doctype html><html style="color-scheme:${scheme}"><head><meta charset="utf-8"><style>html,body{margin:0}body{font-family:system-ui,sans-serif;overflow-wrap:anywhere}</style>${FRAME_SCRIPT}</head><body>${content}`;
}

function schemeOf(query: unknown): AdScheme | null {
  const scheme = (query as { scheme?: unknown } | undefined)?.scheme;
  if (scheme === undefined) return "light";
  return AD_SCHEMES.find((known) => known === scheme) ?? null;
}

export function registerAdFrames(app: FastifyInstance, reader: Parameters<typeof findShownAdContent>[0]): void {
  app.get(`${AD_FRAME_PATH}:id`, async (request, reply) => {
    const { id } = request.params as { id: string };
    const scheme = schemeOf(request.query);
    if (scheme === null)
      throw new AppError("BAD_REQUEST", MESSAGES.mustBe("Scheme", `one of ${AD_SCHEMES.join(", ")}`));
    const content = /^[1-9][0-9]{0,14}$/.test(id) ? await findShownAdContent(reader, Number(id)) : undefined;
    if (content === undefined) throw new AppError("NOT_FOUND", MESSAGES.adNotFound);
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("content-security-policy", AD_FRAME_CSP)
      .header("x-frame-options", "SAMEORIGIN")
      .header("referrer-policy", "no-referrer")
      .header("cache-control", "no-cache")
      .send(adFrameDocument(content, scheme));
  });
}
