import { adSettingsInput, createAdInput, idInput, listAdsInput, trackAdInput, updateAdInput } from "@forum/contracts";
import { cachePolicy } from "../cache/policy";
import { createAd, deleteAd, getAdSettings, listAds, trackAd, updateAd, updateAdSettings } from "../services/ads";
import { adminProcedure, publicProcedure, router } from "../trpc";

export const adsRouter = router({
  /**
   * With a placement: the active ads for that slot (what pages display). Without one: every ad
   * for admins (the management list), the active ones for everybody else. Not kept: the answer
   * depends on the caller's role, and it is one indexed read of a few rows.
   */
  list: publicProcedure
    .meta({ cache: "never" })
    .input(listAdsInput)
    .query(({ ctx, input }) =>
      listAds(ctx.db, {
        placement: input.placement,
        activeOnly: input.placement !== undefined || ctx.user?.role !== "admin",
      }),
    ),
  create: adminProcedure
    .meta({ writes: ["ads"] })
    .input(createAdInput)
    .mutation(({ ctx, input }) => createAd(ctx.db, input)),
  update: adminProcedure
    .meta({ writes: ["ads"] })
    .input(updateAdInput)
    .mutation(({ ctx, input }) => {
      const { id, ...fields } = input;
      return updateAd(ctx.db, id, fields);
    }),
  delete: adminProcedure
    .meta({ writes: ["ads"] })
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      await deleteAd(ctx.db, input.id);
      return { message: "Advertisement deleted successfully" };
    }),

  /**
   * Open to visitors. Answers nothing (204): a repeat from the same client within the window is
   * not counted, silently, so a reader paging through the forum never sees an error for it
   * (issue 13: every page view after the first answered 429 and filled the console).
   */
  track: publicProcedure
    .meta({ writes: ["adStats", "throttles"] })
    .input(trackAdInput)
    .mutation(async ({ ctx, input }): Promise<void> => {
      if (!(await ctx.adTracking.allow(ctx.clientIp, input.id, input.type))) return;
      await trackAd(ctx.db, input.id, input.type);
    }),

  settings: publicProcedure
    .meta(cachePolicy(["adSettings"]))
    .query(({ ctx }) => ctx.sharedAnswer(() => getAdSettings(ctx.db))),
  updateSettings: adminProcedure
    .meta({ writes: ["adSettings"] })
    .input(adSettingsInput)
    .mutation(({ ctx, input }) => updateAdSettings(ctx.db, input)),
});
