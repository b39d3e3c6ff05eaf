// Pages reached from a mailed link carry its secret in the address (?token=…). The secret must
// not travel further: such a page sends no Referer at all (its own API calls and any link
// followed from it would otherwise carry the full address), and no log line shows it.
import type { FastifyRequest } from "fastify";

/** The pages whose address holds a mailed link's token. */
export const SECRET_LINK_PAGES = ["/reset-password", "/confirm-email", "/unsubscribe"];

export function isSecretLinkPage(url: string): boolean {
  const path = url.split("?")[0] ?? url;
  return SECRET_LINK_PAGES.includes(path.replace(/\/+$/, ""));
}

/** The URL with every `token` parameter's value hidden. */
export function withoutSecrets(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, "$1[hidden]");
}

/** Fastify's request log fields, with the URL's secrets hidden. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
