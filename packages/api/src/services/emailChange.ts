// A member changing their own address (issue 28): the new address is kept aside (users.pendingEmail)
// and gets a confirmation link; the old one gets a notice, so a stolen session cannot move the
// account away unseen. Until the link is opened, `email` stays the account's address: sign-in,
// password resets and notification mail keep using it. Another account may hold the same
// pendingEmail, or register it meanwhile: whoever confirms (or registers) first has it, and the
// other confirmation is refused with the taken-email message.
import type { ForumDb, UserRow } from "@forum/db";
import type { Mailer } from "../mail/mailer";
import { linkTo } from "../mail/outbox";
import { issueToken } from "../mail/tokens";
import { siteName } from "./site";
import { assertAvailable } from "./users";

/** Queues the link that confirms `newEmail` as the account's address (a newer link replaces an older one). */
export async function queueChangeConfirmationMail(
  db: ForumDb,
  mail: Mailer,
  user: Pick<UserRow, "id" | "username">,
  newEmail: string,
): Promise<void> {
  const token = await issueToken(db, user.id, "confirm", mail.now(), newEmail);
  const site = await siteName(db);
  await mail.queue(db, {
    kind: "confirm-change",
    to: newEmail,
    userId: user.id,
    content: {
      subject: "Confirm your new email address",
      paragraphs: [
        `Hello ${user.username},`,
        `You asked to change your address on ${site} to ${newEmail}. The change takes effect when you open the link below; it works once, for the next 24 hours.`,
      ],
      action: { label: "Confirm your new email address", url: linkTo(mail.site, `/confirm-email?token=${token}`) },
      footer: ["If you did not ask for this, ignore this email: your account keeps its address."],
    },
  });
}

/** The notice to the address being replaced: the only warning its owner gets if this was not them. */
async function queueChangeNotice(db: ForumDb, mail: Mailer, user: UserRow, newEmail: string): Promise<void> {
  const site = await siteName(db);
  await mail.queue(db, {
    kind: "email-change-notice",
    to: user.email,
    userId: user.id,
    content: {
      subject: "Your email address is being changed",
      paragraphs: [
        `Hello ${user.username},`,
        `Your address on ${site} is being changed to ${newEmail}. It changes once the new address is confirmed; until then this address stays in use.`,
        "If this wasn't you, sign in, cancel the change in your account settings and change your password.",
      ],
      action: { label: "Open your account settings", url: linkTo(mail.site, "/settings") },
    },
  });
}

/**
 * Records `newEmail` as waiting for confirmation and queues both mails, in the caller's
 * transaction: the pending address and its mails commit together or not at all.
 */
export async function requestEmailChange(db: ForumDb, mail: Mailer, user: UserRow, newEmail: string): Promise<void> {
  await assertAvailable(db, { email: newEmail }, user.id);
  await db.updateTable("users").set({ pendingEmail: newEmail }).where("id", "=", user.id).execute();
  await queueChangeConfirmationMail(db, mail, user, newEmail);
  await queueChangeNotice(db, mail, user, newEmail);
}

/** Drops the account's pending address and its link; false when none was pending. */
export async function cancelEmailChange(db: ForumDb, userId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").select("pendingEmail").where("id", "=", userId).executeTakeFirst();
    if (!user?.pendingEmail) return false;
    await trx.updateTable("users").set({ pendingEmail: null }).where("id", "=", userId).execute();
    await trx
      .deleteFrom("mail_tokens")
      .where("userId", "=", userId)
      .where("purpose", "=", "confirm")
      .where("email", "=", user.pendingEmail)
      .execute();
    return true;
  });
}
