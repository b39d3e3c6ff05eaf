// Avatars at /avatars/{userId}-{hash}.webp, from the database, so every app instance serves every
// member's picture. The hash is part of the name: a new picture has a new URL, so a served one
// never changes and browsers and proxies may keep it for a year without asking again. Only the
// member's current picture is served; an old URL answers 404 (every read shows the new one).
import { AVATAR_PATH, findAvatar, parseAvatarFileName } from "@forum/api";
import type { ForumDb } from "@forum/db";
import type { FastifyInstance, FastifyReply } from "fastify";

export const AVATAR_CACHE_CONTROL = "public, max-age=31536000, immutable";

export function registerAvatars(app: FastifyInstance, reader: ForumDb): void {
  app.get(`${AVATAR_PATH}:file`, async (request, reply) => {
    const file = parseAvatarFileName((request.params as { file: string }).file);
    const avatar = file ? await findAvatar(reader, file) : undefined;
    return sendStoredImage(reply, avatar, "Avatar not found");
  });
}

/** A stored picture named by its hash (immutable), or 404 when it is not the current one. */
export function sendStoredImage(
  reply: FastifyReply,
  stored: { image: Uint8Array; contentType: string } | undefined,
  missing: string,
): FastifyReply {
  if (!stored) return reply.code(404).header("cache-control", "no-cache").send({ message: missing });
  const { image } = stored;
  return reply
    .header("content-type", stored.contentType)
    .header("cache-control", AVATAR_CACHE_CONTROL)
    .send(Buffer.isBuffer(image) ? image : Buffer.from(image.buffer, image.byteOffset, image.byteLength));
}
