// Business constants of spec section 9, shared by the server and the web app.
import type { UserPreferences } from "./types";

export const EXCERPT_LENGTH = 150;
/** A reply on a profile's Replies tab shows this much of its plain text. */
export const REPLY_SUMMARY_LENGTH = 300;
export const PAGE_STEP = 20;
export const MAX_PAGE_SIZE = 100;
/** A thread's replies are shown this many at a time (the post page reads no more at once). */
export const REPLIES_PER_PAGE = 50;
/** The most replies one explicit page of a thread may ask for (no limit at all: the whole thread). */
export const MAX_REPLIES_PAGE_SIZE = 1000;
export const DEFAULT_CATEGORY_COLOR = "#3b82f6";
export const CATEGORY_PRESET_COLORS = [
  "#3b82f6",
  "#ef4444",
  "#10b981",
  "#f59e0b",
  "#8b5cf6",
  "#ec4899",
  "#14b8a6",
  "#f97316",
  "#6366f1",
  "#84cc16",
] as const;

/** Days the admin dashboard's activity chart covers, today included. */
export const ADMIN_ACTIVITY_DAYS = 30;

export const ROLES = ["user", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const POST_SORTS = ["hot", "new", "top", "controversial", "trending", "replies"] as const;
export type PostSort = (typeof POST_SORTS)[number];

export const TIME_RANGES = ["today", "week", "month", "year"] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
export const DEFAULT_TRENDING_RANGE: TimeRange = "week";
export const TIME_RANGE_MS: Record<TimeRange, number> = {
  today: 24 * 60 * 60 * 1000,
  week: 7 * 24 * 60 * 60 * 1000,
  month: 30 * 24 * 60 * 60 * 1000,
  year: 365 * 24 * 60 * 60 * 1000,
};

export const VOTE_TYPES = ["upvote", "downvote"] as const;
export type VoteType = (typeof VOTE_TYPES)[number];
/** The caller's own vote on a post as the API reports it. */
export const MY_VOTES = ["up", "down", "none"] as const;
export type MyVote = (typeof MY_VOTES)[number];

export const AD_TYPES = ["adsense", "custom", "banner", "text"] as const;
export type AdType = (typeof AD_TYPES)[number];
export const AD_PLACEMENTS = ["header", "sidebar", "between-posts", "between-replies", "feed", "footer"] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];
export const AD_DIMENSIONS = ["728x90", "300x250", "336x280", "120x600", "160x600", "320x50", "468x60"] as const;
export const AD_CONTENT_PREVIEW_LENGTH = 200;
export const ADS_BETWEEN_POSTS_DEFAULT = 3;
export const ADS_BETWEEN_POSTS_MIN = 1;
export const ADS_BETWEEN_POSTS_MAX = 10;
export const REPLIES_PER_AD = 3;
/** Ad impressions and clicks counted per client, ad and kind: one per window (repeats are not billed). */
export const AD_TRACKING = { limit: 1, windowMs: 10_000 } as const;

export const TRACK_TYPES = ["impression", "click"] as const;
export type TrackType = (typeof TRACK_TYPES)[number];

/** Why a member was notified: a reply in a thread they wrote or joined, or an @mention. */
export const NOTIFICATION_TYPES = ["reply", "mention"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Why a member reports a post or reply to the moderators. */
export const REPORT_REASONS = ["Spam", "Abuse", "Off-topic", "Other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** What a moderator does with the open reports of a post or reply. */
export const REPORT_ACTIONS = ["dismiss", "delete", "ban"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
/** How a report was resolved, as stored: the action done. */
export const REPORT_RESOLUTIONS = ["dismissed", "deleted", "banned"] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

export const BULK_UPLOAD_TYPES = ["users", "categories", "posts", "replies"] as const;
export type BulkUploadType = (typeof BULK_UPLOAD_TYPES)[number];
/** The largest spreadsheet upload accepted (the server's multipart limit). */
export const BULK_MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Text limits the spec leaves open; chosen so no single field can bloat a page. */
export const LIMITS = {
  username: { min: 3, max: 32 },
  password: { min: 8, max: 200 },
  email: 254,
  name: 100,
  bio: 1000,
  website: 200,
  location: 100,
  categoryName: 60,
  categoryDescription: 500,
  title: 300,
  excerpt: 500,
  content: 50_000,
  reply: 20_000,
  adTitle: 200,
  adContent: 20_000,
  reportText: 500,
} as const;

export const SESSION_COOKIE = "forum_session";

/** A member's settings until they change them (also what an unreadable stored value falls back to). */
export const DEFAULT_PREFERENCES: UserPreferences = {
  emailNotifications: true,
  replyNotifications: true,
  weeklyDigest: false,
  showProfileInPosts: true,
};

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A throttle: at most `limit` events per `windowMs`, the window starting at the first event. */
export type ThrottleRule = { name: string; limit: number; windowMs: number };

/**
 * Abuse limits. The server keeps their counts in the database (every app instance sees the same
 * counts); FORUM_RATE_LIMITS=off lifts them all at once (load tests, imports, test suites).
 */
export const THROTTLES = {
  /** Sign-in attempts for one account; a successful sign-in clears the count. */
  loginPerAccount: { name: "login-account", limit: 5, windowMs: 15 * MINUTE_MS },
  /** Sign-in attempts from one client address, whatever the account. */
  loginPerAddress: { name: "login-address", limit: 30, windowMs: 15 * MINUTE_MS },
  /** New accounts from one client address. */
  registrationsPerAddress: { name: "register-address", limit: 5, windowMs: HOUR_MS },
  /** Posts a new account may start (see NEW_ACCOUNT_PERIOD_MS). */
  newAccountPosts: { name: "new-account-posts", limit: 3, windowMs: HOUR_MS },
  /** Replies a new account may post (see NEW_ACCOUNT_PERIOD_MS). */
  newAccountReplies: { name: "new-account-replies", limit: 10, windowMs: HOUR_MS },
  /** Avatar uploads by one member, refused ones too: each costs the server a decode. */
  avatarUploads: { name: "avatar-uploads", limit: 20, windowMs: HOUR_MS },
  /** Password-reset mails to one account (over it, the request answers the same and sends nothing). */
  resetMailsPerAccount: { name: "reset-account", limit: 3, windowMs: HOUR_MS },
  /** Password-reset requests from one client address, whatever they name. */
  resetRequestsPerAddress: { name: "reset-address", limit: 10, windowMs: HOUR_MS },
  /** Wrong second-step codes for one account (two-step sign-in), counted like wrong passwords. */
  secondStepPerAccount: { name: "second-step-account", limit: 5, windowMs: 15 * MINUTE_MS },
  /** Confirmation mails a member asks to be sent again (Resend). */
  confirmationResends: { name: "confirm-resend", limit: 3, windowMs: HOUR_MS },
  /** "Download my data": one export a day per member (each one reads everything they wrote). */
  dataExports: { name: "data-export", limit: 1, windowMs: 24 * HOUR_MS },
} as const satisfies Record<string, ThrottleRule>;

/** How long an account counts as new for the posting limits; admins and moderators are exempt. */
export const NEW_ACCOUNT_PERIOD_MS = 24 * HOUR_MS;

/** Whole minutes to wait, rounded up, never 0. */
export function minutesToWait(ms: number): number {
  return Math.max(1, Math.ceil(ms / MINUTE_MS));
}

/**
 * What a visitor sent to sign in had started (a vote, a new post), done once they are back: in the
 * router's state after the app's sign-in, in the flash after a native one (so a reload never
 * repeats it either way). Here, not beside the flash schema: the app's shell imports it, and a
 * module that builds a zod schema would bring zod, and its eval probe, into the first script
 * (apps/web lib/zodWithoutEval.ts).
 */
export const RESUME_ACTIONS = ["create-post", "upvote", "downvote"] as const;
export type ResumeAction = (typeof RESUME_ACTIONS)[number];
