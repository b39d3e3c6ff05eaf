// "Delete my account" on Settings (issue 30): the member proves it is them (their password, and
// the second step when two-step sign-in is on) and chooses what happens to what they wrote. The
// deletion itself is the admin's too (services/accountDeletion.ts). A browser's session only: an
// API token cannot delete its member.
import {
  ACCOUNT_DELETION_MESSAGES,
  deleteMyAccountInput,
  MESSAGES,
  messageViewSchema,
  TWO_STEP_MESSAGES,
} from "@forum/contracts";
import { provePassword, proveTwoStepCode } from "../auth/proofs";
import { answer, withWait } from "../describe";
import { badRequest } from "../errors";
import { ACCOUNT_DELETION_WRITES, deleteAccount } from "../services/accountDeletion";
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
      // Its wrong tries count against the sign-in limits (auth/proofs.ts).
      writes: [...ACCOUNT_DELETION_WRITES, "throttles"],
      sessionOnly: true,
    })
    .input(deleteMyAccountInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      const user = await findUserById(ctx.db, ctx.user.id);
      await provePassword(ctx, user, input.password, ACCOUNT_DELETION_MESSAGES.passwordWrong);
      if (user.totpEnabledAt !== null) {
        if (!input.code) throw badRequest(ACCOUNT_DELETION_MESSAGES.codeRequired);
        await proveTwoStepCode(ctx, user.id, input.code);
      }
      await deleteAccount(ctx.db, user.id, { content: input.content, by: "self" }, ctx.throttles.now());
      ctx.cookies.clear();
      ctx.announce({ type: "access", userId: user.id });
      return { message: ACCOUNT_DELETION_MESSAGES.deleted };
    }),
});
