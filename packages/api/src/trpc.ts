// tRPC set-up and the procedure tiers: public, member (signed in, not banned), moderator
// (moderators and admins), admin.
import { API_TOKEN_MESSAGES, MESSAGES } from "@forum/contracts";
import type { DataKind, ForumDb } from "@forum/db";
import { initTRPC, TRPCError } from "@trpc/server";
import type { PostMove } from "./cache/placement";
import { type CachePolicy, cacheKeyOf, type QueryCache, readScopeOf } from "./cache/policy";
import { scopesOfPost } from "./cache/scopes";
import type { Context } from "./context";
import type { ProcedureDescription } from "./describe";
import { AppError, appErrorOf, errorBody, forbidden, isErrorKind, unauthorized } from "./errors";
import { Announcements } from "./live/announcements";
import { assertStaffTwoStep } from "./services/forumSettings";

/** Who may call a procedure: set by the tier it is built on, and documented (401/403) from it. */
export type Access = "public" | "session" | "member" | "moderator" | "admin";

export type ProcedureMeta = ProcedureDescription & {
  /** The tier (publicProcedure, sessionProcedure, memberProcedure, moderatorProcedure, adminProcedure). */
  access?: Access;
  /** Queries: whether their answers are kept, and what data they show (cache/policy.ts). */
  cache?: QueryCache;
  /** Mutations: the kinds of data they write; kept answers that read any of them are dropped. */
  writes?: readonly DataKind[];
  /**
   * Mutations that write one thing's data only (a reply to one post, in one category): its
   * scopes (cache/scopes.ts), from the raw input and what the database says of it after the
   * write, so kept answers scoped to other things stay (cache/policy.ts `scope`). Undefined
   * (or no answer) drops every answer of the written kinds.
   */
  writesWithin?: (input: unknown, db: ForumDb) => Promise<readonly string[] | undefined>;
  /**
   * Changes how the member signs in (sessions, password, API tokens): refused to API tokens
   * (403), so a leaked token cannot sign the member out, lock them out or mint itself successors.
   */
  sessionOnly?: boolean;
};

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      // The same body the REST door answers, never zod's raw JSON or an internal stack.
      const { message, ...details } = errorBody(toAppError(error));
      return { ...shape, message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, ...details } };
    },
  });

/** Anything a procedure or tRPC itself threw, as the AppError it answers. */
export function toAppError(thrown: unknown): AppError {
  return appErrorOf(thrown, (error) => {
    if (!(error instanceof TRPCError)) return undefined;
    // tRPC's own refusals (an unknown procedure, unreadable input, a wrong method).
    const kind = isErrorKind(error.code) ? error.code : error.code === "PARSE_ERROR" ? "BAD_REQUEST" : undefined;
    return kind ? new AppError(kind, error.message, { cause: error }) : undefined;
  });
}

/** The tRPC error an AppError is, on the tRPC door (its kinds are tRPC's code names). */
export function toTRPCError(error: AppError): TRPCError {
  return error.cause instanceof TRPCError && error.cause.code === error.kind
    ? error.cause
    : new TRPCError({ code: error.kind, message: error.message, cause: error });
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * `ctx.postMoved`: a mutation says that what it wrote changed, of everything a list of posts
 * shows, only this post's counts and sort values (a vote, a reply), read in the write's own
 * transaction. Kept pages of lists the move cannot change then stay kept (cache/placement.ts).
 */
export type PostMoved = (move: PostMove) => void;

/**
 * Every query runs on the read-only connection, so a read never queues behind a write
 * transaction; mutations keep the writer (and read their own writes through it). A query whose
 * meta declares a cache policy is answered from the read cache: the rest of the chain (tier,
 * input, resolver, output check) runs only when the answer under the procedure's path and input
 * is not kept, and its answer is kept until a write of a kind it reads; the policy's overlay adds
 * each request's own part on top. Every mutation, once done, drops the kept answers that read a
 * kind it writes. A database that is away answers 503.
 */
export const publicProcedure = t.procedure
  .meta({ access: "public" })
  .use(async ({ ctx, type, meta, path, getRawInput, next }) => {
    const policy = type === "query" ? meta?.cache : undefined;
    const keeps =
      policy !== undefined &&
      policy !== "never" &&
      !(policy.sharedBy === "visitors" && ctx.user) &&
      !policy.ownAnswer?.(await getRawInput());
    const db = type === "query" ? ctx.readDb : ctx.db;
    const moves: PostMove[] = [];
    const postMoved: PostMoved = (move) => {
      moves.push(move);
    };
    // What a mutation tells the live streams: sent once it has succeeded (live/announcements.ts).
    const announcements = new Announcements();
    const run = () =>
      next({ ctx: { db, postMoved, announce: announcements.announce, notified: announcements.notified } });
    type Result = Awaited<ReturnType<typeof run>>;
    let result: Result;
    try {
      result = keeps
        ? ((await keptAnswer(policy, path, await getRawInput(), { ...ctx, db }, run)) as Result)
        : await run();
    } finally {
      // A mutation that declares nothing is a mistake the cache policy test catches; until
      // then it drops everything rather than leave a stale answer.
      if (type === "mutation") {
        if (meta?.writes) {
          // A move names its post and category: no need to look them up again.
          const scopes =
            moves.length > 0
              ? moves.flatMap((move) => scopesOfPost(move.postId, move.categoryId))
              : await writtenScopes(meta, getRawInput, ctx.readDb);
          ctx.readCache.invalidate(meta.writes, scopes, moves);
          // Its deliveries are committed: sent now, not at the sender's next look.
          if (meta.writes.includes("webhooks")) ctx.webhooks.wake();
        } else ctx.readCache.invalidateAll();
      }
    }
    // The services' AppError becomes tRPC's error with the same code, here and nowhere else.
    if (!result.ok) throw toTRPCError(toAppError(result.error));
    // After the answer's own work, never holding it: a stream that misses this resyncs.
    if (type === "mutation") void announcements.publish(ctx.live, ctx.readDb).catch(() => undefined);
    return result;
  })
  // What an API token may do is decided here, once: a read-only token makes no mutation (every
  // write is one, on both doors), and no token changes how its member signs in.
  .use(({ ctx, type, meta, next }) => {
    if (ctx.apiToken) {
      if (meta?.sessionOnly) throw forbidden(API_TOKEN_MESSAGES.sessionOnly);
      if (type === "mutation" && ctx.apiToken.scope === "read") throw forbidden(API_TOKEN_MESSAGES.readOnly);
    }
    return next();
  });

type ChainResult = { ok: true; data: unknown } | { ok: false; error: unknown };

/**
 * The answer kept for the procedure's path and input, or the rest of the chain's (computed once
 * for every caller who asks meanwhile, see services/readCache.ts), with the request's overlay.
 * A failure is not kept.
 */
async function keptAnswer(
  policy: CachePolicy,
  path: string,
  input: unknown,
  ctx: Context,
  compute: () => Promise<ChainResult>,
): Promise<ChainResult & { marker: never }> {
  const marker = "middlewareMarker" as never;
  try {
    const kept = await ctx.readCache.get(
      cacheKeyOf(path, input, policy, ctx.readCache.now()),
      policy.reads,
      async () => {
        const computed = await compute();
        if (!computed.ok) throw computed.error;
        return computed.data;
      },
      policy.keptAtMost === undefined ? undefined : { name: path, max: policy.keptAtMost },
      readScopeOf(policy, input),
    );
    return { ok: true, data: policy.overlay ? await policy.overlay(kept, ctx) : kept, marker };
  } catch (error) {
    return { ok: false, error, marker };
  }
}

/** The things a mutation's writes were confined to, if it says (and its input could be read). */
async function writtenScopes(
  meta: ProcedureMeta,
  rawInput: () => Promise<unknown>,
  db: ForumDb,
): Promise<readonly string[] | undefined> {
  if (!meta.writesWithin) return undefined;
  try {
    return await meta.writesWithin(await rawInput(), db);
  } catch {
    return undefined;
  }
}

/**
 * Signed in, by the session cookie or an API token; a banned account may only end its own session
 * (its tokens stop working altogether). Answers to signed-in callers are about them (or for
 * admins), so their queries keep nothing unless they declare otherwise.
 */
export const sessionProcedure = publicProcedure.meta({ access: "session", cache: "never" }).use(({ ctx, next }) => {
  if (!ctx.user) throw unauthorized(MESSAGES.notSignedIn);
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const memberProcedure = sessionProcedure.meta({ access: "member" }).use(({ ctx, next }) => {
  if (ctx.user.banned) throw forbidden(MESSAGES.banned);
  return next();
});

/** Moderators and admins: content moderation (reports). */
export const moderatorProcedure = memberProcedure.meta({ access: "moderator" }).use(async ({ ctx, next }) => {
  if (ctx.user.role !== "moderator" && ctx.user.role !== "admin") throw forbidden(MESSAGES.moderatorsOnly);
  await assertStaffTwoStep(ctx.db, ctx.user);
  return next();
});

export const adminProcedure = memberProcedure.meta({ access: "admin" }).use(async ({ ctx, next }) => {
  if (ctx.user.role !== "admin") throw forbidden(MESSAGES.adminOnly);
  await assertStaffTwoStep(ctx.db, ctx.user);
  return next();
});
