// The mail the forum sends on its own, looked for on a timer in every instance: notification mail
// (notificationMail.ts) and the weekly digest (digest.ts). Both are safe to run on several
// instances at once (each claims its work in the database), so every instance runs them and none
// is special. Time comes from the mailer's clock, which tests move instead of waiting.
import type { ForumDb } from "@forum/db";
import { sendDueDigest } from "./digest";
import type { Mailer } from "./mailer";
import { mailDueNotifications } from "./notificationMail";

export type MailJobsOptions = {
  /** FORUM_EMAIL_NOTIFY_DELAY_SECONDS, in ms: how long a notification stays unread before it is mailed. */
  notifyDelayMs: number;
  /** How often to look (ms). */
  pollMs?: number;
  onError?: (error: unknown) => void;
};

export class MailJobs {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<{ notifications: number; digests: number }> | undefined;
  private stopped = true;

  constructor(
    private readonly db: ForumDb,
    private readonly mail: Mailer,
    private readonly options: MailJobsOptions,
  ) {}

  /** Queues the notification mail and digests due now (one run at a time), then wakes the sender. */
  runDue(): Promise<{ notifications: number; digests: number }> {
    this.running ??= (async () => {
      try {
        const notifications = await mailDueNotifications(this.db, this.mail, this.options.notifyDelayMs);
        const digests = await sendDueDigest(this.db, this.mail);
        if (notifications + digests > 0) this.mail.wake();
        return { notifications, digests };
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  start(): void {
    this.stopped = false;
    const poll = () => {
      this.timer = setTimeout(async () => {
        try {
          await this.runDue();
        } catch (error) {
          this.options.onError?.(error);
        }
        if (!this.stopped) poll();
      }, this.options.pollMs ?? 30_000);
      this.timer.unref();
    };
    poll();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }
}
