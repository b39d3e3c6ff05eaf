// Two-step sign-in (issue 30): an authenticator app (TOTP) after the password, or one of ten
// single-use recovery codes. What the calls take and answer, and what the server says.
import { z } from "zod";
import { inMinutes } from "./messages";

export const RECOVERY_CODE_COUNT = 10;
/** How long a sign-in waits for its second step. */
export const SECOND_STEP_WINDOW_MS = 10 * 60_000;

export const TWO_STEP_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code",
  codeWrong: "That code is not right: enter the current code from your authenticator app, or a recovery code",
  setupFirst: "Start the set-up first: scan the QR code, then enter a code",
  alreadyOn: "Two-step sign-in is already on",
  notOn: "Two-step sign-in is not on",
  turnedOn: "Two-step sign-in is on",
  turnedOff: "Two-step sign-in is off",
  proofRequired: "Enter a current code or your password to turn two-step sign-in off",
  passwordWrong: "Current password is incorrect",
  challengeExpired: "Your sign-in took too long or was already used: please sign in again",
  tooManyCodes: (minutes: number) => `Too many wrong codes. Try again in ${inMinutes(minutes)}.`,
  staffRequired: "Admins and moderators must set up two-step sign-in first: Settings → Security",
  ownFirst: "Turn on two-step sign-in for your own account first (Settings → Security), so you are not locked out",
} as const;

const code = z
  .string({ error: TWO_STEP_MESSAGES.codeRequired })
  .trim()
  .min(1, TWO_STEP_MESSAGES.codeRequired)
  .max(40, TWO_STEP_MESSAGES.codeWrong);

/** What set-up shows: the secret as text, the otpauth address, and its QR code as SVG. */
export const twoStepSetupSchema = z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() });
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;

export const enableTwoStepInput = z.object({ code });
/** The recovery codes: shown this once, kept only as hashes. */
export const recoveryCodesSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });

export const disableTwoStepInput = z.object({ code: code.optional(), password: z.string().optional() });

export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.iso.datetime().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

/** The answer to a password that was right for an account with two-step sign-in on. */
export const secondStepNeededSchema = z.object({
  secondStep: z.literal("totp"),
  /** Sent back with the code (POST /api/login/second-step): minutes long, once. */
  challenge: z.string(),
});
export type SecondStepNeeded = z.infer<typeof secondStepNeededSchema>;

export const secondStepInput = z.object({ challenge: z.string({ error: TWO_STEP_MESSAGES.challengeExpired }), code });
