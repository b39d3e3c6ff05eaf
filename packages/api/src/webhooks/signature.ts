// A delivery's signature: HMAC-SHA256 of `${timestamp}.${body}` with the endpoint's secret, as
// "sha256=<hex>". The timestamp (seconds) is signed too, so a receiver can refuse an old
// delivery replayed later. The README shows the receiver's side of this check.
import { createHmac } from "node:crypto";

export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}
