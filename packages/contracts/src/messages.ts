// User-facing messages, word for word from the spec where it gives them (sections 5 and 8).
// The server answers with these and the web forms show the same text. Numbers in a message come
// from the constants that enforce them, so a changed limit cannot leave a stale message.

import { BANNED_MESSAGE } from "./bannedMessage";
import { ADS_BETWEEN_POSTS_MAX, ADS_BETWEEN_POSTS_MIN, BULK_MAX_FILE_BYTES, LIMITS } from "./constants";
import { SEARCH_MIN_LENGTH } from "./search";

export const inMinutes = (minutes: number) => `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;

export const MESSAGES = {
  requiredFields: "Please fill in all required fields",
  categoryNameRequired: "Category name is required",
  postTitleRequired: "Post title is required",
  replyContentRequired: "Please enter reply content",
  usernameRequired: "Username is required",
  adTitleContentRequired: "Please fill in title and content",
  loginFieldsRequired: "Please fill in all fields",
  passwordMismatch: "Passwords do not match",
  bulkFileAndType: "Please select a file and upload type",
  bulkFileType: "Please select an Excel file (.xlsx or .xls)",

  // Messages the spec leaves open.
  invalidCredentials: "Invalid username or password",
  searchTooShort: `Search needs at least ${SEARCH_MIN_LENGTH} ${SEARCH_MIN_LENGTH === 1 ? "character" : "characters"}`,
  databaseUnavailable: "The forum cannot reach its database right now. Please try again in a moment.",
  banned: BANNED_MESSAGE,
  notSignedIn: "You must be logged in to do that",
  adminOnly: "Only administrators can do that",
  moderatorsOnly: "Only moderators and administrators can do that",
  pinLockModeratorsOnly: "Only moderators and administrators can pin or lock a discussion",
  discussionLocked: "This discussion is locked",
  replyToOtherPost: "The reply you answer must be a reply of this discussion",
  alreadyReported: "You have already reported this",
  reportOneTarget: "Report either a post (postId) or a reply (replyId)",
  voteOneTarget: "Vote on either a post (postId) or a reply (replyId)",
  nothingToResolve: "There are no open reports on this",
  banNeedsAdmin: "Only administrators can ban members: moderators can dismiss reports or delete the content",
  notYours: "You can only change your own content",
  ownProfileOnly: "You can only update your own profile",
  usernameTaken: "That username is already taken",
  emailTaken: "That email address is already registered",
  accountTaken: "That username or email address is already registered",
  invalidEmail: "Please enter a valid email address",
  invalidWebsite: "Website must be a web address such as https://example.com",
  invalidUsername: `Username must be ${LIMITS.username.min} to ${LIMITS.username.max} characters: letters, numbers, dots, underscores or hyphens`,
  passwordTooShort: `Password must be at least ${LIMITS.password.min} characters`,
  currentPasswordWrong: "Current password is incorrect",
  invalidColor: "Color must be a hex colour such as #3b82f6",
  categoryHasPosts:
    "This category still has posts. All posts in this category will need to be reassigned or deleted before it can be deleted.",
  categoryNotFound: "Category not found",
  postNotFound: "Post not found",
  replyNotFound: "Reply not found",
  userNotFound: "User not found",
  adNotFound: "Advertisement not found",
  adminCannotBeDeleted: "Admin accounts cannot be deleted",
  cannotBanAdmin: "Admin accounts cannot be banned",
  cannotBanSelf: "You cannot ban yourself",
  confirmLinkInvalid: "This confirmation link is not valid any more. Sign in and send a new one.",
  emailConfirmed: "Your email address is confirmed.",
  confirmationSent: (email: string) => `We have sent a confirmation link to ${email}.`,
  alreadyConfirmed: "Your email address is already confirmed.",
  confirmBeforePosting:
    "Please confirm your email address before posting. Check your inbox for the link, or send a new one.",
  emailChangePending: (email: string) =>
    `We have sent a confirmation link to ${email}. Your address changes once you open it.`,
  noEmailChangePending: "There is no change of email address waiting for confirmation.",
  emailChangeCancelled: "The change of email address is cancelled.",
  tooManyConfirmations: (minutes: number) => `Too many confirmation emails. Try again in ${inMinutes(minutes)}.`,
  unsubscribeLinkInvalid:
    "This unsubscribe link is not valid any more. Sign in and turn the email off under Settings, Preferences.",
  unsubscribedNotify:
    "You will no longer get email notifications. You can turn them back on under Settings, Preferences.",
  unsubscribedDigest: "You will no longer get the weekly digest. You can turn it back on under Settings, Preferences.",
  resetLinkSent: "If an account matches, we have sent a link to reset the password.",
  resetLinkInvalid: "This link to reset the password is not valid any more. Ask for a new one.",
  tooManyResetRequests: (minutes: number) =>
    `Too many requests to reset a password from this address. Try again in ${inMinutes(minutes)}.`,
  tooManyLoginAttempts: (minutes: number) => `Too many attempts. Try again in ${inMinutes(minutes)}.`,
  tooManyRegistrations: (minutes: number) =>
    `Too many new accounts from this address. Try again in ${inMinutes(minutes)}.`,
  newAccountPostLimit: (limit: number, minutes: number) =>
    `New accounts can start ${limit} posts an hour during their first day. You can post again in ${inMinutes(minutes)}.`,
  newAccountReplyLimit: (limit: number, minutes: number) =>
    `New accounts can post ${limit} replies an hour during their first day. You can reply again in ${inMinutes(minutes)}.`,
  adsBetweenPostsRange: `Ads between posts must be a whole number from ${ADS_BETWEEN_POSTS_MIN} to ${ADS_BETWEEN_POSTS_MAX}`,
  categoryNameTaken: "A category with this name already exists",
  crossSiteWrite: "Cross-site request refused",
  unknownHost:
    "This forum does not answer to that host name. Its operator can list it in FORUM_ALLOWED_HOSTS or set FORUM_PUBLIC_URL.",
  bulkFileTooLarge: `The file is too large: the limit is ${BULK_MAX_FILE_BYTES / 1024 / 1024} MB`,
  bulkFileEmpty: "The file is empty",
  bulkNotSpreadsheet: "The file is not an Excel spreadsheet (.xlsx or .xls), or it is damaged",
  bulkUnpackedTooLarge: "The spreadsheet is too large once unpacked: split it into smaller files",
  bulkPasswordProtected: "The spreadsheet is password-protected: save it without a password and try again",
  bulkEmptySheet: "The first sheet of the spreadsheet is empty",
  bulkNoHeader: (columns: readonly string[]) =>
    `The first row of the first sheet must hold the column names: ${columns.join(", ")}`,
  bulkNoRows: "The first sheet has column names but no rows to import",
  bulkTooManyRows: (max: number) =>
    `The first sheet has more than ${max.toLocaleString("en-US")} rows: split it into smaller files`,
  bulkRowsHaveProblems: (rows: number) =>
    `${rows} ${rows === 1 ? "row has" : "rows have"} problems; nothing was imported`,
  avatarMissing: "Please choose an image to upload: JPG, PNG or GIF, at most 2 MB",
  avatarNotImage: "The file is not a JPG, PNG or GIF image, or it is damaged",
  avatarTooLarge: "The image is too large: the limit is 2 MB",
  avatarTooManyPixels: (megapixels: number) =>
    `The image has too many pixels: the limit is ${megapixels} megapixels. Make it smaller and try again.`,
  avatarChangeLimit: (limit: number, minutes: number) =>
    `You can change your avatar ${limit} times an hour. Try again in ${inMinutes(minutes)}.`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  mustBe: (field: string, kind: string) => `${field} must be ${kind}`,
} as const;
