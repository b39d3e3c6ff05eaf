// The live stream (GET /api/events, server-sent events): what it sends and its limits. The web app
// and API clients read the same names. An event says what changed and where, never the text: a
// client reads the text through the usual calls, which apply the usual rules.

/** Events about one discussion: sent to the tabs that have it open (`?post=<id>`). */
export type PostLiveEvent =
  /** A new reply (a client hides it behind "N new replies" unless it is the reader's own). */
  | { type: "reply"; postId: number; replyId: number; authorId: number }
  | { type: "reply-edited"; postId: number; replyId: number }
  | { type: "reply-deleted"; postId: number; replyId: number }
  /** Vote counts of the post (replyId null) or one of its replies, after a vote. */
  | { type: "votes"; postId: number; replyId: number | null; upvotes: number; downvotes: number }
  /** The post was locked or unlocked, pinned or unpinned, or deleted. */
  | { type: "post"; postId: number; locked: boolean; pinned: boolean; deleted: boolean };

/** Events about one member: sent to that member's own streams only. */
export type MemberLiveEvent = {
  type: "notifications";
  userId: number;
  /** The member's unread notifications now. */
  unread: number;
};

/** What the stream sends as `event:` names with JSON `data:`. */
export type LiveEvent = PostLiveEvent | MemberLiveEvent;

/**
 * Sent instead of the events a reconnecting client missed when they are no longer kept (or were
 * kept by another instance): the client reads what it shows again, once.
 */
export const LIVE_RESYNC_EVENT = "resync";

/** The first event of every stream: its id is where a reconnecting client resumes from. */
export const LIVE_READY_EVENT = "ready";

export const LIVE_LIMITS = {
  /** Open streams per member (tabs); one more is refused with 429. */
  perMember: 8,
  /** Open streams per client address (visitors behind one address share it). */
  perAddress: 32,
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: 25_000,
  /** The client's wait before reconnecting (the `retry:` field). */
  retryMs: 3_000,
  /** A stream whose unsent bytes pass this is closed; its client reconnects with Last-Event-ID. */
  maxBufferedBytes: 64 * 1024,
  /** Events kept for clients that reconnect: the last this many… */
  keptEvents: 10_000,
  /** …written within this long. */
  keptForMs: 10 * 60_000,
} as const;

export const LIVE_MESSAGES = {
  tooManyForMember: `Too many live streams open for this account (at most ${LIVE_LIMITS.perMember}); close a tab and try again`,
  tooManyForAddress: `Too many live streams open from this address (at most ${LIVE_LIMITS.perAddress}); close a tab and try again`,
  badPost: "post must be a post id",
} as const;
