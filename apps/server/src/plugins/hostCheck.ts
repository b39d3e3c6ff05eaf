// Refuses a request for a host the forum does not answer to (400), before anything else reads it:
// pages, link previews, the sitemap and robots.txt name the forum by the request's host, and a
// forged one would be written into them (allowedHosts.ts). Each refused name is logged once.
import { AppError } from "@forum/api";
import { MESSAGES } from "@forum/contracts";
import type { FastifyInstance } from "fastify";
import { requestHostName } from "../allowedHosts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Served whatever host the request names (the host check does not apply). */
    anyHost?: boolean;
  }
}

/** Refused names logged so far; a flood of made-up names stops adding to it. */
const MAX_LOGGED = 100;

/** `allowed`: the host names served (allowedHosts.ts), or null for any. */
export function registerHostCheck(app: FastifyInstance, allowed: readonly string[] | null): void {
  if (allowed === null) return;
  const hosts = new Set(allowed);
  const logged = new Set<string>();
  app.addHook("onRequest", async (request) => {
    // A route that never writes the host into what it answers, and checks its callers itself
    // (/metrics: Prometheus names an instance by its own address, "app1:3000").
    if (request.routeOptions.config.anyHost === true) return;
    const name = requestHostName(request.host);
    if (name !== null && hosts.has(name)) return;
    if (logged.size < MAX_LOGGED && !logged.has(request.host)) {
      logged.add(request.host);
      request.log.warn({ host: request.host, allowed }, "request for a host not in FORUM_ALLOWED_HOSTS refused");
    }
    throw new AppError("BAD_REQUEST", MESSAGES.unknownHost);
  });
}
