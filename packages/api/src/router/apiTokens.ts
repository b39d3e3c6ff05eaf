// A member's API tokens (issue 29) on the settings screen, and the admins' view of everyone's in
// User Management. Creating one needs the website's session (sessionOnly): a token cannot mint
// its own successors. Revoking is allowed to a read-write token too (a script may retire itself);
// a banned member's tokens already work no more, and an admin revokes them.
import {
  API_TOKEN_MESSAGES,
  apiTokenIdInput,
  apiTokenViewSchema,
  createApiTokenInput,
  createdApiTokenSchema,
  MESSAGES,
  userApiTokensInput,
} from "@forum/contracts";
import { z } from "zod";
import { createApiToken, listApiTokens, revokeApiToken } from "../auth/apiTokens";
import { answer } from "../describe";
import { findUserById } from "../services/users";
import { memberRecords } from "../staffLog/memberRecords";
import { asStaffAction, staffActor } from "../staffLog/record";
import { adminProcedure, memberProcedure, router, sessionProcedure } from "../trpc";

export const apiTokensRouter = router({
  list: sessionProcedure
    .meta({
      rest: { method: "GET", path: "/api/users/me/tokens", from: "none" },
      summary: "The signed-in member's API tokens, newest first (never their secrets)",
    })
    .output(answer(z.array(apiTokenViewSchema)))
    .query(({ ctx }) => listApiTokens(ctx.db, ctx.user.id)),

  create: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/users/me/tokens", status: 201 },
      summary: "Make an API token: its secret is in this answer only, the forum keeps its hash",
      writes: ["apiTokens"],
      sessionOnly: true,
    })
    .input(createApiTokenInput)
    .output(answer(createdApiTokenSchema))
    .mutation(({ ctx, input }) => createApiToken(ctx.db, ctx.user.id, input, ctx.throttles.now())),

  revoke: memberProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/users/me/tokens/:id", from: "none" },
      summary: "Revoke one of one's API tokens: it stops working at once",
      failures: { 404: API_TOKEN_MESSAGES.notFound },
      writes: ["apiTokens"],
    })
    .input(apiTokenIdInput)
    .output(answer(apiTokenViewSchema))
    .mutation(({ ctx, input }) => revokeApiToken(ctx.db, input.id, ctx.user.id, ctx.throttles.now())),

  ofUser: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/admin/users/:userId/tokens", from: "none" },
      summary: "A member's API tokens (name, scope, last used), for User Management",
      failures: { 404: MESSAGES.userNotFound },
    })
    .input(userApiTokensInput)
    .output(answer(z.array(apiTokenViewSchema)))
    .query(async ({ ctx, input }) => {
      await findUserById(ctx.db, input.userId);
      return listApiTokens(ctx.db, input.userId);
    }),

  adminRevoke: adminProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/admin/tokens/:id", from: "none" },
      summary: "Revoke any member's API token: it stops working at once",
      failures: { 404: API_TOKEN_MESSAGES.notFound },
      writes: ["apiTokens", "staffLog"],
    })
    .input(apiTokenIdInput)
    .output(answer(apiTokenViewSchema))
    .mutation(({ ctx, input }) =>
      asStaffAction(ctx.db, staffActor(ctx.user), async (trx) => {
        const owner = await trx
          .selectFrom("api_tokens")
          .innerJoin("users", "users.id", "api_tokens.userId")
          .select(["users.id", "users.username"])
          .where("api_tokens.id", "=", input.id)
          .executeTakeFirst();
        const token = await revokeApiToken(trx, input.id, undefined, ctx.throttles.now());
        return { result: token, records: owner ? [memberRecords.tokenRevoked(owner, token)] : [] };
      }),
    ),
});
