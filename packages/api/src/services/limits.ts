// The abuse limits as procedures apply them: a refused event answers 429 with the rule's
// message and a Retry-After, and an event that fails afterwards is given back.
import {
  MESSAGES,
  minutesToWait,
  NEW_ACCOUNT_PERIOD_MS,
  type Role,
  THROTTLES,
  type ThrottleRule,
} from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { tooManyRequestsFor } from "../errors";
import type { Throttles } from "./throttles";

/** Counts one event; throws 429 with `message(minutes to wait)` when the rule refuses it. */
export async function throttle(
  throttles: Throttles,
  rule: ThrottleRule,
  subject: string,
  message: (minutes: number) => string,
): Promise<void> {
  const verdict = await throttles.take(rule, subject);
  if (!verdict.allowed) throw tooManyRequestsFor(message(minutesToWait(verdict.retryAfterMs)), verdict.retryAfterMs);
}

/** Runs `write` as one counted event: if it fails, the event is given back. */
export async function counted<T>(
  throttles: Throttles,
  rule: ThrottleRule,
  subject: string,
  message: (minutes: number) => string,
  write: () => Promise<T>,
): Promise<T> {
  await throttle(throttles, rule, subject, message);
  try {
    return await write();
  } catch (error) {
    await throttles.giveBack(rule, subject);
    throw error;
  }
}

type Author = { id: number; role: Role };

/** Admins and moderators are exempt; so is any account older than its first day. */
async function isNewMember(db: ForumDb, throttles: Throttles, author: Author): Promise<boolean> {
  if (!throttles.enabled || author.role !== "user") return false;
  const row = await db.selectFrom("users").select("createdAt").where("id", "=", author.id).executeTakeFirst();
  return row !== undefined && throttles.now() - Number(row.createdAt) < NEW_ACCOUNT_PERIOD_MS;
}

/** Runs a post or reply write under the new-account limit of `kind`, when the author is new. */
export async function withinNewAccountLimit<T>(
  ctx: { db: ForumDb; throttles: Throttles; user: Author },
  kind: "post" | "reply",
  write: () => Promise<T>,
): Promise<T> {
  if (!(await isNewMember(ctx.db, ctx.throttles, ctx.user))) return write();
  const rule = kind === "post" ? THROTTLES.newAccountPosts : THROTTLES.newAccountReplies;
  const message = kind === "post" ? MESSAGES.newAccountPostLimit : MESSAGES.newAccountReplyLimit;
  return counted(ctx.throttles, rule, String(ctx.user.id), (minutes) => message(rule.limit, minutes), write);
}
