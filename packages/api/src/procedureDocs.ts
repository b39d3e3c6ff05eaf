// What each procedure answers, for the API's documents (the OpenAPI document at /api/openapi.json
// and the typed client's README): its summary, the schema of its answer and the failures it
// answers itself. A new procedure adds one entry here; the type below makes a missing entry a
// compile error, and apps/server/test/openapi.test.ts proves each schema's type is the
// procedure's output type.
import {
  AVATAR_MAX_MEGAPIXELS,
  abuseLimitsViewSchema,
  adminActivityDaySchema,
  adminStatsSchema,
  adminUserViewSchema,
  adSettingsViewSchema,
  adViewSchema,
  bulkColumnsViewSchema,
  bulkImportResultSchema,
  bulkRefusalSchema,
  categoryViewSchema,
  currentUserSchema,
  MESSAGES,
  messageViewSchema,
  notificationViewSchema,
  openReportsCountSchema,
  postCardViewSchema,
  postViewSchema,
  profileReplyViewSchema,
  profileViewSchema,
  repliesOfPostSchema,
  replyViewSchema,
  reportedContentSchema,
  reportReceiptSchema,
  reportResolutionSchema,
  risingStarSchema,
  searchCountViewSchema,
  searchResultViewSchema,
  THROTTLES,
  trendingTopicSchema,
  unreadCountViewSchema,
  userPreferencesSchema,
  userStatsSchema,
  voteResultSchema,
} from "@forum/contracts";
import type { AnyTRPCProcedure } from "@trpc/server";
import { z } from "zod";
import type { AppRouter } from "./root";

type PathsOf<Record> = {
  [Key in keyof Record & string]: Record[Key] extends AnyTRPCProcedure ? Key : `${Key}.${PathsOf<Record[Key]>}`;
}[keyof Record & string];

/** Every procedure by its dotted name ("posts.list"), as both doors call it. */
export type ProcedurePath = PathsOf<AppRouter["_def"]["record"]>;

/**
 * Failures a procedure answers by itself. 400 for invalid input and the 401/403 of its tier
 * (ProcedureMeta.access) are known without saying; list them here only when the procedure
 * answers them for other reasons too.
 */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

export type ProcedureDoc = {
  /** One line for the API reference. */
  summary: string;
  /** The answer on success (a schema of contracts/src/types.ts); z.void() for none (204). */
  response: z.ZodType;
  /** Each failure the procedure answers itself, with the messages it answers (from the spec). */
  failures?: Partial<Record<FailureStatus, string | readonly string[]>>;
  /** The body of its 400 answers when they say more than { message }. */
  refusal?: z.ZodType;
};

const list = z.array;
const notFound = { 404: MESSAGES.postNotFound };
/** A throttle's refusal as the document shows it: the real answer names the minutes left (and Retry-After the seconds). */
const withWait = (message: (minutes: number) => string) => message(0).replace("0 minutes", "N minutes");

export const procedureDocs = {
  "auth.me": {
    summary: "The signed-in member's own account; a banned account's session is signed out with the ban as the message",
    response: currentUserSchema,
    failures: { 401: [MESSAGES.notSignedIn, MESSAGES.banned] },
  },
  "auth.login": {
    summary: "Sign in: sets the session cookie",
    response: currentUserSchema,
    failures: {
      401: MESSAGES.invalidCredentials,
      403: MESSAGES.banned,
      429: withWait(MESSAGES.tooManyLoginAttempts),
    },
  },
  "auth.register": {
    summary: "Create an account and sign in: sets the session cookie",
    response: currentUserSchema,
    failures: {
      409: [MESSAGES.usernameTaken, MESSAGES.emailTaken, MESSAGES.accountTaken],
      429: withWait(MESSAGES.tooManyRegistrations),
    },
  },
  "auth.logout": { summary: "Sign out: ends this session and clears its cookie", response: messageViewSchema },
  "auth.changePassword": {
    summary: "Change the password; every other session of the account is signed out",
    response: messageViewSchema,
    failures: { 400: MESSAGES.currentPasswordWrong },
  },

  "users.risingStars": {
    summary: "Members who gained the most reputation in a time range",
    response: list(risingStarSchema),
  },
  "users.profile": {
    summary: "A member's public profile (email only for themselves and admins)",
    response: profileViewSchema,
    failures: { 404: MESSAGES.userNotFound },
  },
  "users.posts": {
    summary: "A member's posts, newest first",
    response: list(postViewSchema),
    failures: { 404: MESSAGES.userNotFound },
  },
  "users.postCards": {
    summary: "users.posts as cards: each post without its content and excerpt (a card shows the summary)",
    response: list(postCardViewSchema),
    failures: { 404: MESSAGES.userNotFound },
  },
  "users.replies": {
    summary: "A member's replies, newest first, with the post each answers",
    response: list(profileReplyViewSchema),
    failures: { 404: MESSAGES.userNotFound },
  },
  "users.update": {
    summary: "Update a profile: one's own, or anyone's for admins",
    response: currentUserSchema,
    failures: {
      403: MESSAGES.ownProfileOnly,
      404: MESSAGES.userNotFound,
      409: [MESSAGES.emailTaken, MESSAGES.accountTaken],
    },
  },
  "users.setAvatar": {
    summary: "Set one's avatar: a JPG, PNG or GIF up to 2 MB, stored as a WebP square of at most 256 px",
    response: currentUserSchema,
    failures: {
      400: [MESSAGES.avatarMissing, MESSAGES.avatarNotImage, MESSAGES.avatarTooManyPixels(AVATAR_MAX_MEGAPIXELS)],
      413: MESSAGES.avatarTooLarge,
      429: withWait((minutes) => MESSAGES.avatarChangeLimit(THROTTLES.avatarUploads.limit, minutes)),
    },
  },
  "users.deleteAvatar": {
    summary: "Remove one's avatar: the initials show again",
    response: currentUserSchema,
  },
  "users.preferences": {
    summary: "The signed-in member's four preferences, defaults filled in",
    response: userPreferencesSchema,
  },
  "users.updatePreferences": {
    summary: "Save any of the four preferences; answers all of them",
    response: userPreferencesSchema,
  },

  "search.posts": {
    summary: "Posts matching a query, most relevant (or newest) first, each with a plain-text snippet",
    response: list(searchResultViewSchema),
    failures: { 400: MESSAGES.searchTooShort },
  },
  "search.count": {
    summary: "How many posts a query finds: exact up to 1,000, then only that there are more",
    response: searchCountViewSchema,
    failures: { 400: MESSAGES.searchTooShort },
  },

  "notifications.list": {
    summary: "The signed-in member's notifications, newest first",
    response: list(notificationViewSchema),
  },
  "notifications.unreadCount": {
    summary: "How many of the signed-in member's notifications are unread",
    response: unreadCountViewSchema,
  },
  "notifications.markRead": {
    summary: "Mark the given notifications read (all without ids); answers how many stay unread",
    response: unreadCountViewSchema,
  },

  "categories.list": { summary: "Every category", response: list(categoryViewSchema) },
  "categories.bySlug": {
    summary: "One category",
    response: categoryViewSchema,
    failures: { 404: MESSAGES.categoryNotFound },
  },
  "categories.trendingTopics": {
    summary: "Categories by discussions started in the last 7 days, busiest first",
    response: list(trendingTopicSchema),
  },
  "categories.create": {
    summary: "Create a category (names are unique, case-insensitively)",
    response: categoryViewSchema,
    failures: { 409: MESSAGES.categoryNameTaken },
  },
  "categories.update": {
    summary: "Rename or recolour a category (its slug stays)",
    response: categoryViewSchema,
    failures: { 404: MESSAGES.categoryNotFound, 409: MESSAGES.categoryNameTaken },
  },
  "categories.delete": {
    summary: "Delete a category that has no posts",
    response: messageViewSchema,
    failures: { 404: MESSAGES.categoryNotFound, 409: MESSAGES.categoryHasPosts },
  },

  "posts.list": {
    summary: "Posts, sorted and filtered; the caller's own votes included",
    response: list(postViewSchema),
  },
  "posts.cards": {
    summary: "posts.list as cards: each post without its content and excerpt (a card shows the summary)",
    response: list(postCardViewSchema),
  },
  "posts.bySlug": { summary: "One post; counts a view", response: postViewSchema, failures: notFound },
  "posts.create": {
    summary: "Start a discussion",
    response: postViewSchema,
    failures: {
      400: MESSAGES.categoryNotFound,
      429: withWait((minutes) => MESSAGES.newAccountPostLimit(THROTTLES.newAccountPosts.limit, minutes)),
    },
  },
  "posts.update": {
    summary: "Edit a post: its author, a moderator or an admin; pin and lock: moderators and admins",
    response: postViewSchema,
    failures: {
      400: MESSAGES.categoryNotFound,
      403: [MESSAGES.notYours, MESSAGES.pinLockModeratorsOnly],
      ...notFound,
    },
  },
  "posts.delete": {
    summary: "Delete a post with its replies: its author, a moderator or an admin",
    response: messageViewSchema,
    failures: { 403: MESSAGES.notYours, ...notFound },
  },

  "replies.byPost": {
    summary: "The replies of a post, oldest first",
    response: repliesOfPostSchema,
    failures: notFound,
  },
  "replies.create": {
    summary: "Reply to a post, or to one of its replies (replyToId); a locked post takes replies from staff only",
    response: replyViewSchema,
    failures: {
      400: MESSAGES.replyToOtherPost,
      403: MESSAGES.discussionLocked,
      ...notFound,
      429: withWait((minutes) => MESSAGES.newAccountReplyLimit(THROTTLES.newAccountReplies.limit, minutes)),
    },
  },
  "replies.update": {
    summary: "Edit a reply: its author, a moderator or an admin",
    response: replyViewSchema,
    failures: { 403: MESSAGES.notYours, 404: MESSAGES.replyNotFound },
  },
  "replies.delete": {
    summary: "Delete a reply: its author, a moderator or an admin",
    response: messageViewSchema,
    failures: { 403: MESSAGES.notYours, 404: MESSAGES.replyNotFound },
  },

  "votes.cast": {
    summary: "Vote a post or a reply up or down; the same vote again takes it back",
    response: voteResultSchema,
    failures: { 404: [MESSAGES.postNotFound, MESSAGES.replyNotFound] },
  },

  "reports.create": {
    summary: "Report a post or a reply to the moderators (once per member)",
    response: reportReceiptSchema,
    failures: { 404: [MESSAGES.postNotFound, MESSAGES.replyNotFound], 409: MESSAGES.alreadyReported },
  },
  "reports.open": {
    summary: "Open reports, grouped by the post or reply reported: moderators and admins",
    response: list(reportedContentSchema),
  },
  "reports.openCount": {
    summary: "How many reports are open: moderators and admins",
    response: openReportsCountSchema,
  },
  "reports.resolve": {
    summary: "Dismiss the open reports of a post or reply, delete it, or ban its author (admins) and delete it",
    response: reportResolutionSchema,
    failures: {
      403: [MESSAGES.banNeedsAdmin, MESSAGES.cannotBanSelf, MESSAGES.cannotBanAdmin],
      404: [MESSAGES.nothingToResolve, MESSAGES.postNotFound, MESSAGES.replyNotFound],
    },
  },

  "ads.list": {
    summary: "Active ads for a placement; without one, every ad for admins",
    response: list(adViewSchema),
  },
  "ads.create": { summary: "Create an ad", response: adViewSchema },
  "ads.update": { summary: "Edit an ad", response: adViewSchema, failures: { 404: MESSAGES.adNotFound } },
  "ads.delete": { summary: "Delete an ad", response: messageViewSchema, failures: { 404: MESSAGES.adNotFound } },
  "ads.track": {
    summary: "Count an impression or a click of an ad; a repeat from the same client soon after is not counted",
    response: z.void(),
    failures: { 404: MESSAGES.adNotFound },
  },
  "ads.settings": { summary: "The ad settings", response: adSettingsViewSchema },
  "ads.updateSettings": {
    summary: "Change the ad settings",
    response: adSettingsViewSchema,
    failures: { 400: MESSAGES.adsBetweenPostsRange },
  },

  "admin.stats": { summary: "Totals for the dashboard", response: adminStatsSchema },
  "admin.activity": {
    summary: "Posts, replies and new members per day over the last 30 days",
    response: list(adminActivityDaySchema),
  },
  "admin.recentUsers": { summary: "The newest members", response: list(adminUserViewSchema) },
  "admin.recentPosts": { summary: "The newest posts", response: list(postViewSchema) },
  "admin.users": { summary: "Every member, newest first", response: list(adminUserViewSchema) },
  "admin.userStats": { summary: "Member totals: active, banned, admins", response: userStatsSchema },
  "admin.limits": {
    summary: "The sign-in, sign-up and new-account limits, and whether this server enforces them",
    response: abuseLimitsViewSchema,
  },
  "admin.updateUser": {
    summary: "Edit a member's account and role",
    response: adminUserViewSchema,
    failures: {
      404: MESSAGES.userNotFound,
      409: [
        MESSAGES.usernameTaken,
        MESSAGES.emailTaken,
        MESSAGES.accountTaken,
        "Unban this account before making it an admin",
        "The forum needs at least one admin",
      ],
    },
  },
  "admin.setBanned": {
    summary: "Ban (ending every session) or unban a member",
    response: adminUserViewSchema,
    failures: { 403: [MESSAGES.cannotBanSelf, MESSAGES.cannotBanAdmin], 404: MESSAGES.userNotFound },
  },
  "admin.deleteUser": {
    summary: "Delete a member with their posts, replies and votes",
    response: messageViewSchema,
    failures: { 403: MESSAGES.adminCannotBeDeleted, 404: MESSAGES.userNotFound },
  },

  "bulk.columns": { summary: "The columns of each upload type", response: bulkColumnsViewSchema },
  "bulk.upload": {
    summary: "Import a spreadsheet: every row or none",
    response: bulkImportResultSchema,
    // 409: a row's username, email or category name taken by a write that landed meanwhile.
    failures: { 409: [MESSAGES.accountTaken, MESSAGES.categoryNameTaken], 413: MESSAGES.bulkFileTooLarge },
    refusal: bulkRefusalSchema,
  },
} satisfies Record<ProcedurePath, ProcedureDoc>;
