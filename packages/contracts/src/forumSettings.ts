// The forum's own settings (GET and POST /api/forum-settings): rules for the whole forum that an
// admin switches on the Mail screen, apart from the ad settings.
import { z } from "zod";

export const forumSettingsSchema = z.object({
  /** "Members must confirm their email before posting": unconfirmed members' posts and replies answer 403. */
  requireConfirmedEmail: z.boolean(),
});
export type ForumSettings = z.infer<typeof forumSettingsSchema>;

export const forumSettingsInput = z.object({
  requireConfirmedEmail: z.boolean({ error: "requireConfirmedEmail must be true or false" }),
});
