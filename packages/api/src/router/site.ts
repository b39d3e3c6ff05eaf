// The forum's identity (admin screen "Site"): read by anyone (the web app at boot, the server
// render of every page), changed by admins. Every change writes kind "site", which every kept
// page and GET /api/site read: the next read on any instance shows it.
import { AVATAR_MAX_BYTES, avatarUploadInput, MESSAGES, SITE_MESSAGES, siteInput, siteSchema } from "@forum/contracts";
import { cachePolicy } from "../cache/policy";
import { answer } from "../describe";
import { payloadTooLarge } from "../errors";
import { encodeLogo, IMAGE_UPLOAD_FAILURES } from "../services/avatarImage";
import { changeSite, getSite } from "../services/site";
import { adminProcedure, publicProcedure, router } from "../trpc";

export const siteRouter = router({
  get: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/site", from: "none" },
      summary: "The forum's name, one-line description, contact address and logo",
      ...cachePolicy(["site"]),
    })
    .output(answer(siteSchema))
    .query(({ ctx }) => getSite(ctx.db)),
  update: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/site" },
      summary: "Change the forum's name, description or contact address (a field left out keeps its value)",
      failures: {
        400: [
          SITE_MESSAGES.nameRequired,
          SITE_MESSAGES.nameTooLong,
          SITE_MESSAGES.descriptionRequired,
          SITE_MESSAGES.descriptionTooLong,
          SITE_MESSAGES.oneLine,
          SITE_MESSAGES.contactInvalid,
        ],
      },
      writes: ["site", "staffLog"],
    })
    .input(siteInput)
    .output(answer(siteSchema))
    .mutation(async ({ ctx, input }) => (await changeSite(ctx.db, ctx.user, input)).after),
  /** The logo: the avatar's rules (JPG, PNG or GIF by content, 2 MB), re-encoded to WebP keeping its shape. */
  setLogo: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/site/logo", form: "multipart" },
      summary: "Set the forum's logo: a JPG, PNG or GIF up to 2 MB, stored as a WebP of at most 256 px a side",
      failures: {
        ...IMAGE_UPLOAD_FAILURES,
      },
      writes: ["site", "staffLog"],
    })
    .input(avatarUploadInput)
    .output(answer(siteSchema))
    .mutation(async ({ ctx, input }) => {
      if (input.content.byteLength > AVATAR_MAX_BYTES) throw payloadTooLarge(MESSAGES.avatarTooLarge);
      const logo = await encodeLogo(input.content);
      return (await changeSite(ctx.db, ctx.user, { logo })).after;
    }),
  removeLogo: adminProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/site/logo", from: "none" },
      summary: "Remove the forum's logo: the header shows the name alone",
      writes: ["site", "staffLog"],
    })
    .output(answer(siteSchema))
    .mutation(async ({ ctx }) => (await changeSite(ctx.db, ctx.user, { logo: null })).after),
});
