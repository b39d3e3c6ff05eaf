// Time-based one-time codes (RFC 6238, as authenticator apps make them): HMAC-SHA1 of the 30 s
// step, 6 digits. A code is accepted for the step before and after this one too (clocks drift),
// and only for a step later than the last one accepted for the account, so a code seen over a
// shoulder cannot be used again within its window.
import { createHmac, randomBytes } from "node:crypto";
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that still count. */
const DRIFT_STEPS = 1;
/** 160 bits, as RFC 4226 recommends for HMAC-SHA1. */
const SECRET_BYTES = 20;

/** A new secret, as the base32 text an authenticator app takes. */
export function newTotpSecret(): string {
  return encodeBase32UpperCaseNoPadding(randomBytes(SECRET_BYTES));
}

export function totpStepAt(now: number): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of `step` (RFC 4226's HOTP with the step as the counter). */
export function totpCode(secret: string, step: number, digits = TOTP_DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", Buffer.from(decodeBase32IgnorePadding(secret)))
    .update(counter)
    .digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/**
 * The step `code` belongs to, if it is a code of a step near `now` later than `lastStep` (the
 * last one accepted); null otherwise. Spaces in the code are ignored ("123 456").
 */
export function acceptedTotpStep(secret: string, code: string, now: number, lastStep: number | null): number | null {
  const digits = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(digits)) return null;
  const current = totpStepAt(now);
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
    if (lastStep !== null && step <= lastStep) continue;
    if (totpCode(secret, step) === digits) return step;
  }
  return null;
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secret: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query}`;
}
