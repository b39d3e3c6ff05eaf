// "Delete my account" on Settings (issue 30): the member proves it is them (their password, and
// the second step when two-step sign-in is on) and chooses what happens to what they wrote. The
// deletion itself is the admin's too (services/accountDeletion.ts). A browser's session only: an
// API token cannot delete its member.
import {
  ACCOUNT_DELETION_MESSAGES,
  deleteMyAccountInput,
  MESSAGES,
  messageViewSchema,
  THROTTLES,
  TWO_STEP_MESSAGES,
} from "@forum/contracts";
import { verifyPassword } from "../auth/password";
import { answer, withWait } from "../describe";
import { badRequest } from "../errors";
import { deleteAccount } from "../services/accountDeletion";
import { throttle } from "../services/limits";
import { proveSecondStep } from "../services/twoStep";
import { findUserById } from "../services/users";
import { memberProcedure, router } from "../trpc";

export const accountRouter = router({
  delete: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/users/me/delete" },
      summary:
        'Delete the signed-in account, with the password (and a two-step code when it is on): content "keep" leaves the posts and replies as written by "deleted member", "delete" removes them; signs out',
      failures: {
        400: [
          ACCOUNT_DELETION_MESSAGES.passwordWrong,
          ACCOUNT_DELETION_MESSAGES.codeRequired,
          TWO_STEP_MESSAGES.codeWrong,
        ],
        409: ACCOUNT_DELETION_MESSAGES.lastAdmin,
        429: [withWait(MESSAGES.tooManyLoginAttempts), withWait(TWO_STEP_MESSAGES.tooManyCodes)],
      },
      writes: [
        "users",
        "posts",
        "replies",
        "votes",
        "categories",
        "sessions",
        "notifications",
        "reports",
        "avatars",
        "apiTokens",
        "mail",
        "twoStep",
        "preferences",
        "webhooks",
        "throttles",
      ],
      sessionOnly: true,
    })
    .input(deleteMyAccountInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      const user = await findUserById(ctx.db, ctx.user.id);
      // Wrong passwords count against the account's sign-in limit: a session left open is no
      // way to guess the password.
      const account = user.username.toLowerCase();
      await throttle(ctx.throttles, THROTTLES.loginPerAccount, account, MESSAGES.tooManyLoginAttempts);
      // 400, not 401: a wrong password must not look like a lost session to the client.
      if (!(await verifyPassword(user.passwordHash, input.password)))
        throw badRequest(ACCOUNT_DELETION_MESSAGES.passwordWrong);
      await ctx.throttles.clear(THROTTLES.loginPerAccount, account);
      const now = ctx.throttles.now();
      if (user.totpEnabledAt !== null) {
        if (!input.code) throw badRequest(ACCOUNT_DELETION_MESSAGES.codeRequired);
        // Wrong codes count against the same limit as at sign-in, so this is no way around it.
        const subject = String(user.id);
        await throttle(ctx.throttles, THROTTLES.secondStepPerAccount, subject, TWO_STEP_MESSAGES.tooManyCodes);
        if (!(await proveSecondStep(ctx.db, ctx.serverKey, user.id, input.code, now)))
          throw badRequest(TWO_STEP_MESSAGES.codeWrong);
        await ctx.throttles.clear(THROTTLES.secondStepPerAccount, subject);
      }
      await deleteAccount(ctx.db, user.id, { content: input.content, by: "self" }, now);
      ctx.cookies.clear();
      return { message: ACCOUNT_DELETION_MESSAGES.deleted };
    }),
});
