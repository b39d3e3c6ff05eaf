// Two-step sign-in on Settings → Security (issue 30): set-up (a secret as text and as a QR code),
// turning it on with a first code (ten recovery codes shown once), its state, and turning it off
// with a current code or the password. A browser's session only: an API token cannot change how
// its member signs in.
import {
  disableTwoStepInput,
  enableTwoStepInput,
  MESSAGES,
  messageViewSchema,
  recoveryCodesSchema,
  TWO_STEP_MESSAGES,
  twoStepSetupSchema,
  twoStepStatusSchema,
} from "@forum/contracts";
import QRCode from "qrcode";
import { provePassword, proveTwoStepCode } from "../auth/proofs";
import { totpUri } from "../auth/totp";
import { answer, withWait } from "../describe";
import { badRequest } from "../errors";
import { siteName } from "../services/site";
import { disableTwoStep, enableTwoStep, startTwoStepSetup, twoStepStatus } from "../services/twoStep";
import { findUserById } from "../services/users";
import { memberProcedure, router } from "../trpc";

export const twoStepRouter = router({
  status: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/users/me/two-step", from: "none" },
      summary: "Whether two-step sign-in is on, since when, and how many recovery codes are left",
      sessionOnly: true,
    })
    .output(answer(twoStepStatusSchema))
    .query(({ ctx }) => twoStepStatus(ctx.db, ctx.user.id)),

  setup: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/users/me/two-step/setup", from: "none" },
      summary:
        "Start set-up: a new secret for the authenticator app, as text and as a QR code (not on until a code confirms it)",
      failures: { 409: TWO_STEP_MESSAGES.alreadyOn },
      writes: ["twoStep"],
      sessionOnly: true,
    })
    .output(answer(twoStepSetupSchema))
    .mutation(async ({ ctx }) => {
      const secret = await startTwoStepSetup(ctx.db, ctx.serverKey, ctx.user.id);
      // The name authenticator apps show beside the code: the forum's, as the admin set it.
      const uri = totpUri(secret, ctx.user.username, await siteName(ctx.db));
      return { secret, uri, qrSvg: await QRCode.toString(uri, { type: "svg", margin: 1 }) };
    }),

  enable: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/users/me/two-step/enable" },
      summary: "Turn two-step sign-in on with a current code; answers ten recovery codes, shown this once",
      failures: { 409: TWO_STEP_MESSAGES.alreadyOn },
      writes: ["twoStep"],
      sessionOnly: true,
    })
    .input(enableTwoStepInput)
    .output(answer(recoveryCodesSchema))
    .mutation(async ({ ctx, input }) => ({
      message: TWO_STEP_MESSAGES.turnedOn,
      recoveryCodes: await enableTwoStep(ctx.db, ctx.serverKey, ctx.user.id, input.code, ctx.throttles.now()),
    })),

  disable: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/users/me/two-step/disable" },
      summary: "Turn two-step sign-in off, with a current code (or a recovery code) or the password",
      failures: {
        400: [
          TWO_STEP_MESSAGES.notOn,
          TWO_STEP_MESSAGES.proofRequired,
          TWO_STEP_MESSAGES.codeWrong,
          TWO_STEP_MESSAGES.passwordWrong,
        ],
        429: [withWait(MESSAGES.tooManyLoginAttempts), withWait(TWO_STEP_MESSAGES.tooManyCodes)],
      },
      // Wrong tries count against the sign-in limits (auth/proofs.ts).
      writes: ["twoStep", "throttles"],
      sessionOnly: true,
    })
    .input(disableTwoStepInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      const status = await twoStepStatus(ctx.db, ctx.user.id);
      if (!status.enabled) throw badRequest(TWO_STEP_MESSAGES.notOn);
      if (input.code) await proveTwoStepCode(ctx, ctx.user.id, input.code);
      else if (input.password) {
        await provePassword(
          ctx,
          await findUserById(ctx.db, ctx.user.id),
          input.password,
          TWO_STEP_MESSAGES.passwordWrong,
        );
      } else throw badRequest(TWO_STEP_MESSAGES.proofRequired);
      await disableTwoStep(ctx.db, ctx.user.id);
      return { message: TWO_STEP_MESSAGES.turnedOff };
    }),
});
