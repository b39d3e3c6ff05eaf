// "What is new to me" (issue 31): how far a member has read each discussion. What the calls take
// and answer, and what the server and the web app say.
import { z } from "zod";
import { idField } from "./fields";
import { MESSAGES } from "./messages";

/** The web app reports the highest reply on screen at most this often (many scroll events, one write). */
export const READ_POSITION_EVERY_MS = 3_000;

/**
 * A member's visit is noted with their session's use at most this often; a pause longer than
 * NEW_AFTER_PAUSE_MS starts a new visit, and what was posted since the previous one is "New".
 */
export const VISIT_NOTE_EVERY_MS = 5 * 60_000;
export const NEW_AFTER_PAUSE_MS = 30 * 60_000;

/** The home feed's "Unread" choice: `filter=unread` on the post lists. */
export const POST_LIST_FILTERS = ["unread"] as const;
export type PostListFilter = (typeof POST_LIST_FILTERS)[number];

export const READ_STATE_MESSAGES = {
  replyNotInPost: "That reply is not in this discussion",
  allRead: "You have read everything.",
  markAllRead: "Mark all as read",
  jumpToTop: "Jump to top",
  unreadChoice: "Unread",
  newMarker: "New",
  newReplies: (count: number) => `${count} new`,
} as const;

/** POST /api/posts/{id}/read: the highest reply id the member has had on screen (0: none yet). */
export const markReadInput = z.object({
  id: idField("id"),
  upTo: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    z
      .number({ error: MESSAGES.mustBe("upTo", "a whole number, 0 or more") })
      .int({ error: MESSAGES.mustBe("upTo", "a whole number, 0 or more") })
      .min(0, { error: MESSAGES.mustBe("upTo", "a whole number, 0 or more") }),
  ),
});
export type MarkReadInput = z.infer<typeof markReadInput>;

export const readPositionInput = z.object({ id: idField("id") });

/** Where a member stands in one discussion. */
export const readPositionViewSchema = z.object({
  postId: z.number().int(),
  lastReadReplyId: z
    .number()
    .int()
    .nullable()
    .describe("The highest reply id the member has had on screen; null when they never opened the discussion"),
  firstUnreadReplyId: z
    .number()
    .int()
    .nullable()
    .describe("Where the discussion opens for them: the first reply after that; null when none (or never opened)"),
  unreadCount: z.number().int().describe("Replies after lastReadReplyId (0 when never opened)"),
});
export type ReadPositionView = z.infer<typeof readPositionViewSchema>;

export const markAllReadViewSchema = z.object({
  marked: z.number().int().describe("Discussions whose unread replies were marked read"),
});
export type MarkAllReadView = z.infer<typeof markAllReadViewSchema>;
