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

/** An avatar upload as the procedure receives it: the file's bytes (its name is not trusted). */
export const avatarUploadInput = z.object({
  content: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array, { error: MESSAGES.avatarMissing })
    .refine((value) => value.byteLength > 0, MESSAGES.avatarMissing),
});
export type AvatarUploadInput = z.infer<typeof avatarUploadInput>;
