// RFC 6238's own test vectors (SHA-1, the 20-byte ASCII secret "12345678901234567890"), the
// drift window, and a code refused for a step already used.
import { encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { acceptedTotpStep, newTotpSecret, totpCode, totpStepAt, totpUri } from "../src/auth/totp";

const RFC_SECRET = encodeBase32UpperCaseNoPadding(new TextEncoder().encode("12345678901234567890"));

describe("TOTP", () => {
  it.each([
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ])("at %i s the 8-digit code is %s (RFC 6238), and the 6-digit one its last six", (seconds, code) => {
    const step = totpStepAt(seconds * 1000);
    expect(totpCode(RFC_SECRET, step, 8)).toBe(code);
    expect(totpCode(RFC_SECRET, step)).toBe(code.slice(2));
  });

  it("accepts the step before and after now, not two away, and never a step already used", () => {
    const now = 1_700_000_000_000;
    const step = totpStepAt(now);
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(acceptedTotpStep(secret, totpCode(secret, step), now, null)).toBe(step);
    expect(acceptedTotpStep(secret, totpCode(secret, step - 1), now, null)).toBe(step - 1);
    expect(acceptedTotpStep(secret, totpCode(secret, step + 1), now, null)).toBe(step + 1);
    expect(acceptedTotpStep(secret, totpCode(secret, step - 2), now, null)).toBeNull();
    // Used once: the same code (or an older one) again is refused.
    expect(acceptedTotpStep(secret, totpCode(secret, step), now, step)).toBeNull();
    expect(acceptedTotpStep(secret, totpCode(secret, step - 1), now, step)).toBeNull();
    expect(
      acceptedTotpStep(secret, ` ${totpCode(secret, step).slice(0, 3)} ${totpCode(secret, step).slice(3)} `, now, null),
    ).toBe(step);
    expect(acceptedTotpStep(secret, "12345", now, null)).toBeNull();
  });

  it("gives authenticator apps an otpauth address with the issuer", () => {
    expect(totpUri("ABC", "ada", "Tech Forum")).toBe(
      "otpauth://totp/Tech%20Forum%3Aada?secret=ABC&issuer=Tech+Forum&algorithm=SHA1&digits=6&period=30",
    );
  });
});
