// The mail outbox's sender (outbox/worker.ts claims, leases and runs): a mail killed mid-send is
// sent by the next claim with the same Message-ID. A failure waits a growing pause (retry.ts)
// and is retried until a day has passed, then the mail is "failed".
import { claimingRows, type ForumDb, type MailOutboxTable } from "@forum/db";
import type { Selectable } from "kysely";
import { GIVE_UP_AFTER_MS, retryPauseMs } from "../outbox/retry";
import { OutboxWorker, type OutboxWorkerOptions } from "../outbox/worker";
import { siteName } from "../services/site";
import { withoutTokens } from "./tokens";
import { type MailTransport, SMTP_TIMEOUT_MS } from "./transport";

/** Longer than a send can take (the transport's timeouts), so a lease never ends mid-send. */
export const LEASE_MS = 4 * SMTP_TIMEOUT_MS;
const BATCH = 10;

export type SenderOptions = OutboxWorkerOptions & {
  /** Told each failed attempt (the server logs it; the outbox keeps the last error). */
  onFailure?: (failure: { id: number; attempts: number; error: string; gaveUp: boolean }) => void;
};

type ClaimedMail = Pick<
  Selectable<MailOutboxTable>,
  "id" | "toAddress" | "subject" | "text" | "html" | "headers" | "messageId" | "attempts" | "createdAt" | "retriedAt"
>;

/**
 * The sender of every mail: MAIL_FROM as it is written ("Forum <forum@example.com>"), or without
 * MAIL_FROM an address alone, whose display name is then the forum's name as the admin set it
 * (screen "Site"), read when each mail is sent.
 */
export type MailFrom = string | { address: string };

/** `"Name" <address>`, the name quoted (RFC 5322) so any character of it is safe. */
export function mailbox(name: string, address: string): string {
  return `"${name.replace(/["\\]/g, "\\$&")}" <${address}>`;
}

export class MailSender extends OutboxWorker<ClaimedMail> {
  constructor(
    private readonly db: ForumDb,
    private readonly transport: MailTransport,
    private readonly from: MailFrom,
    private readonly options: SenderOptions = {},
  ) {
    super(options);
  }

  protected override closed(): void {
    this.transport.close();
  }

  /** Due rows, leased to this sender: queued ones whose time has come and sending ones whose lease ended. */
  protected async claim(): Promise<ClaimedMail[]> {
    const now = this.now();
    const due = claimingRows(
      this.db,
      this.db
        .selectFrom("mail_outbox")
        .select("id")
        .where("state", "in", ["queued", "sending"])
        .where("nextAttemptAt", "<=", now)
        .orderBy("nextAttemptAt")
        .orderBy("id")
        .limit(BATCH),
    );
    return (
      this.db
        .updateTable("mail_outbox")
        .set((eb) => ({ state: "sending", nextAttemptAt: now + LEASE_MS, attempts: eb("attempts", "+", 1) }))
        .where("id", "in", due)
        // Checked again on the row itself: a row another sender claimed meanwhile is no longer due.
        .where("state", "in", ["queued", "sending"])
        .where("nextAttemptAt", "<=", now)
        .returning([
          "id",
          "toAddress",
          "subject",
          "text",
          "html",
          "headers",
          "messageId",
          "attempts",
          "createdAt",
          "retriedAt",
        ])
        .execute()
    );
  }

  protected async deliver(mail: ClaimedMail): Promise<void> {
    const lease = { id: mail.id, attempts: mail.attempts };
    try {
      const from = typeof this.from === "string" ? this.from : mailbox(await siteName(this.db), this.from.address);
      await this.transport.send({
        from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: JSON.parse(mail.headers) as Record<string, string>,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = this.now();
      // A day of tries from when the mail was written, or from an admin's Retry.
      const gaveUp = now - Number(mail.retriedAt ?? mail.createdAt) >= GIVE_UP_AFTER_MS;
      await this.leased(lease)
        .set({
          state: gaveUp ? "failed" : "queued",
          nextAttemptAt: now + retryPauseMs(Number(mail.attempts)),
          lastError: message.slice(0, 1000),
          lastErrorAt: now,
        })
        .execute();
      this.options.onFailure?.({ id: mail.id, attempts: Number(mail.attempts), error: message, gaveUp });
      return;
    }
    await this.leased(lease)
      .set({
        state: "sent",
        sentAt: this.now(),
        lastError: null,
        text: withoutTokens(mail.text),
        html: withoutTokens(mail.html),
        headers: withoutTokens(mail.headers),
      })
      .execute();
  }

  /** The row, only while this sender's claim (its attempt number) still holds it. */
  private leased(lease: { id: number; attempts: number }) {
    return this.db
      .updateTable("mail_outbox")
      .where("id", "=", lease.id)
      .where("state", "=", "sending")
      .where("attempts", "=", lease.attempts);
  }
}
