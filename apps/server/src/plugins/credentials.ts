// Whether a request says who it is: the session cookie or an API token (Authorization: Bearer).
// Such a request's answer may be about its caller, so it is never served from, or kept as, a
// visitor's shared body; and a Bearer write cannot be forged by another site (a page cannot add
// the header cross-site without a CORS preflight, which this server never grants).
import { bearerTokenOf } from "@forum/api";
import { SESSION_COOKIE } from "@forum/contracts";
import type { FastifyRequest } from "fastify";

export function carriesApiToken(request: FastifyRequest): boolean {
  return bearerTokenOf(request.headers.authorization) !== undefined;
}

export function carriesCredentials(request: FastifyRequest): boolean {
  return request.cookies[SESSION_COOKIE] !== undefined || carriesApiToken(request);
}
