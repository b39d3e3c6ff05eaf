// The staff log's entries for what staff do to posts and replies: an edit or a deletion of
// someone else's (an author's own is not a staff action), and pinning or locking (always one).
// The rows are read in the action's transaction, before and after it.
import { OPTIONAL_POST_TEXT_FIELDS } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { changedFields, type StaffRecord } from "./record";

const POST_EDIT_FIELDS = ["title", "content", "categoryId", "featured", ...OPTIONAL_POST_TEXT_FIELDS] as const;

/** How a reply is named in the log: the start of its text. */
const LABEL_LENGTH = 80;
const replyLabel = (content: string) =>
  content.length > LABEL_LENGTH ? `${content.slice(0, LABEL_LENGTH - 1)}…` : content;

export type LoggedPost = NonNullable<Awaited<ReturnType<typeof postForLog>>>;
export type LoggedReply = NonNullable<Awaited<ReturnType<typeof replyForLog>>>;

export function postForLog(trx: ForumDb, id: number) {
  return trx
    .selectFrom("posts")
    .select(["id", "authorId", "title", "content", "categoryId", "featured", "pinned", "locked"])
    .select(OPTIONAL_POST_TEXT_FIELDS)
    .where("id", "=", id)
    .executeTakeFirst();
}

export function replyForLog(trx: ForumDb, id: number) {
  return trx
    .selectFrom("replies")
    .select(["id", "authorId", "postId", "content"])
    .where("id", "=", id)
    .executeTakeFirst();
}

const flagRecord = (post: LoggedPost, field: "pinned" | "locked", on: boolean): StaffRecord => ({
  action: field === "pinned" ? (on ? "post.pin" : "post.unpin") : on ? "post.lock" : "post.unlock",
  targetType: "post",
  targetId: post.id,
  targetLabel: post.title,
  changes: [{ field, before: !on, after: on }],
});

export const contentRecords = {
  postEdited(editorId: number, before: LoggedPost, after: LoggedPost): StaffRecord[] {
    const records: StaffRecord[] = [];
    for (const field of ["pinned", "locked"] as const) {
      if (before[field] !== after[field]) records.push(flagRecord(after, field, after[field] === 1));
    }
    if (before.authorId !== editorId) {
      const changes = changedFields(before, after, POST_EDIT_FIELDS);
      if (changes.length > 0)
        records.push({
          action: "post.edit",
          targetType: "post",
          targetId: after.id,
          targetLabel: after.title,
          changes,
        });
    }
    return records;
  },

  postDeleted(deleterId: number, post: LoggedPost): StaffRecord[] {
    if (post.authorId === deleterId) return [];
    return [
      {
        action: "post.delete",
        targetType: "post",
        targetId: post.id,
        targetLabel: post.title,
        details: { authorId: post.authorId },
      },
    ];
  },

  replyEdited(editorId: number, before: LoggedReply, after: LoggedReply): StaffRecord[] {
    if (before.authorId === editorId || before.content === after.content) return [];
    return [
      {
        action: "reply.edit",
        targetType: "reply",
        targetId: after.id,
        targetLabel: replyLabel(after.content),
        changes: changedFields(before, after, ["content"]),
        details: { postId: after.postId },
      },
    ];
  },

  replyDeleted(deleterId: number, reply: LoggedReply): StaffRecord[] {
    if (reply.authorId === deleterId) return [];
    return [
      {
        action: "reply.delete",
        targetType: "reply",
        targetId: reply.id,
        targetLabel: replyLabel(reply.content),
        details: { postId: reply.postId, authorId: reply.authorId },
      },
    ];
  },
};

/**
 * Reports handled: one entry for the post or reply reported (dismissed, or deleted), and, when its
 * author was banned for it, one for the ban too (so a filter on the member finds it).
 */
export function reportRecords(
  action: "dismiss" | "delete" | "ban",
  reported: { post: LoggedPost } | { reply: LoggedReply },
  resolved: number,
  author: { id: number; username: string } | undefined,
): StaffRecord[] {
  const target =
    "post" in reported
      ? { targetType: "post" as const, targetId: reported.post.id, targetLabel: reported.post.title }
      : { targetType: "reply" as const, targetId: reported.reply.id, targetLabel: replyLabel(reported.reply.content) };
  const records: StaffRecord[] = [{ action: `report.${action}`, ...target, details: { reports: resolved } }];
  if (action === "ban" && author) {
    records.push({
      action: "member.ban",
      targetType: "member",
      targetId: author.id,
      targetLabel: author.username,
      changes: [{ field: "banned", before: false, after: true }],
      details: { reason: "report" },
    });
  }
  return records;
}
