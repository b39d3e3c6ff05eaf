// The one-use tokens of mailed links (reset a password, confirm an address): 256 random bits,
// prefixed so a leaked one is recognisable ("forum_reset_…"), stored only as their SHA-256. A new
// token of a purpose replaces the account's older ones; using a token deletes it.
import { randomBytes } from "node:crypto";
import type { ForumDb, MailTokenPurpose } from "@forum/db";
import { tokenHash } from "../auth/tokenHash";

export const TOKEN_LIFETIME_MS: Record<MailTokenPurpose, number> = {
  reset: 60 * 60_000,
  confirm: 24 * 60 * 60_000,
};

/** Any of these tokens inside a text (a mailed link's secret; the unsubscribe links' are unsubscribe.ts's). */
const TOKEN_IN_TEXT = new RegExp(
  `forum_(?:${[...Object.keys(TOKEN_LIFETIME_MS), "unsubscribe"].join("|")})_[A-Za-z0-9_-]+`,
  "g",
);

/**
 * A mail's text with its tokens blanked: what the outbox keeps once the mail has gone, so a copy
 * of the database holds no working link (kept mail, without SMTP, is the admin's to hand over and
 * keeps its link until it expires).
 */
export function withoutTokens(text: string): string {
  return text.replace(TOKEN_IN_TEXT, "[sent, not kept]");
}

/** A new token for the account, replacing its older ones of the same purpose (in the caller's transaction). */
export async function issueToken(
  db: ForumDb,
  userId: number,
  purpose: MailTokenPurpose,
  now: number,
  email: string | null = null,
): Promise<string> {
  const token = `forum_${purpose}_${randomBytes(32).toString("base64url")}`;
  await db.deleteFrom("mail_tokens").where("userId", "=", userId).where("purpose", "=", purpose).execute();
  await db
    .insertInto("mail_tokens")
    .values({
      userId,
      purpose,
      tokenHash: tokenHash(token),
      email,
      expiresAt: now + TOKEN_LIFETIME_MS[purpose],
      createdAt: now,
    })
    .execute();
  return token;
}

/**
 * Uses the token up: deletes it and answers its account (and address), or undefined when it is
 * unknown, used or expired. Deleting first makes two uses at once end in one winner.
 */
export async function consumeToken(
  db: ForumDb,
  token: string,
  purpose: MailTokenPurpose,
  now: number,
): Promise<{ userId: number; email: string | null } | undefined> {
  const row = await db
    .deleteFrom("mail_tokens")
    .where("tokenHash", "=", tokenHash(token))
    .where("purpose", "=", purpose)
    .returning(["userId", "email", "expiresAt"])
    .executeTakeFirst();
  if (!row || Number(row.expiresAt) <= now) return undefined;
  return { userId: row.userId, email: row.email };
}
