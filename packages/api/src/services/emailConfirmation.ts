// Confirmed addresses: a new account (or a new address) gets a link that works once, for 24
// hours; opening it confirms the address. Until then the member uses the forum with a banner and
// a Resend button; no notification mail or digest goes to an unconfirmed address. A change of
// address (emailChange.ts) takes effect here, when its link is opened.
import { MESSAGES } from "@forum/contracts";
import type { ForumDb, UserRow } from "@forum/db";
import { sql } from "kysely";
import { withUniqueGuard } from "../errors";
import type { Mailer } from "../mail/mailer";
import { linkTo } from "../mail/outbox";
import { consumeToken, issueToken } from "../mail/tokens";
import { siteName } from "./site";

/** Queues the confirmation mail for `email` with a new link (in the caller's transaction). */
export async function queueConfirmationMail(
  db: ForumDb,
  mail: Mailer,
  user: Pick<UserRow, "id" | "username">,
  email: string,
): Promise<void> {
  const token = await issueToken(db, user.id, "confirm", mail.now(), email);
  const site = await siteName(db);
  await mail.queue(db, {
    kind: "confirm",
    to: email,
    userId: user.id,
    content: {
      subject: "Confirm your email address",
      paragraphs: [
        `Hello ${user.username},`,
        `Please confirm that ${email} is your address on ${site}. The link below works once, for the next 24 hours.`,
      ],
      action: { label: "Confirm your email address", url: linkTo(mail.site, `/confirm-email?token=${token}`) },
      footer: ["If you did not make an account, ignore this email."],
    },
  });
}

/**
 * "confirmed"; "invalid" when the token is not valid (any more), or its address is neither the
 * account's nor its pending one; "taken" when the pending address became another account's
 * meanwhile (the change is dropped: it can never succeed).
 */
export type ConfirmOutcome = "confirmed" | "invalid" | "taken";

/** Confirms the address the token was sent to: the account's own, or the new one it waits to change to. */
export async function confirmEmail(db: ForumDb, now: number, token: string): Promise<ConfirmOutcome> {
  return withUniqueGuard(
    () =>
      db.transaction().execute(async (trx): Promise<ConfirmOutcome> => {
        const used = await consumeToken(trx, token, "confirm", now);
        if (!used?.email) return "invalid";
        const user = await trx
          .selectFrom("users")
          .select(["email", "pendingEmail"])
          .where("id", "=", used.userId)
          .executeTakeFirst();
        if (user?.email === used.email) {
          await trx
            .updateTable("users")
            .set((eb) => ({ emailConfirmedAt: eb.fn.coalesce("emailConfirmedAt", eb.val(now)) }))
            .where("id", "=", used.userId)
            .execute();
          return "confirmed";
        }
        if (user?.pendingEmail !== used.email) return "invalid";
        const taken = await trx
          .selectFrom("users")
          .select("id")
          .where(sql<string>`lower(email)`, "=", used.email.toLowerCase())
          .where("id", "!=", used.userId)
          .executeTakeFirst();
        if (taken) {
          await trx.updateTable("users").set({ pendingEmail: null }).where("id", "=", used.userId).execute();
          return "taken";
        }
        await trx
          .updateTable("users")
          .set({ email: used.email, emailConfirmedAt: now, pendingEmail: null })
          .where("id", "=", used.userId)
          .execute();
        return "confirmed";
      }),
    // A registration of the same address committing in between trips the unique index.
    MESSAGES.emailTaken,
  );
}
