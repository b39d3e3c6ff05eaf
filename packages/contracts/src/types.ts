// Shapes the API answers with, as zod schemas: both doors (tRPC and REST) return exactly these
// objects, the OpenAPI document at /api/openapi.json is generated from them, and each exported
// type is inferred from its schema, so a shape is written once.
//
// Every export named `...Schema` becomes a named schema of the OpenAPI document (postViewSchema
// is "PostView"). The server does not parse its own answers with them (that would cost every
// cached read): a type-level test proves each procedure's output type equals its schema's, and
// the API test suites check every REST answer they receive against the document.
import { z } from "zod";
import {
  AD_PLACEMENTS,
  AD_TYPES,
  BULK_UPLOAD_TYPES,
  MY_VOTES,
  NOTIFICATION_TYPES,
  REPORT_REASONS,
  REPORT_RESOLUTIONS,
  ROLES,
  THROTTLES,
} from "./constants";
import { perOptionalPostText } from "./postFields";
import { SEARCH_MATCHED_IN } from "./search";

const id = z.number().int();
const count = z.number().int();
const timestamp = z.iso.datetime();

export const authorViewSchema = z.object({
  id,
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type AuthorView = z.infer<typeof authorViewSchema>;

export const categoryRefSchema = z.object({ name: z.string(), slug: z.string(), color: z.string() });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

export const postViewSchema = z.object({
  id,
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  ...perOptionalPostText(() => z.string().nullable()),
  summary: z
    .string()
    .describe(
      'What lists show: the excerpt, else the first 150 characters of the content plus "...", as plain text (the Markdown stripped)',
    ),
  categoryId: id,
  category: categoryRefSchema.nullable(),
  authorId: id,
  author: authorViewSchema.nullable(),
  featured: z.boolean(),
  votes: count,
  upvotes: count,
  downvotes: count,
  replyCount: count,
  views: count,
  pinned: z.boolean().describe("First on the home feed and its category's first page; set by moderators and admins"),
  locked: z.boolean().describe("Takes no new replies, except from moderators and admins"),
  createdAt: timestamp,
  updatedAt: timestamp,
  editedAt: timestamp.nullable().describe("When the text was last edited; null until then"),
  /** The signed-in caller's own vote; "none" for visitors. */
  myVote: z.enum(MY_VOTES).describe('The signed-in caller\'s own vote; "none" for visitors'),
  unreadCount: count.describe(
    "In lists, for a signed-in member: the replies they have not read since they last read the discussion; 0 for visitors, for discussions they never opened, and outside lists",
  ),
  isNew: z
    .boolean()
    .describe(
      "In lists, for a signed-in member: created since their previous visit by someone else, and not opened yet; false for visitors and outside lists",
    ),
});
export type PostView = z.infer<typeof postViewSchema>;

/**
 * A post as a card shows it (spec: Post card): the post without its text (`content`, and the
 * optional text fields such as the `excerpt`, which the summary already is). The web app's feeds read these; a page of 20 cards is about
 * a third of the bytes of 20 whole posts, in the JSON and in the server-rendered page's data.
 */
export const postCardViewSchema = postViewSchema.omit({ content: true, ...perOptionalPostText(() => true as const) });
export type PostCardView = z.infer<typeof postCardViewSchema>;

export const replyViewSchema = z.object({
  id,
  postId: id,
  content: z.string(),
  authorId: id,
  author: authorViewSchema.nullable(),
  upvotes: count,
  downvotes: count,
  myVote: z.enum(MY_VOTES).describe('The signed-in caller\'s own vote; "none" for visitors'),
  /** The reply of the same post this one answers, with its author ("in reply to @name"). */
  replyTo: z
    .object({ id, username: z.string().nullable() })
    .nullable()
    .describe("The reply of the same post this one answers; null when none or once it is deleted"),
  createdAt: timestamp,
  updatedAt: timestamp,
  editedAt: timestamp.nullable().describe("When the text was last edited; null until then"),
});
export type ReplyView = z.infer<typeof replyViewSchema>;

/** The replies of a post, oldest first, wrapped in an object as the original client expects. */
export const repliesOfPostSchema = z.object({ replies: z.array(replyViewSchema) });
export type RepliesOfPost = z.infer<typeof repliesOfPostSchema>;

/** A reply on a profile's Replies tab, with the post it answers. */
export const profileReplyViewSchema = replyViewSchema.extend({
  post: z.object({ slug: z.string(), title: z.string() }),
  summary: z.string().describe('The reply as plain text (the Markdown stripped), at most 300 characters plus "..."'),
});
export type ProfileReplyView = z.infer<typeof profileReplyViewSchema>;

export const categoryViewSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  postCount: count,
  createdAt: timestamp,
});
export type CategoryView = z.infer<typeof categoryViewSchema>;

export const userPreferencesSchema = z.object({
  emailNotifications: z.boolean(),
  replyNotifications: z.boolean(),
  weeklyDigest: z.boolean(),
  showProfileInPosts: z.boolean(),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/** What every view of an account shows. */
const accountFields = {
  id,
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
  banned: z.boolean(),
  profileImageUrl: z.string().nullable(),
  createdAt: timestamp,
};
/** What a member writes about themselves on their profile. */
const aboutFields = {
  bio: z.string().nullable(),
  website: z.string().nullable(),
  location: z.string().nullable(),
};

/** The signed-in user as /api/user answers: their own account, email included. */
export const currentUserSchema = z.object({
  ...accountFields,
  email: z.string(),
  /** The address is confirmed (until then the forum shows a banner with Resend). */
  emailConfirmed: z.boolean(),
  /** A new address waiting for its confirmation: `email` stays the account's until it is confirmed. */
  pendingEmail: z.string().nullable(),
  ...aboutFields,
  preferences: userPreferencesSchema,
  /** Two-step sign-in is on (an authenticator app's code after the password). */
  twoStepEnabled: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A public profile; email only when the caller is that user or an admin. */
export const profileViewSchema = z.object({
  ...accountFields,
  email: z.string().optional().describe("Only when the caller is this member or an admin"),
  ...aboutFields,
  postCount: count,
  replyCount: count,
  reputation: z.number().int(),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

/** A user row in the admin lists. */
export const adminUserViewSchema = z.object({ ...accountFields, email: z.string() });
export type AdminUserView = z.infer<typeof adminUserViewSchema>;

/** The counts after a vote, on the post or on the reply voted on (the other id is null). */
export const voteResultSchema = z.object({
  postId: id.nullable(),
  replyId: id.nullable(),
  upvotes: count,
  downvotes: count,
  votes: z.number().int(),
  myVote: z.enum(MY_VOTES),
});
export type VoteResult = z.infer<typeof voteResultSchema>;

export const trendingTopicSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  color: z.string(),
  count,
});
export type TrendingTopic = z.infer<typeof trendingTopicSchema>;

export const adViewSchema = z.object({
  id,
  title: z.string(),
  content: z.string(),
  type: z.enum(AD_TYPES),
  placement: z.enum(AD_PLACEMENTS),
  dimensions: z.string().nullable(),
  active: z.boolean(),
  impressions: count,
  clickCount: count,
  createdAt: timestamp,
});
export type AdView = z.infer<typeof adViewSchema>;

export const adSettingsViewSchema = z.object({
  enableAds: z.boolean(),
  adsensePubId: z.string().nullable(),
  /** The same value under the name the display code reads. */
  adsenseCode: z.string().nullable().describe("The same value as adsensePubId, under the name the display code reads"),
  adsBetweenPosts: count,
  postsInterval: count,
});
export type AdSettingsView = z.infer<typeof adSettingsViewSchema>;

export const adminStatsSchema = z.object({ totalUsers: count, totalPosts: count, totalCategories: count });
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const userStatsSchema = z.object({
  totalUsers: count,
  activeUsers: count,
  bannedUsers: count,
  admins: count,
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** One UTC day of the dashboard's activity chart: what was created that day. */
export const adminActivityDaySchema = z.object({
  date: z.iso.date(),
  posts: count,
  replies: count,
  members: count,
});
export type AdminActivityDay = z.infer<typeof adminActivityDaySchema>;

/** A confirmation ("Post deleted successfully"), and the body of every error answer. */
export const messageViewSchema = z.object({ message: z.string() });
export type MessageView = z.infer<typeof messageViewSchema>;

/** A throttle as GET /api/admin/limits shows it: at most `limit` events per `windowMs`. */
export const throttleRuleSchema = z.object({ name: z.string(), limit: count, windowMs: count });

/** The abuse limits the server enforces; `enabled` is false when FORUM_RATE_LIMITS=off. */
export const abuseLimitsViewSchema = z.object({
  enabled: z.boolean(),
  newAccountPeriodMs: count,
  throttles: z.object(
    Object.fromEntries(Object.keys(THROTTLES).map((name) => [name, throttleRuleSchema])) as Record<
      keyof typeof THROTTLES,
      typeof throttleRuleSchema
    >,
  ),
});
export type AbuseLimitsView = z.infer<typeof abuseLimitsViewSchema>;

/** A member ranked by the upvotes their posts and replies received in a time range. */
export const risingStarSchema = authorViewSchema.extend({ reputationGained: z.number().int() });
export type RisingStar = z.infer<typeof risingStarSchema>;

// Bulk import

/** One problem found in an upload; row 1 is the header row. */
export const bulkProblemSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type BulkProblem = z.infer<typeof bulkProblemSchema>;

/**
 * A refused upload: the message, and when rows have problems, the first of them (row by row)
 * and how many there are in all. Nothing was written.
 */
export const bulkRefusalSchema = z.object({
  message: z.string(),
  errors: z.array(bulkProblemSchema).optional(),
  totalErrors: count.optional(),
});
export type BulkRefusal = z.infer<typeof bulkRefusalSchema>;

export const importedUserSchema = z.object({ id, username: z.string() });
export type ImportedUser = z.infer<typeof importedUserSchema>;
export const importedCategorySchema = z.object({ id, name: z.string(), slug: z.string() });
export type ImportedCategory = z.infer<typeof importedCategorySchema>;
export const importedPostSchema = z.object({ id, slug: z.string(), title: z.string() });
export type ImportedPost = z.infer<typeof importedPostSchema>;
export const importedReplySchema = z.object({ id, postId: id });
export type ImportedReply = z.infer<typeof importedReplySchema>;

/** A successful import: one small item (its id and name) per row written. */
export const bulkImportResultSchema = z.object({
  data: z.array(z.union([importedUserSchema, importedCategorySchema, importedPostSchema, importedReplySchema])),
});
export type BulkImportResult = z.infer<typeof bulkImportResultSchema>;

/** A column of an upload type, as the admin screen lists it. */
export const bulkColumnViewSchema = z.object({
  name: z.string(),
  required: z.boolean(),
  type: z.string().describe("What the cell holds, in words"),
  examples: z.array(z.union([z.string(), z.number(), z.boolean()])),
});
export type BulkColumnView = z.infer<typeof bulkColumnViewSchema>;

/** The columns of every upload type. */
export const bulkColumnsViewSchema = z.record(z.enum(BULK_UPLOAD_TYPES), z.array(bulkColumnViewSchema));
export type BulkColumnsView = z.infer<typeof bulkColumnsViewSchema>;

// Search and notifications

/** A search result: a post as the lists show it, with where it matched and a plain-text snippet. */
export const searchResultViewSchema = postViewSchema.extend({
  snippet: z.string().describe("Plain text (never HTML), at most 200 characters, around the best match"),
  matchedIn: z.enum(SEARCH_MATCHED_IN),
});
export type SearchResultView = z.infer<typeof searchResultViewSchema>;

/** How many posts a search finds; past the cap only that there are more (shown as "1,000+"). */
export const searchCountViewSchema = z.object({
  count,
  exact: z.boolean().describe("False when the count stopped at the cap (shown as 1,000+)"),
});
export type SearchCountView = z.infer<typeof searchCountViewSchema>;

export const notificationViewSchema = z.object({
  id,
  type: z.enum(NOTIFICATION_TYPES),
  read: z.boolean(),
  createdAt: timestamp,
  actor: z.object({ username: z.string() }),
  post: z.object({ id, slug: z.string(), title: z.string() }),
  /** The reply that caused it (or null for a mention in the post itself): the link's #reply-{id}. */
  replyId: id.nullable().describe("The reply that caused it, or null for a mention in the post itself"),
  excerpt: z.string(),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;

export const unreadCountViewSchema = z.object({ count });
export type UnreadCountView = z.infer<typeof unreadCountViewSchema>;

// Reports

/** What a member's report answers: the report as stored. */
export const reportReceiptSchema = z.object({
  id,
  postId: id.nullable(),
  replyId: id.nullable(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  createdAt: timestamp,
});
export type ReportReceipt = z.infer<typeof reportReceiptSchema>;

/** One member's open report, as the Reports screen lists it under the content. */
export const openReportSchema = z.object({
  id,
  reporter: z.object({ id, username: z.string() }),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  createdAt: timestamp,
});
export type OpenReport = z.infer<typeof openReportSchema>;

/** A reported post or reply with its open reports, oldest report first. */
export const reportedContentSchema = z.object({
  kind: z.enum(["post", "reply"]),
  /** The reported post's id, or the reply's. */
  id,
  post: z.object({ id, slug: z.string(), title: z.string() }),
  excerpt: z.string().describe("The start of the reported text, at most 200 characters"),
  author: z.object({ id, username: z.string(), role: z.enum(ROLES), banned: z.boolean() }),
  createdAt: timestamp,
  count,
  reasons: z.array(z.enum(REPORT_REASONS)).describe("Each reason given, once, most given first"),
  reports: z.array(openReportSchema),
});
export type ReportedContent = z.infer<typeof reportedContentSchema>;

/** What resolving the reports of a post or reply did. */
export const reportResolutionSchema = z.object({
  resolution: z.enum(REPORT_RESOLUTIONS),
  resolved: count.describe("How many open reports it closed"),
  resolvedBy: z.object({ id, username: z.string() }),
  resolvedAt: timestamp,
});
export type ReportResolutionView = z.infer<typeof reportResolutionSchema>;

/** How many reports wait for a moderator (the admin menu's badge). */
export const openReportsCountSchema = z.object({ count });
export type OpenReportsCount = z.infer<typeof openReportsCountSchema>;
