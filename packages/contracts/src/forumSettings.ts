// The forum's own settings (GET and POST /api/forum-settings): rules for the whole forum that an
// admin switches on the Mail screen, apart from the ad settings.
import { z } from "zod";

export const forumSettingsSchema = z.object({
  /** "Members must confirm their email before posting": unconfirmed members' posts and replies answer 403. */
  requireConfirmedEmail: z.boolean(),
  /** Admins and moderators must turn on two-step sign-in before they use their powers (403 until then). */
  requireStaffTwoStep: z.boolean(),
});
export type ForumSettings = z.infer<typeof forumSettingsSchema>;

/** The settings to change; one left out keeps its value. */
export const forumSettingsInput = z.object({
  requireConfirmedEmail: z.boolean({ error: "requireConfirmedEmail must be true or false" }).optional(),
  requireStaffTwoStep: z.boolean({ error: "requireStaffTwoStep must be true or false" }).optional(),
});
export type ForumSettingsChange = z.infer<typeof forumSettingsInput>;
