// Secrets the forum must be able to read again (a webhook's signing secret; later TOTP secrets)
// are stored sealed with the server key (FORUM_SECRET_KEY): AES-256-GCM with a random nonce, so a
// copy of the database alone does not give them away, and a changed or forged value fails to open
// rather than opening to something else. Format: "v1.<nonce>.<tag>.<ciphertext>", base64url.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/** The server key's length in bytes (AES-256). */
export const SERVER_KEY_BYTES = 32;
const NONCE_BYTES = 12;

export class SealedSecretError extends Error {}

export function seal(key: Buffer, secret: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", nonce, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

export function unseal(key: Buffer, sealed: string): string {
  const [version, nonce, tag, ciphertext] = sealed.split(".");
  if (version !== "v1" || nonce === undefined || tag === undefined || ciphertext === undefined) {
    throw new SealedSecretError("not a sealed secret");
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SealedSecretError("sealed with another server key (FORUM_SECRET_KEY), or changed");
  }
}
