// Refuses writes sent by another site's page. Browsers always send Origin on cross-site
// writes; clients like curl send none and are allowed (they cannot carry a victim's cookie).
// A write with an API token needs no check: it carries no cookie's authority (credentials.ts).
import { AppError } from "@forum/api";
import { MESSAGES } from "@forum/contracts";
import type { FastifyInstance } from "fastify";
import { carriesApiToken } from "./credentials";
import { UNSUBSCRIBE_PATH } from "./unsubscribe";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || carriesApiToken(request)) return;
    // Authorised by the token in its address, never by a cookie, so another site's page gains
    // nothing by posting it; and RFC 8058's one-click POST may come from a webmail page's origin.
    if (request.routeOptions.url === UNSUBSCRIBE_PATH) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (!isSameHost(origin, request.host)) throw new AppError("FORBIDDEN", MESSAGES.crossSiteWrite);
  });
}

/** Compares hosts as URLs do, so "localhost:80" and "http://localhost" match. */
function isSameHost(origin: string, host: string): boolean {
  try {
    const originUrl = new URL(origin);
    return new URL(`${originUrl.protocol}//${host}`).host === originUrl.host;
  } catch {
    return false;
  }
}
