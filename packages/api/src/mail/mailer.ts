// The forum's mail, as the procedures see it: where links point, whether mail is sent or kept,
// queuing (in the caller's transaction) and waking the background sender once it is committed;
// and the jobs that queue mail on their own (notification mail, the weekly digest).
import type { ForumDb } from "@forum/db";
import { MailJobs, type MailJobsOptions } from "./jobs";
import { type MailSite, type QueuedMail, queueMail } from "./outbox";
import { type MailFrom, MailSender, type SenderOptions } from "./sender";
import { smtpTransport } from "./transport";

export type MailerOptions = {
  /** SMTP_URL; undefined keeps every mail in the outbox, unsent. */
  smtpUrl: string | undefined;
  /** MAIL_FROM, or without it an address alone (the display name is then the forum's name). */
  from: MailFrom;
  linkBase: string;
  clock?: () => number;
  sender?: Omit<SenderOptions, "clock">;
  /** FORUM_TIME_ZONE: the weekly digest's day and hour are in it (default UTC). */
  timeZone?: string;
  /** The notification-mail wait (default 10 minutes), how often the jobs look, where their errors go. */
  jobs?: Partial<MailJobsOptions>;
};

const DEFAULT_NOTIFY_DELAY_MS = 10 * 60_000;

export class Mailer {
  readonly site: MailSite;
  readonly from: MailFrom;
  /** Undefined without SMTP: nothing is sent. */
  readonly sender: MailSender | undefined;
  readonly now: () => number;
  readonly timeZone: string;
  /** Notification mail and the digest; started by the server (tests run them by hand). */
  readonly jobs: MailJobs;

  constructor(db: ForumDb, options: MailerOptions) {
    this.now = options.clock ?? Date.now;
    this.timeZone = options.timeZone ?? "UTC";
    this.from = options.from;
    this.site = { linkBase: options.linkBase, sending: options.smtpUrl !== undefined };
    this.sender = options.smtpUrl
      ? new MailSender(db, smtpTransport(options.smtpUrl), options.from, { ...options.sender, clock: this.now })
      : undefined;
    this.jobs = new MailJobs(db, this, { notifyDelayMs: DEFAULT_NOTIFY_DELAY_MS, ...options.jobs });
  }

  /** Queues a mail with `db`: pass the transaction of the event that causes it. */
  queue(db: ForumDb, mail: QueuedMail): Promise<void> {
    return queueMail(db, this.site, mail, this.now());
  }

  /** After the transaction that queued mail committed: send it now rather than at the next poll. */
  wake(): void {
    this.sender?.wake();
  }
}
