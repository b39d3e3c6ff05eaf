// Two-step sign-in's data (issue 30): set-up (a pending secret, sealed), turning it on with a
// first code (recovery codes made then, shown once, kept as hashes), checking a code at sign-in
// (a TOTP step later than the last accepted, or an unused recovery code, used up), and turning
// it off. Sign-ins waiting for their second step are challenges: a random token's hash.
import { randomBytes } from "node:crypto";
import { RECOVERY_CODE_COUNT, SECOND_STEP_WINDOW_MS, TWO_STEP_MESSAGES, type TwoStepStatus } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { tokenHash } from "../auth/tokenHash";
import { acceptedTotpStep, newTotpSecret } from "../auth/totp";
import { badRequest, conflict } from "../errors";
import { seal, unseal } from "../secrets/sealed";

/** Recovery codes are compared without dashes, spaces or case. */
const normalisedRecovery = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

export async function twoStepStatus(db: ForumDb, userId: number): Promise<TwoStepStatus> {
  const user = await db.selectFrom("users").select("totpEnabledAt").where("id", "=", userId).executeTakeFirstOrThrow();
  const left = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("userId", "=", userId)
    .where("usedAt", "is", null)
    .executeTakeFirstOrThrow();
  return {
    enabled: user.totpEnabledAt !== null,
    enabledAt: user.totpEnabledAt === null ? null : new Date(Number(user.totpEnabledAt)).toISOString(),
    recoveryCodesLeft: Number(left.n),
  };
}

/** A new secret for set-up, kept sealed until a code confirms it; answers it in clear once. */
export async function startTwoStepSetup(db: ForumDb, key: Buffer, userId: number): Promise<string> {
  const user = await db.selectFrom("users").select("totpEnabledAt").where("id", "=", userId).executeTakeFirstOrThrow();
  if (user.totpEnabledAt !== null) throw conflict(TWO_STEP_MESSAGES.alreadyOn);
  const secret = newTotpSecret();
  await db
    .updateTable("users")
    .set({ totpPendingSealed: seal(key, secret) })
    .where("id", "=", userId)
    .execute();
  return secret;
}

/** Turns it on when `code` is a current code of the pending secret; answers the recovery codes. */
export async function enableTwoStep(
  db: ForumDb,
  key: Buffer,
  userId: number,
  code: string,
  now: number,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["totpPendingSealed", "totpEnabledAt"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    if (user.totpEnabledAt !== null) throw conflict(TWO_STEP_MESSAGES.alreadyOn);
    if (!user.totpPendingSealed) throw badRequest(TWO_STEP_MESSAGES.setupFirst);
    const step = acceptedTotpStep(unseal(key, user.totpPendingSealed), code, now, null);
    if (step === null) throw badRequest(TWO_STEP_MESSAGES.codeWrong);
    await trx
      .updateTable("users")
      .set({ totpSealed: user.totpPendingSealed, totpPendingSealed: null, totpEnabledAt: now, totpLastStep: step })
      .where("id", "=", userId)
      .execute();
    return replaceRecoveryCodes(trx, userId);
  });
}

/** Ten new recovery codes ("abcd-efgh-ijkl"), replacing any left; only their hashes are kept. */
async function replaceRecoveryCodes(trx: ForumDb, userId: number): Promise<string[]> {
  await trx.deleteFrom("recovery_codes").where("userId", "=", userId).execute();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    (encodeBase32LowerCaseNoPadding(randomBytes(8)).slice(0, 12).match(/.{4}/g) ?? []).join("-"),
  );
  await trx
    .insertInto("recovery_codes")
    .values(codes.map((code) => ({ userId, codeHash: tokenHash(normalisedRecovery(code)), usedAt: null })))
    .execute();
  return codes;
}

/**
 * Whether `code` proves the second step for this member now: a TOTP code of a step later than
 * the last accepted (which it then becomes), or an unused recovery code (then used up). One
 * statement decides each, so two requests with the same code cannot both pass.
 */
export async function proveSecondStep(
  db: ForumDb,
  key: Buffer,
  userId: number,
  code: string,
  now: number,
): Promise<boolean> {
  const user = await db
    .selectFrom("users")
    .select(["totpSealed", "totpLastStep"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  if (!user.totpSealed) return false;
  const lastStep = user.totpLastStep === null ? null : Number(user.totpLastStep);
  const step = acceptedTotpStep(unseal(key, user.totpSealed), code, now, lastStep);
  if (step !== null) {
    const moved = await db
      .updateTable("users")
      .set({ totpLastStep: step })
      .where("id", "=", userId)
      .where((eb) => eb.or([eb("totpLastStep", "is", null), eb("totpLastStep", "<", step)]))
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1;
  }
  const used = await db
    .updateTable("recovery_codes")
    .set({ usedAt: now })
    .where("userId", "=", userId)
    .where("codeHash", "=", tokenHash(normalisedRecovery(code)))
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

export async function disableTwoStep(db: ForumDb, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ totpSealed: null, totpPendingSealed: null, totpEnabledAt: null, totpLastStep: null })
      .where("id", "=", userId)
      .execute();
    await trx.deleteFrom("recovery_codes").where("userId", "=", userId).execute();
  });
}

/** A sign-in waiting for its second step: answers the challenge token (kept only as a hash). */
export async function createChallenge(db: ForumDb, userId: number, now: number): Promise<string> {
  const token = encodeBase32LowerCaseNoPadding(randomBytes(20));
  await db.deleteFrom("login_challenges").where("expiresAt", "<=", now).execute();
  await db
    .insertInto("login_challenges")
    .values({ tokenHash: tokenHash(token), userId, expiresAt: now + SECOND_STEP_WINDOW_MS, createdAt: now })
    .execute();
  return token;
}

/** The member a live challenge is for (it stays until used or expired). */
export async function challengedUser(db: ForumDb, token: string, now: number): Promise<number | null> {
  const row = await db
    .selectFrom("login_challenges")
    .select("userId")
    .where("tokenHash", "=", tokenHash(token))
    .where("expiresAt", ">", now)
    .executeTakeFirst();
  return row?.userId ?? null;
}

/** Used up once the second step passed. */
export async function endChallenge(db: ForumDb, token: string): Promise<void> {
  await db.deleteFrom("login_challenges").where("tokenHash", "=", tokenHash(token)).execute();
}
