// The staff log (issue 32): every moderator's and admin's action, recorded in the transaction that
// does it, with who, when, what and the before and after of the fields it changed. Read on the
// admin screen "Staff log"; nothing in the forum edits or deletes an entry.
import { z } from "zod";

/** Every kind of action the log records, grouped by what it acts on. */
export const STAFF_ACTIONS = [
  "member.ban",
  "member.unban",
  "member.edit",
  "member.role",
  "member.delete",
  "member.reset-link",
  "member.token-revoke",
  "post.edit",
  "post.delete",
  "post.pin",
  "post.unpin",
  "post.lock",
  "post.unlock",
  "reply.edit",
  "reply.delete",
  "report.dismiss",
  "report.delete",
  "report.ban",
  "category.create",
  "category.edit",
  "category.delete",
  "ad.create",
  "ad.edit",
  "ad.delete",
  "ad.settings",
  "webhook.create",
  "webhook.edit",
  "webhook.delete",
  "settings.forum",
  "settings.mail",
  "settings.site",
  "import",
  "export",
  "backup.create",
  "backup.restore",
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** What an action was done to. */
export const STAFF_TARGET_TYPES = [
  "member",
  "post",
  "reply",
  "category",
  "ad",
  "webhook",
  "settings",
  "import",
  "export",
  "backup",
] as const;
export type StaffTargetType = (typeof STAFF_TARGET_TYPES)[number];

/** The words the screen shows for each action. */
export const STAFF_ACTION_LABELS: Record<StaffAction, string> = {
  "member.ban": "Banned a member",
  "member.unban": "Unbanned a member",
  "member.edit": "Edited a member",
  "member.role": "Changed a member's role",
  "member.delete": "Deleted a member",
  "member.reset-link": "Sent a password reset",
  "member.token-revoke": "Revoked a member's API token",
  "post.edit": "Edited a post",
  "post.delete": "Deleted a post",
  "post.pin": "Pinned a post",
  "post.unpin": "Unpinned a post",
  "post.lock": "Locked a post",
  "post.unlock": "Unlocked a post",
  "reply.edit": "Edited a reply",
  "reply.delete": "Deleted a reply",
  "report.dismiss": "Dismissed reports",
  "report.delete": "Deleted reported content",
  "report.ban": "Banned a reported author",
  "category.create": "Created a category",
  "category.edit": "Edited a category",
  "category.delete": "Deleted a category",
  "ad.create": "Created an ad",
  "ad.edit": "Edited an ad",
  "ad.delete": "Deleted an ad",
  "ad.settings": "Changed the ad settings",
  "webhook.create": "Added a webhook",
  "webhook.edit": "Edited a webhook",
  "webhook.delete": "Deleted a webhook",
  "settings.forum": "Changed the forum settings",
  "settings.mail": "Changed the mail settings",
  "settings.site": "Changed the site settings",
  import: "Imported a spreadsheet",
  export: "Exported a spreadsheet",
  "backup.create": "Took a backup",
  "backup.restore": "Restored a backup",
};

/** A value the log keeps: a field's, or a detail's. */
export const staffValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type StaffValue = z.infer<typeof staffValueSchema>;

/** One field's value before and after the action (null when it did not exist before or after). */
export const staffChangeSchema = z.object({
  field: z.string(),
  before: staffValueSchema,
  after: staffValueSchema,
});
export type StaffChange = z.infer<typeof staffChangeSchema>;

export const staffLogEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** Null for work done outside the forum (the restore command). */
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  action: z.enum(STAFF_ACTIONS),
  targetType: z.enum(STAFF_TARGET_TYPES),
  targetId: z.number().int().nullable(),
  /** What the target was called when the action was done (a username, a title, a file). */
  targetLabel: z.string(),
  changes: z.array(staffChangeSchema),
  /** Anything else worth keeping: counts of an import, the reason of a resolution. */
  details: z.record(z.string(), staffValueSchema),
});
export type StaffLogEntry = z.infer<typeof staffLogEntrySchema>;

export const STAFF_LOG_PAGE_SIZE = 50;

export const staffLogInput = z.object({
  actorId: z.coerce.number().int().positive().optional(),
  action: z.enum(STAFF_ACTIONS).optional(),
  targetType: z.enum(STAFF_TARGET_TYPES).optional(),
  targetId: z.coerce.number().int().positive().optional(),
  /** Entries older than this id (the previous page's `nextBefore`). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(STAFF_LOG_PAGE_SIZE),
});
export type StaffLogInput = z.infer<typeof staffLogInput>;

export const staffLogPageSchema = z.object({
  entries: z.array(staffLogEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type StaffLogPage = z.infer<typeof staffLogPageSchema>;

/** Everyone who has an entry in the log: the screen's "Staff member" filter. */
export const staffLogActorsSchema = z.array(z.object({ id: z.number().int(), username: z.string() }));

export const STAFF_LOG_MESSAGES = {
  title: "Staff log",
  empty: "No staff actions yet",
  emptyFiltered: "No staff actions match these filters",
} as const;
