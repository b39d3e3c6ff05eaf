// Account recovery. A request names a username or an address; whether an account matches is
// never told: the answer is the same, and so is the work on the request's path (a lookup, and a
// token and a queued mail only when one matches, both a few inserts: the mail is sent later by
// the background sender, so SMTP's time is never on it). The link works once, for an hour; a
// newer one replaces it. Setting the new password ends every session of the account.
import { THROTTLES } from "@forum/contracts";
import type { ForumDb, UserRow } from "@forum/db";
import { invalidateUserSessions } from "../auth/sessions";
import type { Mailer } from "../mail/mailer";
import { linkTo } from "../mail/outbox";
import { consumeToken, issueToken } from "../mail/tokens";
import type { Throttles } from "./throttles";

/** The account a login names: its username, or its address (stored in lower case). */
export async function findAccountByLogin(db: ForumDb, login: string): Promise<UserRow | undefined> {
  const name = login.trim().toLowerCase();
  return db
    .selectFrom("users")
    .selectAll()
    .where((eb) => (name.includes("@") ? eb("email", "=", name) : eb(eb.fn("lower", ["username"]), "=", name)))
    .where("deletedAt", "is", null)
    .executeTakeFirst();
}

/** A new reset link for the account, as an absolute URL (in the caller's transaction). */
export async function issueResetLink(db: ForumDb, mail: Mailer, userId: number): Promise<string> {
  const token = await issueToken(db, userId, "reset", mail.now());
  return linkTo(mail.site, `/reset-password?token=${encodeURIComponent(token)}`);
}

/** Queues the reset mail for the account, with a new link (in the caller's transaction). */
export async function queueResetMail(db: ForumDb, mail: Mailer, user: Pick<UserRow, "id" | "username" | "email">) {
  const link = await issueResetLink(db, mail, user.id);
  await mail.queue(db, {
    kind: "reset",
    to: user.email,
    userId: user.id,
    content: {
      subject: "Reset your password",
      paragraphs: [
        `Hello ${user.username},`,
        "Someone (we hope you) asked to reset the password of your account. The link below works once, for the next 60 minutes.",
      ],
      action: { label: "Reset your password", url: link },
      footer: ["If you did not ask for this, ignore this email: your password stays as it is."],
    },
  });
}

/**
 * Queues a reset mail when the login names an account that is not over its hourly limit of
 * reset mails; otherwise does nothing. Either way the caller answers the same.
 */
export async function requestPasswordReset(
  db: ForumDb,
  mail: Mailer,
  throttles: Throttles,
  login: string,
): Promise<void> {
  const user = await findAccountByLogin(db, login);
  if (!user || user.banned === 1) return;
  // Over the account's limit the request is answered as any other, and sends nothing: a 429
  // here would tell that the account exists.
  const verdict = await throttles.take(THROTTLES.resetMailsPerAccount, String(user.id));
  if (!verdict.allowed) return;
  await db.transaction().execute((trx) => queueResetMail(trx, mail, user));
  mail.wake();
}

/**
 * Sets the new password with a reset token: ends every session of the account, and (the mail
 * reached the address) confirms the address. Undefined when the token is not valid.
 */
export async function resetPassword(
  db: ForumDb,
  now: number,
  token: string,
  passwordHash: string,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const used = await consumeToken(trx, token, "reset", now);
    if (!used) return undefined;
    await trx
      .updateTable("users")
      .set((eb) => ({ passwordHash, emailConfirmedAt: eb.fn.coalesce("emailConfirmedAt", eb.val(now)) }))
      .where("id", "=", used.userId)
      .execute();
    await trx.deleteFrom("mail_tokens").where("userId", "=", used.userId).where("purpose", "=", "reset").execute();
    await invalidateUserSessions(trx, used.userId);
    return used.userId;
  });
}
