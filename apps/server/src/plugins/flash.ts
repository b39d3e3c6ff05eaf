// The message a native form post leaves for the page it redirects to (@forum/contracts flash.ts):
// a short-lived cookie, read and cleared by the next page the browser asks for.
import { FLASH_COOKIE, FLASH_MAX_AGE, type Flash, flashSchema } from "@forum/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";

/** Browsers drop a cookie past 4 KB whole: what was typed is left out of a flash that would be. */
const MAX_FLASH_BYTES = 2800;

export function setFlash(reply: FastifyReply, flash: Flash, secure: boolean): void {
  let text = JSON.stringify(flash);
  if (Buffer.byteLength(text) > MAX_FLASH_BYTES) text = JSON.stringify({ ...flash, values: undefined });
  reply.setCookie(FLASH_COOKIE, Buffer.from(text).toString("base64url"), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: FLASH_MAX_AGE,
  });
}

/** The request's flash, cleared as it is read; null when there is none (or it is not ours). */
export function takeFlash(request: FastifyRequest, reply: FastifyReply): Flash | null {
  const cookie = request.cookies[FLASH_COOKIE];
  if (cookie === undefined) return null;
  void reply.clearCookie(FLASH_COOKIE, { path: "/" });
  try {
    const parsed = flashSchema.safeParse(JSON.parse(Buffer.from(cookie, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
