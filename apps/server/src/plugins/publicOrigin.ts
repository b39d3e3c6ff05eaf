// The forum's address as pages, link previews and the sitemap name it: FORUM_PUBLIC_URL when set,
// else the request's own scheme and host (behind a trusted proxy, as it forwarded them).
import type { FastifyRequest } from "fastify";

export function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
