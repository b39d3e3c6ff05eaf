// The forum's mail, as the procedures see it: where links point, whether mail is sent or kept,
// queuing (in the caller's transaction) and waking the background sender once it is committed.
import type { ForumDb } from "@forum/db";
import { type MailSite, type QueuedMail, queueMail } from "./outbox";
import { MailSender, type SenderOptions } from "./sender";
import { smtpTransport } from "./transport";

export type MailerOptions = {
  /** SMTP_URL; undefined keeps every mail in the outbox, unsent. */
  smtpUrl: string | undefined;
  /** MAIL_FROM. */
  from: string;
  siteName: string;
  linkBase: string;
  clock?: () => number;
  sender?: Omit<SenderOptions, "clock">;
};

export class Mailer {
  readonly site: MailSite;
  readonly from: string;
  /** Undefined without SMTP: nothing is sent. */
  readonly sender: MailSender | undefined;
  readonly now: () => number;

  constructor(db: ForumDb, options: MailerOptions) {
    this.now = options.clock ?? Date.now;
    this.from = options.from;
    this.site = { name: options.siteName, linkBase: options.linkBase, sending: options.smtpUrl !== undefined };
    this.sender = options.smtpUrl
      ? new MailSender(db, smtpTransport(options.smtpUrl), options.from, { ...options.sender, clock: this.now })
      : undefined;
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
