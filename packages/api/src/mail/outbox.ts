// Queuing a mail: one row of mail_outbox, inserted with the caller's connection, so inside the
// transaction of the event that causes it (a reset request, a registration): the event and its
// mail commit together or not at all. The background sender (sender.ts) sends it later.
import { randomUUID } from "node:crypto";
import type { ForumDb } from "@forum/db";
import { siteName } from "../services/site";
import { type MailContent, renderMail } from "./content";

/** What every queued mail needs to know of the forum. */
export type MailSite = {
  /** Absolute base of every link: FORUM_PUBLIC_URL (or the address printed at start), never a Host header. */
  linkBase: string;
  /** false without SMTP_URL: mail is kept in the outbox, never sent. */
  sending: boolean;
};

export type QueuedMail = {
  /** What the mail is for (the admin Mail screen shows it). */
  kind: string;
  to: string;
  userId?: number | null;
  content: MailContent;
  /**
   * Mail the forum sends on its own (notifications, the digest): Auto-Submitted, and a one-click
   * unsubscribe link (RFC 8058) that turns this kind of mail off.
   */
  unsubscribeUrl?: string;
};

export async function queueMail(db: ForumDb, site: MailSite, mail: QueuedMail, now: number): Promise<void> {
  // The forum's name as the admin set it (screen "Site"), in every subject and footer: read in the
  // caller's transaction, so a change shows in the next mail queued on any instance.
  const rendered = renderMail(mail.content, await siteName(db));
  const headers: Record<string, string> = {};
  if (mail.unsubscribeUrl) {
    headers["Auto-Submitted"] = "auto-generated";
    headers["List-Unsubscribe"] = `<${mail.unsubscribeUrl}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  await db
    .insertInto("mail_outbox")
    .values({
      kind: mail.kind,
      userId: mail.userId ?? null,
      toAddress: mail.to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      headers: JSON.stringify(headers),
      // Fixed now, so a retry after a crash mid-send carries the same id (receivers drop the twin).
      messageId: `<${randomUUID()}@${new URL(site.linkBase).hostname}>`,
      state: site.sending ? "queued" : "kept",
      nextAttemptAt: now,
      createdAt: now,
    })
    .execute();
}

/** An absolute link to a path of the forum. */
export function linkTo(site: MailSite, path: string): string {
  return `${site.linkBase}${path}`;
}
