// The forum's own settings: read by every member's composer (to say up front that posting needs a
// confirmed address) and changed by admins. Cached like the ad settings: a change drops the kept
// answer on every instance (kind "forumSettings").
import { forumSettingsInput, forumSettingsSchema } from "@forum/contracts";
import { cachePolicy } from "../cache/policy";
import { answer } from "../describe";
import { getForumSettings, updateForumSettings } from "../services/forumSettings";
import { adminProcedure, publicProcedure, router } from "../trpc";

export const forumSettingsRouter = router({
  get: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/forum-settings", from: "none" },
      summary: "The forum's settings: whether members must confirm their email before posting",
      ...cachePolicy(["forumSettings"]),
    })
    .output(answer(forumSettingsSchema))
    .query(({ ctx }) => getForumSettings(ctx.db)),
  update: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/forum-settings" },
      summary: "Change the forum's settings",
      writes: ["forumSettings"],
    })
    .input(forumSettingsInput)
    .output(answer(forumSettingsSchema))
    .mutation(({ ctx, input }) => updateForumSettings(ctx.db, input)),
});
