// What the forum keeps of a random secret it hands out (a session token, an API token, a mailed
// link, a recovery code, a sign-in challenge): its SHA-256 in hex, so a leaked database holds
// nothing that works. Node's native hash (the pure-JS one cost ~30 µs per request).
import { createHash } from "node:crypto";

export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
