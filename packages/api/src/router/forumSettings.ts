// The forum's own settings: read by every member's composer (to say up front that posting needs a
// confirmed address) and changed by admins. Cached like the ad settings: a change drops the kept
// answer on every instance (kind "forumSettings").
import { forumSettingsInput, forumSettingsSchema, TWO_STEP_MESSAGES } from "@forum/contracts";
import { cachePolicy } from "../cache/policy";
import { answer } from "../describe";
import { badRequest } from "../errors";
import { getForumSettings, updateForumSettings } from "../services/forumSettings";
import { changeRow, settingsChange } from "../staffLog/rowChange";
import { adminProcedure, publicProcedure, router } from "../trpc";

const FORUM_SETTINGS_FIELDS = ["requireConfirmedEmail", "requireStaffTwoStep"] as const;

export const forumSettingsRouter = router({
  get: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/forum-settings", from: "none" },
      summary:
        "The forum's settings: whether members must confirm their email before posting, and whether staff must use two-step sign-in",
      ...cachePolicy(["forumSettings"]),
    })
    .output(answer(forumSettingsSchema))
    .query(({ ctx }) => getForumSettings(ctx.db)),
  update: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/forum-settings" },
      summary: "Change the forum's settings (a setting left out keeps its value)",
      failures: { 400: TWO_STEP_MESSAGES.ownFirst },
      writes: ["forumSettings", "staffLog"],
    })
    .input(forumSettingsInput)
    .output(answer(forumSettingsSchema))
    .mutation(({ ctx, input }) => {
      // An admin who required it without having it would lock themselves out of this screen.
      if (input.requireStaffTwoStep && !ctx.user.twoStep) throw badRequest(TWO_STEP_MESSAGES.ownFirst);
      return changeRow(ctx, settingsChange("settings.forum", "forumSettings", FORUM_SETTINGS_FIELDS), (trx) =>
        updateForumSettings(trx, input),
      );
    }),
});
