// tRPC set-up and the procedure tiers: public, member (signed in, not banned), moderator
// (moderators and admins), admin.
import { MESSAGES } from "@forum/contracts";
import { initTRPC } from "@trpc/server";
import type { Context } from "./context";
import { forbidden, publicDetails, publicMessage, unauthorized, unavailableIfDatabaseDown } from "./errors";

/** Who may call a procedure: set by the tier it is built on, and documented (401/403) from it. */
export type Access = "public" | "session" | "member" | "moderator" | "admin";

/**
 * keepsReadCache: a mutation that changes nothing a cached read shows (ad tracking).
 * sameForEveryVisitor: a query whose answer, for callers without a session, depends only on its
 * input and the data; the server may keep its HTTP body until the next write (or minute).
 * access: the tier (publicProcedure, sessionProcedure, memberProcedure, moderatorProcedure,
 * adminProcedure).
 */
export type ProcedureMeta = { keepsReadCache?: boolean; sameForEveryVisitor?: boolean; access?: Access };

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      // The same message the REST door answers, never zod's raw JSON or an internal stack.
      return {
        ...shape,
        message: publicMessage(error),
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, ...publicDetails(error) },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every query runs on the read-only connection, so a read never queues behind a write
 * transaction; mutations keep the writer (and read their own writes through it). Every
 * mutation, once done, makes the cached read answers stale. A database that is away answers 503.
 */
export const publicProcedure = t.procedure.meta({ access: "public" }).use(async ({ ctx, type, meta, next }) => {
  let result: Awaited<ReturnType<typeof next>>;
  if (type === "query") {
    result = await next({ ctx: { ...ctx, db: ctx.readDb } });
  } else {
    try {
      result = await next();
    } finally {
      if (!meta?.keepsReadCache) ctx.readCache.invalidate();
    }
  }
  if (!result.ok) {
    const unavailable = unavailableIfDatabaseDown(result.error);
    if (unavailable !== result.error) throw unavailable;
  }
  return result;
});

/**
 * A read whose answer is the same for every visitor: it must be computed from the data and its
 * input alone (no view counting, no randomness, nothing about the request but the session).
 */
export const visitorReadProcedure = publicProcedure.meta({ sameForEveryVisitor: true });

/**
 * The current minute, for the keys of reads over a moving time window ("this week"): such an
 * answer also changes as time passes, so it is kept for a minute at most.
 */
export function minuteBucket(now = Date.now()): number {
  return Math.floor(now / 60_000);
}

/**
 * A read answered from the cache while no write happened since it was computed. `perViewer`
 * reads (the caller's own votes, email visibility) are cached for visitors only.
 */
export function cachedRead<T>(
  ctx: Pick<Context, "readCache" | "user">,
  key: string,
  compute: () => Promise<T>,
  perViewer = false,
): Promise<T> {
  if (perViewer && ctx.user) return compute();
  return ctx.readCache.get(key, compute);
}

/** Signed in; a banned account may only end its own session. */
export const sessionProcedure = publicProcedure.meta({ access: "session" }).use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw unauthorized(MESSAGES.notSignedIn);
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

export const memberProcedure = sessionProcedure.meta({ access: "member" }).use(({ ctx, next }) => {
  if (ctx.user.banned) throw forbidden(MESSAGES.banned);
  return next();
});

/** Moderators and admins: content moderation (reports). */
export const moderatorProcedure = memberProcedure.meta({ access: "moderator" }).use(({ ctx, next }) => {
  if (ctx.user.role !== "moderator" && ctx.user.role !== "admin") throw forbidden(MESSAGES.moderatorsOnly);
  return next();
});

export const adminProcedure = memberProcedure.meta({ access: "admin" }).use(({ ctx, next }) => {
  if (ctx.user.role !== "admin") throw forbidden(MESSAGES.adminOnly);
  return next();
});
