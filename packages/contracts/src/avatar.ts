// Member avatars (spec: Settings, Profile tab): what may be uploaded and what the server keeps.
import { z } from "zod";
import { MESSAGES } from "./messages";

/** The largest upload accepted (spec: "max 2MB"); larger ones answer 413. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The side of the square the server re-encodes every avatar to (smaller pictures stay smaller). */
export const AVATAR_MAX_SIDE = 256;
/** Decoding a picture costs memory by its pixels, not its bytes: larger ones are refused. */
export const AVATAR_MAX_MEGAPIXELS = 40;
/** What the file picker offers; the server checks the content itself, never the name or type. */
export const AVATAR_ACCEPT = "image/jpeg,image/png,image/gif";
/** The hint under the Change Avatar button, word for word from the spec's Settings screen. */
export const AVATAR_HINT = "JPG, PNG, or GIF (max 2MB)";

export type AvatarFormat = "jpeg" | "png" | "gif";

/** Each accepted format's signature, as its files begin. */
const SIGNATURES: ReadonlyArray<{ format: AvatarFormat; starts: readonly (readonly number[])[] }> = [
  { format: "jpeg", starts: [[0xff, 0xd8, 0xff]] },
  { format: "png", starts: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  // "GIF87a" and "GIF89a"
  {
    format: "gif",
    starts: [
      [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
      [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
    ],
  },
];

/** How many first bytes uploadFormatOf needs. */
export const AVATAR_SIGNATURE_BYTES = 8;

/**
 * The format a file's first bytes say it is, or null for anything but a JPEG, PNG or GIF. The
 * server then has the decoder confirm it; the settings screen checks it before uploading.
 */
export function uploadFormatOf(bytes: Uint8Array): AvatarFormat | null {
  const match = SIGNATURES.find(({ starts }) => starts.some((start) => start.every((byte, i) => bytes[i] === byte)));
  return match?.format ?? null;
}

/** An avatar upload as the procedure receives it: the file's bytes (its name is not trusted). */
export const avatarUploadInput = z.object({
  content: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array, { error: MESSAGES.avatarMissing })
    .refine((value) => value.byteLength > 0, MESSAGES.avatarMissing),
});
export type AvatarUploadInput = z.infer<typeof avatarUploadInput>;
