// Confirmed addresses: a new account (or a new address) gets a link that works once, for 24
// hours; opening it confirms the address. Until then the member uses the forum with a banner and
// a Resend button; no notification mail or digest goes to an unconfirmed address.
import type { ForumDb, UserRow } from "@forum/db";
import type { Mailer } from "../mail/mailer";
import { linkTo } from "../mail/outbox";
import { consumeToken, issueToken } from "../mail/tokens";

/** Queues the confirmation mail for `email` with a new link (in the caller's transaction). */
export async function queueConfirmationMail(
  db: ForumDb,
  mail: Mailer,
  user: Pick<UserRow, "id" | "username">,
  email: string,
): Promise<void> {
  const token = await issueToken(db, user.id, "confirm", mail.now(), email);
  await mail.queue(db, {
    kind: "confirm",
    to: email,
    userId: user.id,
    content: {
      subject: "Confirm your email address",
      paragraphs: [
        `Hello ${user.username},`,
        `Please confirm that ${email} is your address on ${mail.site.name}. The link below works once, for the next 24 hours.`,
      ],
      action: { label: "Confirm your email address", url: linkTo(mail.site, `/confirm-email?token=${token}`) },
      footer: ["If you did not make an account, ignore this email."],
    },
  });
}

/** Confirms the address the token was sent to; false when the token is not valid (any more). */
export async function confirmEmail(db: ForumDb, now: number, token: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const used = await consumeToken(trx, token, "confirm", now);
    if (!used?.email) return false;
    // Confirms only the address the link was sent to, and only while it is still the account's.
    const result = await trx
      .updateTable("users")
      .set((eb) => ({ emailConfirmedAt: eb.fn.coalesce("emailConfirmedAt", eb.val(now)) }))
      .where("id", "=", used.userId)
      .where("email", "=", used.email)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  });
}
