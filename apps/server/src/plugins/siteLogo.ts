// The forum's logo at /site/logo-{hash}.webp, from the database (every instance serves it), as
// immutable as an avatar: a new logo has a new URL, an old URL answers 404.
import { findSiteLogo, parseSiteLogoFileName, SITE_LOGO_PATH } from "@forum/api";
import type { ForumDb } from "@forum/db";
import type { FastifyInstance } from "fastify";
import { sendStoredImage } from "./avatars";

export function registerSiteLogo(app: FastifyInstance, reader: ForumDb): void {
  app.get(`${SITE_LOGO_PATH}:file`, async (request, reply) => {
    const hash = parseSiteLogoFileName((request.params as { file: string }).file);
    return sendStoredImage(reply, hash ? await findSiteLogo(reader, hash) : undefined, "Logo not found");
  });
}
