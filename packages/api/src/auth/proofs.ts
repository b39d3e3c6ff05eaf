// A signed-in member proving again that it is them, before something that cannot be undone
// (deleting the account, turning two-step sign-in off): their password, or a two-step code. Each
// wrong try counts against the same limit as at sign-in, so an open session is no way to guess
// the password or the codes; a right one clears it, as a sign-in does.
import { MESSAGES, THROTTLES, TWO_STEP_MESSAGES } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { badRequest } from "../errors";
import { throttle } from "../services/limits";
import type { Throttles } from "../services/throttles";
import { proveSecondStep } from "../services/twoStep";
import { verifyPassword } from "./password";

type ProofContext = { db: ForumDb; throttles: Throttles; serverKey: Buffer };

/** The member's password; 400 with `wrongMessage` (not 401: the session is fine) when it is not. */
export async function provePassword(
  ctx: ProofContext,
  user: { username: string; passwordHash: string },
  password: string,
  wrongMessage: string,
): Promise<void> {
  const account = user.username.toLowerCase();
  await throttle(ctx.throttles, THROTTLES.loginPerAccount, account, MESSAGES.tooManyLoginAttempts);
  if (!(await verifyPassword(user.passwordHash, password))) throw badRequest(wrongMessage);
  await ctx.throttles.clear(THROTTLES.loginPerAccount, account);
}

/** A current two-step code or an unused recovery code (used up by this); 400 when it is neither. */
export async function proveTwoStepCode(ctx: ProofContext, userId: number, code: string): Promise<void> {
  const subject = String(userId);
  await throttle(ctx.throttles, THROTTLES.secondStepPerAccount, subject, TWO_STEP_MESSAGES.tooManyCodes);
  if (!(await proveSecondStep(ctx.db, ctx.serverKey, userId, code, ctx.throttles.now()))) {
    throw badRequest(TWO_STEP_MESSAGES.codeWrong);
  }
  await ctx.throttles.clear(THROTTLES.secondStepPerAccount, subject);
}
