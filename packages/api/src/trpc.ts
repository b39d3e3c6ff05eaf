// tRPC set-up and the three procedure tiers: public, member (signed in, not banned), admin.
import { MESSAGES } from "@forum/contracts";
import { initTRPC } from "@trpc/server";
import type { Context } from "./context";
import { forbidden, publicDetails, publicMessage, unauthorized } from "./errors";

const t = initTRPC.context<Context>().create({
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
 * transaction; mutations keep the writer (and read their own writes through it).
 */
export const publicProcedure = t.procedure.use(({ ctx, type, next }) =>
  type === "query" ? next({ ctx: { ...ctx, db: ctx.readDb } }) : next(),
);

/** Signed in; a banned account may only end its own session. */
export const sessionProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw unauthorized(MESSAGES.notSignedIn);
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

export const memberProcedure = sessionProcedure.use(({ ctx, next }) => {
  if (ctx.user.banned) throw forbidden(MESSAGES.banned);
  return next();
});

export const adminProcedure = memberProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== "admin") throw forbidden(MESSAGES.adminOnly);
  return next();
});
