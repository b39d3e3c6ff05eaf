import {
  adSettingsInput,
  adSettingsViewSchema,
  adViewSchema,
  createAdInput,
  idInput,
  listAdsInput,
  MESSAGES,
  messageViewSchema,
  trackAdInput,
  updateAdInput,
} from "@forum/contracts";
import { z } from "zod";
import { cachePolicy } from "../cache/policy";
import { answer } from "../describe";
import { createAd, deleteAd, getAdSettings, listAds, trackAd, updateAd, updateAdSettings } from "../services/ads";
import { changeRow, type RowChange, settingsChange } from "../staffLog/rowChange";
import { adminProcedure, publicProcedure, router } from "../trpc";

const AD_SETTINGS_FIELDS = ["enableAds", "adsensePubId", "adsBetweenPosts"] as const;
const AD_FIELDS = ["title", "content", "type", "placement", "dimensions", "active"] as const;
const adChange = <T>(action: RowChange<T>["action"], id: RowChange<T>["id"]): RowChange<T> => ({
  action,
  targetType: "ad",
  table: "advertisements",
  id,
  fields: AD_FIELDS,
  label: (row) => String(row.title),
});

export const adsRouter = router({
  /**
   * With a placement: the active ads for that slot (what pages display). Without one: every ad
   * for admins (the management list), the active ones for everybody else. Not kept: the answer
   * depends on the caller's role, and it is one indexed read of a few rows.
   */
  list: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/ads", from: "query" },
      summary: "Active ads for a placement; without one, every ad for admins",
      cache: "never",
    })
    .input(listAdsInput)
    .output(answer(z.array(adViewSchema)))
    .query(({ ctx, input }) =>
      listAds(ctx.db, {
        placement: input.placement,
        activeOnly: input.placement !== undefined || ctx.user?.role !== "admin",
      }),
    ),
  create: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/ads", status: 201 },
      summary: "Create an ad",
      writes: ["ads", "staffLog"],
    })
    .input(createAdInput)
    .output(answer(adViewSchema))
    .mutation(({ ctx, input }) =>
      changeRow(
        ctx,
        adChange("ad.create", (ad: { id: number }) => ad.id),
        (trx) => createAd(trx, input),
      ),
    ),
  update: adminProcedure
    .meta({
      rest: { method: "PUT", path: "/api/ads/:id" },
      summary: "Edit an ad",
      failures: { 404: MESSAGES.adNotFound },
      writes: ["ads", "staffLog"],
    })
    .input(updateAdInput)
    .output(answer(adViewSchema))
    .mutation(({ ctx, input }) => {
      const { id, ...fields } = input;
      return changeRow(ctx, adChange("ad.edit", id), (trx) => updateAd(trx, id, fields));
    }),
  delete: adminProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/ads/:id", from: "none" },
      summary: "Delete an ad",
      failures: { 404: MESSAGES.adNotFound },
      writes: ["ads", "staffLog"],
    })
    .input(idInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      await changeRow(ctx, adChange("ad.delete", input.id), (trx) => deleteAd(trx, input.id));
      return { message: "Advertisement deleted successfully" };
    }),

  /**
   * Open to visitors. Answers nothing (204): a repeat from the same client within the window is
   * not counted, silently, so a reader paging through the forum never sees an error for it
   * (issue 13: every page view after the first answered 429 and filled the console).
   */
  track: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/ads/:id/track", status: 204 },
      summary: "Count an impression or a click of an ad; a repeat from the same client soon after is not counted",
      failures: { 404: MESSAGES.adNotFound },
      writes: ["adStats", "throttles"],
    })
    .input(trackAdInput)
    .output(answer(z.void()))
    .mutation(async ({ ctx, input }): Promise<void> => {
      if (!(await ctx.adTracking.allow(ctx.clientIp, input.id, input.type))) return;
      await trackAd(ctx.db, input.id, input.type);
    }),

  settings: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/ad-settings", from: "none" },
      summary: "The ad settings",
      ...cachePolicy(["adSettings"]),
    })
    .output(answer(adSettingsViewSchema))
    .query(({ ctx }) => getAdSettings(ctx.db)),
  updateSettings: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/ad-settings" },
      summary: "Change the ad settings",
      failures: { 400: MESSAGES.adsBetweenPostsRange },
      writes: ["adSettings", "staffLog"],
    })
    .input(adSettingsInput)
    .output(answer(adSettingsViewSchema))
    .mutation(({ ctx, input }) =>
      changeRow(ctx, settingsChange("ad.settings", "adSettings", AD_SETTINGS_FIELDS), (trx) =>
        updateAdSettings(trx, input),
      ),
    ),
});
