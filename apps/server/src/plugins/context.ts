// Builds the procedure context for a request, once, for whichever door it came through. A request
// with `Authorization: Bearer <API token>` is that token's member (the cookie, if any, is ignored);
// otherwise the session cookie says who it is.

import {
  type ApiServices,
  AppError,
  bearerTokenOf,
  type Context,
  resolveApiToken,
  type SessionCookies,
  toAppError,
  toTRPCError,
  validateSessionToken,
} from "@forum/api";
import { SESSION_COOKIE } from "@forum/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";

export type ContextFactory = (request: FastifyRequest, reply: FastifyReply) => Promise<Context>;

/** A Bearer request sets no cookie: a script's token must not turn into a browser session. */
const NO_COOKIES: SessionCookies = { set: () => {}, clear: () => {} };

// A database that is away answers 503 on both doors; tRPC's stock handler takes the status from
// a TRPCError's code, the REST door reads the AppError inside it.
const asTrpcError = (error: unknown) => {
  throw toTRPCError(toAppError(error));
};

/** Kept with a session it starts, for the sessions list: at most 300 characters. */
const userAgentOf = (header: string | undefined) => (header ? header.slice(0, 300) : null);

export function createContextFactory(
  services: ApiServices,
  options: { secureCookies: boolean; clock?: () => number },
): ContextFactory {
  const cookieOptions = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: options.secureCookies };
  const now = options.clock ?? Date.now;
  return async (request, reply) => {
    const bearer = bearerTokenOf(request.headers.authorization);
    if (bearer !== undefined) {
      const resolved = await resolveApiToken(services.db, bearer, now(), services.readDb).catch(asTrpcError);
      // An expired, revoked or unknown token is refused outright (401 saying which), on public
      // calls too: a script must learn its token is dead, not quietly read as a visitor.
      if (!resolved.ok) throw toTRPCError(new AppError("UNAUTHORIZED", resolved.message));
      return {
        ...services,
        user: resolved.user,
        session: null,
        apiToken: resolved.token,
        clientIp: request.ip,
        userAgent: userAgentOf(request.headers["user-agent"]),
        cookies: NO_COOKIES,
      };
    }
    const cookies = {
      set: (token: string, expiresAt: number) =>
        void reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: new Date(expiresAt) }),
      clear: () => void reply.clearCookie(SESSION_COOKIE, cookieOptions),
    };
    const token = request.cookies[SESSION_COOKIE];
    const validated = token
      ? await validateSessionToken(services.db, token, Date.now(), services.readDb).catch(asTrpcError)
      : null;
    if (token && !validated) cookies.clear();
    if (token && validated?.renewed) cookies.set(token, validated.session.expiresAt);
    return {
      ...services,
      user: validated?.user ?? null,
      session: validated?.session ?? null,
      apiToken: null,
      clientIp: request.ip,
      userAgent: userAgentOf(request.headers["user-agent"]),
      cookies,
    };
  };
}
