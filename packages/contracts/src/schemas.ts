// Input schemas of every call, named per procedure. The server validates with these and the
// web forms import the same ones, so a rule lives once.
import { z } from "zod";
import {
  AD_DIMENSIONS,
  AD_PLACEMENTS,
  AD_TYPES,
  ADS_BETWEEN_POSTS_MAX,
  ADS_BETWEEN_POSTS_MIN,
  LIMITS,
  MAX_PAGE_SIZE,
  MAX_REPLIES_PAGE_SIZE,
  PAGE_STEP,
  POST_SORTS,
  REPORT_ACTIONS,
  REPORT_REASONS,
  ROLES,
  TIME_RANGES,
  TRACK_TYPES,
  VOTE_TYPES,
} from "./constants";
import {
  booleanField,
  colorField,
  countField,
  emailField,
  enumField,
  idField,
  optionalText,
  requiredText,
  websiteField,
} from "./fields";
import { MESSAGES } from "./messages";
import { OPTIONAL_POST_TEXT, perOptionalPostText } from "./postFields";
import { POST_LIST_FILTERS } from "./readStates";
import { SEARCH_MAX_PAGE_SIZE, SEARCH_MIN_LENGTH, SEARCH_PAGE_SIZE, SEARCH_SORTS } from "./search";

const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

export const usernameField = (requiredMessage: string) =>
  requiredText("Username", requiredMessage, LIMITS.username.max)
    .min(LIMITS.username.min, MESSAGES.invalidUsername)
    .regex(USERNAME_PATTERN, MESSAGES.invalidUsername);

export const newPasswordField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(LIMITS.password.min, MESSAGES.passwordTooShort)
    .max(LIMITS.password.max, MESSAGES.tooLong("Password", LIMITS.password.max));

export const pageInput = z.object({
  offset: countField("offset", { min: 0, max: 1_000_000_000, fallback: 0 }),
  limit: countField("limit", { min: 1, max: MAX_PAGE_SIZE, fallback: PAGE_STEP }),
});

export const idInput = z.object({ id: idField("id") });
export const slugInput = z.object({ slug: z.string({ error: MESSAGES.mustBe("slug", "text") }).min(1) });
export const usernameInput = z.object({ username: z.string({ error: MESSAGES.mustBe("username", "text") }).min(1) });

// Auth
export const loginInput = z.object({
  username: requiredText("Username", MESSAGES.loginFieldsRequired, LIMITS.username.max),
  password: z.string({ error: MESSAGES.loginFieldsRequired }).min(1, MESSAGES.loginFieldsRequired),
});

export const registerInput = z
  .object({
    username: usernameField(MESSAGES.loginFieldsRequired),
    email: emailField(MESSAGES.loginFieldsRequired),
    password: newPasswordField(MESSAGES.loginFieldsRequired),
    // The original client checks the confirmation itself and does not send it; when a
    // client does send it, the server holds the same rule.
    confirmPassword: z.string().optional(),
  })
  .refine((input) => input.confirmPassword === undefined || input.confirmPassword === input.password, {
    message: MESSAGES.passwordMismatch,
    path: ["confirmPassword"],
  });

export const changePasswordInput = z
  .object({
    currentPassword: z.string({ error: MESSAGES.loginFieldsRequired }).min(1, MESSAGES.loginFieldsRequired),
    newPassword: newPasswordField(MESSAGES.loginFieldsRequired),
    confirmPassword: z.string().optional(),
  })
  .refine((input) => input.confirmPassword === undefined || input.confirmPassword === input.newPassword, {
    message: MESSAGES.passwordMismatch,
    path: ["confirmPassword"],
  });

// Users
export const updateProfileInput = z.object({
  id: idField("id"),
  email: emailField(MESSAGES.invalidEmail).optional(),
  firstName: optionalText("First name", LIMITS.name),
  lastName: optionalText("Last name", LIMITS.name),
  bio: optionalText("Bio", LIMITS.bio),
  website: websiteField(LIMITS.website),
  location: optionalText("Location", LIMITS.location),
});

export const userListInput = z.object({ username: z.string().min(1) }).extend(pageInput.shape);

// Categories
export const createCategoryInput = z.object({
  name: requiredText("Name", MESSAGES.requiredFields, LIMITS.categoryName),
  description: requiredText("Description", MESSAGES.requiredFields, LIMITS.categoryDescription),
  color: colorField().optional(),
});
export const updateCategoryInput = z.object({
  id: idField("id"),
  name: requiredText("Name", MESSAGES.categoryNameRequired, LIMITS.categoryName),
  description: optionalText("Description", LIMITS.categoryDescription),
  color: colorField().optional(),
});

// Posts
export const listPostsInput = z
  .object({
    sortBy: enumField("sortBy", POST_SORTS).default("hot"),
    timeRange: enumField("timeRange", TIME_RANGES).optional(),
    categoryId: idField("categoryId").optional(),
    /** "unread": the signed-in member's discussions with replies they have not read (members only). */
    filter: enumField("filter", POST_LIST_FILTERS).optional(),
  })
  .extend(pageInput.shape);

const postFields = {
  content: requiredText("Content", MESSAGES.requiredFields, LIMITS.content),
  ...perOptionalPostText((field) => optionalText(OPTIONAL_POST_TEXT[field].label, OPTIONAL_POST_TEXT[field].max)),
  categoryId: idField("categoryId", MESSAGES.requiredFields),
  featured: booleanField("featured").optional(),
};
export const createPostInput = z.object({
  title: requiredText("Title", MESSAGES.requiredFields, LIMITS.title),
  ...postFields,
});
/**
 * A post's editable fields, the one description of them: the service's draft, the web app's
 * dialogs and its browser draft are all these (a new optional text field is added to
 * OPTIONAL_POST_TEXT in postFields.ts).
 */
export type PostFields = z.infer<typeof createPostInput>;
/** The same fields as a form holds them: text in every text and id input, a boolean for a switch. */
export type PostForm = { [K in keyof PostFields]-?: NonNullable<PostFields[K]> extends boolean ? boolean : string };
export const EMPTY_POST_FORM: PostForm = {
  title: "",
  content: "",
  ...perOptionalPostText(() => ""),
  categoryId: "",
  featured: false,
};
/** A post as its form starts (the edit dialog): each field's stored value in the form's terms. */
export function postFormOf(post: { [K in keyof PostFields]-?: PostFields[K] | null }): PostForm {
  const form: Record<string, string | boolean> = {};
  for (const [key, empty] of Object.entries(EMPTY_POST_FORM)) {
    const value = post[key as keyof PostFields];
    form[key] =
      typeof empty === "boolean" ? value === true : value === null || value === undefined ? "" : String(value);
  }
  return form as PostForm;
}
/**
 * Editing a post. `pinned` and `locked` are for moderators and admins (left out: kept); a member
 * may send them only unchanged. Changing only them does not mark the post edited.
 */
export const updatePostInput = z.object({
  id: idField("id"),
  title: requiredText("Title", MESSAGES.postTitleRequired, LIMITS.title),
  ...postFields,
  pinned: booleanField("pinned").optional(),
  locked: booleanField("locked").optional(),
});

// Replies
const replyContent = requiredText("Reply", MESSAGES.replyContentRequired, LIMITS.reply);
export const repliesOfPostInput = z.object({
  postId: idField("postId"),
  offset: countField("offset", { min: 0, max: 1_000_000_000, fallback: 0 }),
  /** Absent (null): every reply of the thread, as the spec's callers read it; a page asks for at most 1,000. */
  limit: countField("limit", { min: 1, max: MAX_REPLIES_PAGE_SIZE, fallback: null }),
});
export const createReplyInput = z.object({
  postId: idField("postId"),
  content: replyContent,
  /** The reply of the same post this one answers ("in reply to @name"). */
  replyToId: idField("replyToId").nullish(),
});
export const updateReplyInput = z.object({ id: idField("id"), content: replyContent });

/** Exactly one of postId and replyId: what a vote or a report is about. */
const hasOneTarget = (input: { postId?: number | undefined; replyId?: number | undefined }) =>
  (input.postId === undefined) !== (input.replyId === undefined);

// Votes: on a post or on a reply.
export const voteInput = z
  .object({
    type: enumField("type", VOTE_TYPES),
    postId: idField("postId").optional(),
    replyId: idField("replyId").optional(),
  })
  .refine(hasOneTarget, { message: MESSAGES.voteOneTarget });

// Reports
export const createReportInput = z
  .object({
    postId: idField("postId").optional(),
    replyId: idField("replyId").optional(),
    reason: enumField("reason", REPORT_REASONS),
    text: optionalText("Text", LIMITS.reportText),
  })
  .refine(hasOneTarget, { message: MESSAGES.reportOneTarget });
/** Resolve every open report of one post or reply. */
export const resolveReportsInput = z
  .object({
    postId: idField("postId").optional(),
    replyId: idField("replyId").optional(),
    action: enumField("action", REPORT_ACTIONS),
  })
  .refine(hasOneTarget, { message: MESSAGES.reportOneTarget });

// Ads
export const listAdsInput = z.object({ placement: enumField("placement", AD_PLACEMENTS).optional() });
export const adFields = {
  title: requiredText("Title", MESSAGES.adTitleContentRequired, LIMITS.adTitle),
  content: requiredText("Content", MESSAGES.adTitleContentRequired, LIMITS.adContent),
  type: enumField("type", AD_TYPES).default("custom"),
  placement: enumField("placement", AD_PLACEMENTS).default("sidebar"),
  dimensions: z.preprocess((value) => (value === "" ? null : value), enumField("dimensions", AD_DIMENSIONS).nullish()),
  active: booleanField("active").default(true),
};
export const createAdInput = z.object(adFields);
/**
 * Editing an ad: title and content are required as on create, but a field left out keeps its
 * stored value (the create defaults would turn a paused ad back on or move it to the sidebar).
 */
export const updateAdInput = z.object({
  id: idField("id"),
  ...adFields,
  type: enumField("type", AD_TYPES).optional(),
  placement: enumField("placement", AD_PLACEMENTS).optional(),
  active: booleanField("active").optional(),
});
export const trackAdInput = z.object({ id: idField("id"), type: enumField("type", TRACK_TYPES) });
/** A whole number from 1 to 10, also sent as text ("7"); anything else is refused with one message. */
export const adsBetweenPostsField = z.preprocess(
  (value) => (typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: MESSAGES.adsBetweenPostsRange })
    .int(MESSAGES.adsBetweenPostsRange)
    .min(ADS_BETWEEN_POSTS_MIN, MESSAGES.adsBetweenPostsRange)
    .max(ADS_BETWEEN_POSTS_MAX, MESSAGES.adsBetweenPostsRange),
);
export const adSettingsInput = z.object({
  enableAds: booleanField("enableAds"),
  adsensePubId: optionalText("AdSense publisher id", 100),
  // A number from 1 to 10 (spec section 5). The spec's silent fallback to 3 for anything else
  // saved a value nobody chose under a Success toast (issue 13): such values are refused.
  adsBetweenPosts: adsBetweenPostsField,
});

// Admin
export const adminUpdateUserInput = z.object({
  id: idField("id"),
  username: usernameField(MESSAGES.usernameRequired),
  email: emailField(MESSAGES.invalidEmail),
  firstName: optionalText("First name", LIMITS.name),
  lastName: optionalText("Last name", LIMITS.name),
  role: enumField("role", ROLES),
});
export const banUserInput = z.object({ id: idField("id"), banned: booleanField("banned") });

/** Admin lists: larger pages, since the screens filter on the client. */
export const adminPageInput = z.object({
  offset: countField("offset", { min: 0, max: 1_000_000_000, fallback: 0 }),
  limit: countField("limit", { min: 1, max: 1000, fallback: 100 }),
});

export const risingStarsInput = z.object({
  timeRange: enumField("timeRange", TIME_RANGES).default("week"),
  limit: countField("limit", { min: 1, max: 20, fallback: 5 }),
});

// Search
const searchText = z
  .string({ error: MESSAGES.searchTooShort })
  .trim()
  .min(SEARCH_MIN_LENGTH, MESSAGES.searchTooShort)
  .max(500, MESSAGES.tooLong("Search", 500));
export const searchCountInput = z.object({ q: searchText, categoryId: idField("categoryId").optional() });
export const searchInput = searchCountInput.extend({
  sort: enumField("sort", SEARCH_SORTS).default("relevance"),
  offset: countField("offset", { min: 0, max: 1_000_000_000, fallback: 0 }),
  limit: countField("limit", { min: 1, max: SEARCH_MAX_PAGE_SIZE, fallback: SEARCH_PAGE_SIZE }),
});

// Notifications
export const notificationsInput = z.object({
  offset: countField("offset", { min: 0, max: 1_000_000_000, fallback: 0 }),
  limit: countField("limit", { min: 1, max: 50, fallback: 20 }),
});
/** Some of the caller's notifications by id, or all of them when ids is left out. */
export const markNotificationsReadInput = z.object({
  ids: z
    .array(idField("ids"), { error: MESSAGES.mustBe("ids", "a list of ids") })
    .max(500)
    .optional(),
});

// Preferences: any of the four; the rest keep their stored values.
export const updatePreferencesInput = z.object({
  emailNotifications: booleanField("emailNotifications").optional(),
  replyNotifications: booleanField("replyNotifications").optional(),
  weeklyDigest: booleanField("weeklyDigest").optional(),
  showProfileInPosts: booleanField("showProfileInPosts").optional(),
});

export type CreateReportInput = z.infer<typeof createReportInput>;
