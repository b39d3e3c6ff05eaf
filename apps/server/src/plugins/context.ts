// Builds the procedure context for a request, once, for whichever door it came through.

import { type ApiServices, type Context, toAppError, toTRPCError, validateSessionToken } from "@forum/api";
import { SESSION_COOKIE } from "@forum/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";

export type ContextFactory = (request: FastifyRequest, reply: FastifyReply) => Promise<Context>;

export function createContextFactory(services: ApiServices, options: { secureCookies: boolean }): ContextFactory {
  const cookieOptions = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: options.secureCookies };
  return async (request, reply) => {
    const cookies = {
      set: (token: string, expiresAt: number) =>
        void reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: new Date(expiresAt) }),
      clear: () => void reply.clearCookie(SESSION_COOKIE, cookieOptions),
    };
    const token = request.cookies[SESSION_COOKIE];
    const validated = token
      ? await validateSessionToken(services.db, token, Date.now(), services.readDb).catch((error) => {
          // A database that is away answers 503 on both doors; tRPC's stock handler takes the
          // status from a TRPCError's code, the REST door reads the AppError inside it.
          throw toTRPCError(toAppError(error));
        })
      : null;
    if (token && !validated) cookies.clear();
    if (token && validated?.renewed) cookies.set(token, validated.session.expiresAt);
    return {
      ...services,
      user: validated?.user ?? null,
      session: validated?.session ?? null,
      clientIp: request.ip,
      cookies,
    };
  };
}
