// The background sender: claims due mail from the outbox, sends it outside any transaction and
// records the outcome. A claim is a lease: the row is "sending" until `nextAttemptAt`, after
// which any sender may claim it again, so a process killed mid-send loses nothing (the mail is
// sent by the next sender; its Message-ID stays the same). Several instances on PostgreSQL claim
// different rows (FOR UPDATE SKIP LOCKED, and the claim re-checks that the row is still due, so
// one row is never claimed twice); on SQLite one process sends. A failure waits a growing pause
// (retry.ts) and is retried until a day has passed, then the mail is "failed".
import { claimingRows, type ForumDb } from "@forum/db";
import { GIVE_UP_AFTER_MS, retryPauseMs } from "./retry";
import { withoutTokens } from "./tokens";
import { type MailTransport, SMTP_TIMEOUT_MS } from "./transport";

/** Longer than a send can take (the transport's timeouts), so a lease never ends mid-send. */
export const LEASE_MS = 4 * SMTP_TIMEOUT_MS;
const BATCH = 10;

export type SenderOptions = {
  clock?: () => number;
  /** How often to look for due mail when not woken (ms). */
  pollMs?: number;
  /** Told each failed attempt (the server logs it; the outbox keeps the last error). */
  onFailure?: (failure: { id: number; attempts: number; error: string; gaveUp: boolean }) => void;
  onError?: (error: unknown) => void;
};

export class MailSender {
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: ForumDb,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly options: SenderOptions = {},
  ) {
    this.now = options.clock ?? Date.now;
  }

  /** Sends everything due now; resolves the number of mails attempted. One run at a time per sender. */
  sendDue(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let attempted = 0;
      try {
        do {
          this.again = false;
          for (;;) {
            const claimed = await this.claim();
            if (claimed.length === 0) break;
            for (const mail of claimed) await this.deliver(mail);
            attempted += claimed.length;
          }
        } while (this.again);
      } finally {
        this.running = undefined;
      }
      return attempted;
    })();
    return this.running;
  }

  /** Looks for due mail soon (a mail was just queued). */
  wake(): void {
    if (this.stopped) return;
    setImmediate(() => void this.sendDue().catch((error) => this.options.onError?.(error)));
  }

  start(): void {
    this.stopped = false;
    const poll = () => {
      this.timer = setTimeout(async () => {
        try {
          await this.sendDue();
        } catch (error) {
          this.options.onError?.(error);
        }
        if (!this.stopped) poll();
      }, this.options.pollMs ?? 5_000);
      this.timer.unref();
    };
    poll();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    this.transport.close();
  }

  /** Due rows, leased to this sender: queued ones whose time has come and sending ones whose lease ended. */
  private async claim() {
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

  private async deliver(mail: Awaited<ReturnType<MailSender["claim"]>>[number]): Promise<void> {
    const lease = { id: mail.id, attempts: mail.attempts };
    try {
      await this.transport.send({
        from: this.from,
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
