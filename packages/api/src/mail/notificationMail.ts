// Notification mail: a reply or mention notification still unread once the wait
// (FORUM_EMAIL_NOTIFY_DELAY_SECONDS) has passed is mailed, several of one member's that came due
// together in one mail. Each member's due notifications are claimed in one transaction with the
// mail: an UPDATE … WHERE mailed = 0 marks them, and only the rows it changed are this run's, so
// two instances never mail the same notification (PostgreSQL: the second UPDATE waits on the row
// locks, then finds mailed = 1; SQLite: write transactions run one at a time). Notifications that
// must not be mailed (read meanwhile, the switch off, an unconfirmed address, a banned member, no
// SMTP to send with) are marked all the same, so they are never looked at again.
import { DELETED_MEMBER, isDeletedAccountName } from "@forum/contracts";
import { summaryOf } from "@forum/contracts/plain-text";
import type { ForumDb } from "@forum/db";
import { preferencesOf } from "../services/mappers";
import type { MailItem } from "./content";
import type { Mailer } from "./mailer";
import { linkTo } from "./outbox";
import { issueUnsubscribeLink } from "./unsubscribe";

/** Members looked up per query; each is then dealt with in a transaction of its own. */
const MEMBERS_PER_BATCH = 100;

/** Mails every member's due notifications; resolves the number of mails queued. */
export async function mailDueNotifications(db: ForumDb, mail: Mailer, delayMs: number): Promise<number> {
  const cutoff = mail.now() - delayMs;
  let queued = 0;
  for (;;) {
    const members = await db
      .selectFrom("notifications")
      .select("userId")
      .distinct()
      .where("mailed", "=", 0)
      .where("createdAt", "<=", cutoff)
      .limit(MEMBERS_PER_BATCH)
      .execute();
    if (members.length === 0) return queued;
    for (const { userId } of members) {
      if (await db.transaction().execute((trx) => mailMember(trx, mail, userId, cutoff))) queued += 1;
    }
  }
}

/** Claims the member's due notifications and queues their mail when one is wanted; true when queued. */
async function mailMember(trx: ForumDb, mail: Mailer, userId: number, cutoff: number): Promise<boolean> {
  const claimed = await trx
    .updateTable("notifications")
    .set({ mailed: 1 })
    .where("userId", "=", userId)
    .where("mailed", "=", 0)
    .where("createdAt", "<=", cutoff)
    .returning(["id", "read"])
    .execute();
  const unread = claimed.filter((row) => Number(row.read) === 0).map((row) => row.id);
  if (unread.length === 0 || !mail.site.sending) return false;
  const member = await trx
    .selectFrom("users")
    .select(["username", "email", "banned", "emailConfirmedAt", "preferences"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (
    !member ||
    Number(member.banned) === 1 ||
    member.emailConfirmedAt === null ||
    !preferencesOf(member.preferences).emailNotifications
  ) {
    return false;
  }
  const items = await notificationItems(trx, mail, unread);
  if (items.length === 0) return false;
  const now = mail.now();
  const unsubscribeUrl = await issueUnsubscribeLink(trx, mail.site, userId, "notify", now);
  await mail.queue(trx, {
    kind: "notify",
    to: member.email,
    userId,
    unsubscribeUrl,
    content: {
      subject:
        items.length === 1
          ? ((items[0] as MailItem).byline ?? "New notification")
          : `${items.length} new notifications`,
      paragraphs: [
        `Hello ${member.username},`,
        items.length === 1
          ? "There is something new for you that you have not read yet:"
          : `There are ${items.length} new things for you that you have not read yet:`,
      ],
      items,
      footer: [
        "You get this email because Email Notifications is on in your settings:",
        linkTo(mail.site, "/settings?tab=preferences"),
        `Unsubscribe from notification email: ${unsubscribeUrl}`,
      ],
    },
  });
  return true;
}

/** Each notification as a mail entry: the post's title, who wrote and what, and the link to it. */
async function notificationItems(trx: ForumDb, mail: Mailer, ids: number[]): Promise<MailItem[]> {
  const rows = await trx
    .selectFrom("notifications as n")
    .innerJoin("users as actor", "actor.id", "n.actorId")
    .innerJoin("posts as post", "post.id", "n.postId")
    .leftJoin("replies as reply", "reply.id", "n.replyId")
    .select([
      "n.type",
      "n.replyId",
      "actor.username as actor",
      "post.slug",
      "post.title",
      "post.content as postContent",
      "reply.content as replyContent",
    ])
    .where("n.id", "in", ids)
    .orderBy("n.createdAt")
    .orderBy("n.id")
    .execute();
  return rows.map((row) => ({
    title: row.title,
    // A member who deleted their account since is "deleted member", with no @.
    byline: `${isDeletedAccountName(row.actor) ? DELETED_MEMBER : `@${row.actor}`} ${
      row.type === "mention" ? "mentioned you in" : "replied to"
    } "${row.title}"`,
    excerpt: summaryOf(row.replyContent ?? row.postContent, null),
    url: linkTo(
      mail.site,
      `/posts/${encodeURIComponent(row.slug)}${row.replyId === null ? "" : `#reply-${row.replyId}`}`,
    ),
  }));
}
