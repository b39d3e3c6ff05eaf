// HTML ads are documents of their own at /ad-frames/:id, shown in a sandboxed iframe. A srcdoc
// frame would inherit the page's Content-Security-Policy, which (rightly) refuses the ad's
// inline scripts and its images from the advertiser's servers; served here, an ad has its own
// policy. The sandbox (in the policy and on the iframe) gives it an opaque origin: no cookies,
// no storage, no access to the forum's page. Popups it opens stay sandboxed.
import { findShownAdContent } from "@forum/api";
import { MESSAGES } from "@forum/contracts";
import type { FastifyInstance } from "fastify";

export const AD_FRAME_PATH = "/ad-frames/";

/**
 * Anything loads (ad networks serve scripts and images from anywhere), but only inside the
 * sandbox, and only the forum's own pages may frame it.
 */
export const AD_FRAME_CSP = [
  "sandbox allow-scripts allow-popups",
  "default-src * data: blob: 'unsafe-inline' 'unsafe-eval'",
  "frame-ancestors 'self'",
].join("; ");

/**
 * A click on a link in the ad is handed to the forum's page, which opens the advertiser's page
 * with noopener (components/AdSlot.tsx): a window opened from inside the sandbox would stay
 * sandboxed, and the frame may not let it escape.
 */
const CLICK_RELAY = `<script>document.addEventListener("click",function(e){var t=e.target,a=t&&t.closest?t.closest("a[href]"):null;if(!a)return;e.preventDefault();parent.postMessage({forumAdClick:a.href},"*")},true)</script>`;

export function registerAdFrames(app: FastifyInstance, reader: Parameters<typeof findShownAdContent>[0]): void {
  app.get(`${AD_FRAME_PATH}:id`, async (request, reply) => {
    const { id } = request.params as { id: string };
    const content = /^[1-9][0-9]{0,14}$/.test(id) ? await findShownAdContent(reader, Number(id)) : undefined;
    if (content === undefined) return reply.code(404).send({ message: MESSAGES.adNotFound });
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("content-security-policy", AD_FRAME_CSP)
      .header("x-frame-options", "SAMEORIGIN")
      .header("referrer-policy", "no-referrer")
      .header("cache-control", "no-cache")
      .send(CLICK_RELAY + content);
  });
}
