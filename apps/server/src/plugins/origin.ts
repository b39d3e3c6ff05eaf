// Refuses writes sent by another site's page. Browsers always send Origin on cross-site
// writes; clients like curl send none and are allowed (they cannot carry a victim's cookie).
import { MESSAGES } from "@forum/contracts";
import type { FastifyInstance } from "fastify";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (originHost(origin) !== request.host) {
      return reply.code(403).send({ message: MESSAGES.crossSiteWrite });
    }
  });
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
