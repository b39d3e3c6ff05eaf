// The database as Kysely sees it. Times are integer milliseconds since the epoch and flags
// are 0/1 integers, so the same columns work on SQLite and PostgreSQL.
import type { AdPlacement, AdType, ReportReason, ReportResolution, Role } from "@forum/contracts";
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
  bio: string | null;
  website: string | null;
  location: string | null;
  role: Role;
  banned: Generated<number>;
  profileImageUrl: string | null;
  /** JSON of UserPreferences; null means the defaults. */
  preferences: string | null;
  createdAt: number;
  /** When the address was confirmed; null until then (migration 0020). */
  emailConfirmedAt: Generated<number | null>;
  /** A new address waiting for its confirmation; `email` stays until it is confirmed. */
  pendingEmail: Generated<string | null>;
  /** Two-step sign-in (migration 0027): a set-up secret not yet confirmed, sealed with the server key. */
  totpPendingSealed: Generated<string | null>;
  /** The authenticator app's secret, sealed; null while two-step sign-in is off. */
  totpSealed: Generated<string | null>;
  totpEnabledAt: Generated<number | null>;
  /** The last 30 s step a code was accepted for: no code is accepted twice. */
  totpLastStep: Generated<number | null>;
  /** When the member deleted their account and kept what they wrote (migration 0028); null for a live account. */
  deletedAt: Generated<number | null>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token, hex; the token itself is never stored. */
  id: string;
  userId: number;
  expiresAt: number;
  createdAt: number;
  /** The browser's User-Agent when the session began (migration 0026); null before that. */
  userAgent: string | null;
  /** When it was last used, written at most once a minute; null until then. */
  lastSeenAt: number | null;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string | null;
  color: string;
  postCount: Generated<number>;
  createdAt: number;
}

export interface PostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  content: string;
  excerpt: string | null;
  categoryId: number;
  authorId: number;
  featured: Generated<number>;
  views: Generated<number>;
  replyCount: Generated<number>;
  upvotes: Generated<number>;
  downvotes: Generated<number>;
  /** upvotes - downvotes, kept so "top" has an index. */
  score: Generated<number>;
  hotScore: number;
  controversialScore: Generated<number>;
  /** 1: first on the home feed and its category's first page (set by moderators and admins). */
  pinned: Generated<number>;
  /** 1: no new replies, except from moderators and admins. */
  locked: Generated<number>;
  createdAt: number;
  updatedAt: number;
  /** When the text was last edited; null until then. */
  editedAt: Generated<number | null>;
}

export interface RepliesTable {
  id: Generated<number>;
  postId: number;
  authorId: number;
  content: string;
  upvotes: Generated<number>;
  downvotes: Generated<number>;
  createdAt: number;
  updatedAt: number;
  /** When the text was last edited; null until then. */
  editedAt: Generated<number | null>;
  /** The reply of the same post this one answers; null when none (or once it is deleted). */
  replyToId: Generated<number | null>;
}

export interface VotesTable {
  id: Generated<number>;
  userId: number;
  /** Exactly one of postId and replyId is set. */
  postId: number | null;
  replyId: number | null;
  /** 1 for an upvote, -1 for a downvote. */
  value: number;
  createdAt: number;
}

export interface AdvertisementsTable {
  id: Generated<number>;
  title: string;
  content: string;
  type: AdType;
  placement: AdPlacement;
  dimensions: string | null;
  active: Generated<number>;
  impressions: Generated<number>;
  clickCount: Generated<number>;
  createdAt: number;
}

export interface AdSettingsTable {
  /** Always 1: the table holds one row. */
  id: number;
  enableAds: number;
  adsensePubId: string | null;
  adsBetweenPosts: number;
}

/** The forum's own settings (migration 0022). */
export interface ForumSettingsTable {
  /** Always 1: the table holds one row. */
  id: number;
  /** 1: members whose address is not confirmed may not post or reply (admins may). */
  requireConfirmedEmail: number;
  /** 1: admins and moderators must have two-step sign-in on before they use their powers. */
  requireStaffTwoStep: Generated<number>;
}

/** The forum's identity (migration 0032): one row, shown by every page and mail (kind "site"). */
export interface SiteSettingsTable {
  /** Always 1: the table holds one row. */
  id: number;
  name: string;
  /** One line, for search engines and link previews. */
  description: string;
  /** An email address or an http(s) address; null: none. */
  contact: string | null;
  /** The logo, re-encoded like an avatar (packages/api/src/services/avatarImage.ts); null: none. */
  logoImage: Uint8Array | null;
  logoContentType: string | null;
  /** Hex digest of logoImage, the part of the logo's URL that changes with it. */
  logoHash: string | null;
  /** When an admin last changed any of it; null: never. */
  updatedAt: number | null;
}

/** A throttled subject's events in the current window (see packages/api/src/services/throttles.ts). */
export interface ThrottlesTable {
  /** The rule's name and the subject: "login-account:alice", "login-address:203.0.113.7". */
  key: string;
  windowStart: number;
  /** windowStart + the rule's window: the count starts over from here, and the row may be swept. */
  expiresAt: number;
  count: number;
}

export interface NotificationsTable {
  id: Generated<number>;
  /** Who is told. */
  userId: number;
  type: "reply" | "mention";
  /** Who replied or mentioned. */
  actorId: number;
  postId: number;
  /** The reply that caused it; null for a mention in the post itself. */
  replyId: number | null;
  read: Generated<number>;
  createdAt: number;
  /** 1 once the notification-mail job has dealt with it (mailed, or nothing to mail). */
  mailed: Generated<number>;
}

export interface ReportsTable {
  id: Generated<number>;
  reporterId: number;
  /** The reported post or reply; both null once the content is deleted. */
  postId: number | null;
  replyId: number | null;
  reason: ReportReason;
  text: string | null;
  createdAt: number;
  resolvedAt: number | null;
  resolvedById: number | null;
  resolution: ReportResolution | null;
}

/**
 * A member's uploaded picture, re-encoded by the server (packages/api/src/services/avatarImage.ts).
 * users.profileImageUrl names it with its hash, so the URL changes whenever the picture does.
 */
export interface AvatarsTable {
  userId: number;
  /** The encoded image; SQLite's blob, PostgreSQL's bytea (both read back as a Buffer). */
  image: Uint8Array;
  contentType: string;
  /** Hex digest of `image`, the part of the URL that changes with it. */
  hash: string;
  updatedAt: number;
}

export type MailState = "kept" | "queued" | "sending" | "sent" | "failed";

/** A mail, written in the transaction of the event that causes it and sent later (packages/api/src/mail). */
export interface MailOutboxTable {
  id: Generated<number>;
  /** What the mail is for ("reset", "confirm", "notify", "digest", "test", ...). */
  kind: string;
  userId: number | null;
  toAddress: string;
  subject: string;
  text: string;
  html: string;
  /** JSON object of extra headers. */
  headers: Generated<string>;
  messageId: string;
  state: MailState;
  attempts: Generated<number>;
  nextAttemptAt: number;
  leaseUntil: number | null;
  lastError: string | null;
  /** When the last attempt failed (null until one has). */
  lastErrorAt: number | null;
  createdAt: number;
  /** When an admin last pressed Retry: the day before the sender gives up starts again here. */
  retriedAt: number | null;
  sentAt: number | null;
}

export type MailTokenPurpose = "reset" | "confirm";

/** A link's token, as its SHA-256 only. */
export interface MailTokensTable {
  id: Generated<number>;
  userId: number;
  purpose: MailTokenPurpose;
  tokenHash: string;
  email: string | null;
  expiresAt: number;
  createdAt: number;
}

export type ApiTokenScope = "read" | "write";

/** A member's API token, as its SHA-256 only (migration 0023). */
export interface ApiTokensTable {
  id: Generated<number>;
  userId: number;
  name: string;
  scope: ApiTokenScope;
  tokenHash: string;
  createdAt: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

/** One row per (job, period): the run of a periodic job, once across instances. */
export interface PeriodicRunsTable {
  job: string;
  period: string;
  startedAt: number;
  /** How far the run has got: the last member id dealt with (migration 0021). */
  cursor: Generated<number>;
  /** Set once nothing is left to do. */
  finishedAt: Generated<number | null>;
}

/** One row (id 1): when the weekly digest goes out, in the forum's time zone. */
export interface MailSettingsTable {
  id: number;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  digestWeekday: number;
  /** 0–23. */
  digestHour: number;
}

export type UnsubscribeList = "notify" | "digest";

/** A one-click unsubscribe link's token, as its SHA-256 only. */
export interface UnsubscribeTokensTable {
  tokenHash: string;
  userId: number;
  /** Which switch the link turns off: Email Notifications or Weekly Digest. */
  list: UnsubscribeList;
  expiresAt: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  categories: CategoriesTable;
  posts: PostsTable;
  replies: RepliesTable;
  votes: VotesTable;
  advertisements: AdvertisementsTable;
  adSettings: AdSettingsTable;
  forumSettings: ForumSettingsTable;
  throttles: ThrottlesTable;
  notifications: NotificationsTable;
  reports: ReportsTable;
  avatars: AvatarsTable;
  mail_outbox: MailOutboxTable;
  mail_tokens: MailTokensTable;
  periodic_runs: PeriodicRunsTable;
  mail_settings: MailSettingsTable;
  unsubscribe_tokens: UnsubscribeTokensTable;
  api_tokens: ApiTokensTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  data_exports: DataExportsTable;
  reserved_usernames: ReservedUsernamesTable;
  read_states: ReadStatesTable;
  member_visits: MemberVisitsTable;
  staff_log: StaffLogTable;
  site_settings: SiteSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type PostRow = Selectable<PostsTable>;
export type ReplyRow = Selectable<RepliesTable>;
export type AdRow = Selectable<AdvertisementsTable>;
export type AdSettingsRow = Selectable<AdSettingsTable>;

/** A webhook endpoint an admin added (migration 0025). */
export interface WebhooksTable {
  id: Generated<number>;
  url: string;
  /** JSON array of the event names it wants. */
  events: string;
  /** The signing secret, sealed with the server key (packages/api/src/secrets/sealed.ts). */
  secretSealed: string;
  /** 1 or 0. */
  enabled: Generated<number>;
  /** Why the forum turned it off (it failed for a day); null when an admin did, or it is on. */
  disabledReason: string | null;
  /** The first failure of its current run of failures; null while deliveries succeed. */
  failingSince: number | null;
  createdBy: number | null;
  createdAt: number;
}

export type WebhookDeliveryState = "queued" | "sending" | "delivered" | "failed";

/** One call of one endpoint for one event: the durable outbox of webhooks. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhookId: number;
  event: string;
  /** The JSON body, fixed when queued. */
  body: string;
  state: WebhookDeliveryState;
  attempts: Generated<number>;
  nextAttemptAt: number;
  createdAt: number;
  /** When an admin pressed Redeliver: the day of tries starts again here. */
  retriedAt: number | null;
  lastAttemptAt: number | null;
  /** The HTTP status of the last attempt (null when none came back). */
  lastStatus: number | null;
  lastError: string | null;
  /** The start of the last response's body (at most 1 KB), shown escaped. */
  lastResponse: string | null;
  deliveredAt: number | null;
}

/** A two-step sign-in recovery code, as its SHA-256 only (migration 0027). */
export interface RecoveryCodesTable {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  /** Set when used: each works once. */
  usedAt: number | null;
}

/** A sign-in whose password was right, waiting for its second step (migration 0027). */
export interface LoginChallengesTable {
  /** SHA-256 of the challenge token the client holds. */
  tokenHash: string;
  userId: number;
  expiresAt: number;
  createdAt: number;
}

export type DataExportRowState = "queued" | "building" | "ready" | "expired" | "failed";

/** A member's "Download my data" export (migration 0029): built by a background worker, kept a week. */
export interface DataExportsTable {
  id: Generated<number>;
  userId: number;
  state: DataExportRowState;
  attempts: Generated<number>;
  /** When a worker may claim it: now for a new request, the end of a builder's lease, a retry's time. */
  nextAttemptAt: number;
  requestedAt: number;
  readyAt: number | null;
  /** When the file is deleted (ready exports). */
  expiresAt: number | null;
  fileName: string | null;
  /** The zip; SQLite's blob, PostgreSQL's bytea (both read back as a Buffer); null once expired. */
  file: Uint8Array | null;
  sizeBytes: number | null;
  lastError: string | null;
}

/** A deleted member's username, as the SHA-256 of its lower case: not free to register (migration 0028). */
export interface ReservedUsernamesTable {
  nameHash: string;
  createdAt: number;
}

/** How far a member has read a discussion (migration 0030): the highest reply id they had on screen. */
export interface ReadStatesTable {
  userId: number;
  postId: number;
  /** Only ever grows; 0 when the discussion was opened before it had a reply on screen. */
  lastReadReplyId: number;
  updatedAt: number;
}

/** When a member was last noted, and when their previous visit ended (migration 0030): "New" is since then. */
export interface MemberVisitsTable {
  userId: number;
  lastSeenAt: number;
  /** Null until a visit after a pause; the account's creation time counts until then. */
  previousVisitAt: number | null;
}

/** One moderator's or admin's action (migration 0031): never updated or deleted by the forum. */
export interface StaffLogTable {
  id: Generated<number>;
  createdAt: number;
  /** Null for work done outside the forum (the restore command). */
  actorId: number | null;
  /** The staff member's username when they acted. */
  actorUsername: string | null;
  action: string;
  targetType: string;
  targetId: number | null;
  /** What the target was called when the action was done. */
  targetLabel: string;
  /** JSON: [{field, before, after}]. */
  changes: Generated<string>;
  /** JSON object: counts, reasons. */
  details: Generated<string>;
}
