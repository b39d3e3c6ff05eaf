import {
  changePasswordInput,
  currentUserSchema,
  loginInput,
  MESSAGES,
  messageViewSchema,
  registerInput,
  secondStepInput,
  secondStepNeededSchema,
  THROTTLES,
  TWO_STEP_MESSAGES,
} from "@forum/contracts";
import { z } from "zod";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../auth/password";
import { invalidateSession } from "../auth/sessions";
import { startSession } from "../auth/signIn";
import { answer, withWait } from "../describe";
import { badRequest, forbidden, unauthorized } from "../errors";
import { queueConfirmationMail } from "../services/emailConfirmation";
import { counted, throttle } from "../services/limits";
import { toCurrentUser } from "../services/mappers";
import { challengedUser, createChallenge, endChallenge, proveSecondStep } from "../services/twoStep";
import { createUser, findUserById, findUserByUsername, replacePassword } from "../services/users";
import { memberProcedure, publicProcedure, router, sessionProcedure } from "../trpc";

export const authRouter = router({
  /**
   * The signed-in user; 401 when signed out. A session whose account has been banned is signed out
   * here, with the reason as the message: the page the member opens next says why they are a
   * visitor now.
   */
  me: publicProcedure
    .meta({
      rest: [
        { method: "GET", path: "/api/user", from: "none" },
        { method: "GET", path: "/api/auth/user", from: "none" },
      ],
      summary:
        "The signed-in member's own account; a banned account's session is signed out with the ban as the message",
      failures: { 401: [MESSAGES.notSignedIn, MESSAGES.banned] },
      cache: "never",
    })
    .output(answer(currentUserSchema))
    .query(async ({ ctx }) => {
      if (!ctx.user) throw unauthorized(MESSAGES.notSignedIn);
      if (ctx.user.banned) {
        ctx.cookies.clear();
        throw unauthorized(MESSAGES.banned);
      }
      return toCurrentUser(await findUserById(ctx.db, ctx.user.id));
    }),

  /**
   * Every attempt counts against the client's address and the account before the password is
   * checked, so once an account is over its limit even the right password waits; a successful
   * sign-in clears the account's count.
   */
  login: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/login" },
      summary:
        "Sign in: sets the session cookie; with two-step sign-in on, answers a challenge for POST /api/login/second-step instead",
      failures: {
        401: MESSAGES.invalidCredentials,
        403: MESSAGES.banned,
        429: withWait(MESSAGES.tooManyLoginAttempts),
      },
      writes: ["sessions", "throttles"],
      sessionOnly: true,
    })
    .input(loginInput)
    .output(answer(z.union([currentUserSchema, secondStepNeededSchema])))
    .mutation(async ({ ctx, input }) => {
      const account = input.username.toLowerCase();
      await throttle(ctx.throttles, THROTTLES.loginPerAddress, ctx.clientIp, MESSAGES.tooManyLoginAttempts);
      await throttle(ctx.throttles, THROTTLES.loginPerAccount, account, MESSAGES.tooManyLoginAttempts);
      const user = await findUserByUsername(ctx.db, input.username);
      if (!user) {
        await verifyAgainstDummy(input.password);
        throw unauthorized(MESSAGES.invalidCredentials);
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) throw unauthorized(MESSAGES.invalidCredentials);
      // Only after the password matched, so a ban does not reveal that an account exists.
      if (user.banned === 1) throw forbidden(MESSAGES.banned);
      await ctx.throttles.clear(THROTTLES.loginPerAccount, account);
      // The password was right; with two-step sign-in on, the session waits for a code.
      if (user.totpEnabledAt !== null) {
        return { secondStep: "totp" as const, challenge: await createChallenge(ctx.db, user.id, ctx.throttles.now()) };
      }
      await startSession(ctx, user.id);
      return toCurrentUser(user);
    }),

  /** The second step of a sign-in: a current authenticator code, or an unused recovery code. */
  secondStep: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/login/second-step" },
      summary: "Finish a sign-in with two-step sign-in on: the code from the authenticator app, or a recovery code",
      failures: {
        401: [TWO_STEP_MESSAGES.challengeExpired, TWO_STEP_MESSAGES.codeWrong],
        403: MESSAGES.banned,
        429: withWait(TWO_STEP_MESSAGES.tooManyCodes),
      },
      writes: ["sessions", "throttles", "twoStep"],
      sessionOnly: true,
    })
    .input(secondStepInput)
    .output(answer(currentUserSchema))
    .mutation(async ({ ctx, input }) => {
      const now = ctx.throttles.now();
      const userId = await challengedUser(ctx.db, input.challenge, now);
      if (userId === null) throw unauthorized(TWO_STEP_MESSAGES.challengeExpired);
      const subject = String(userId);
      await throttle(ctx.throttles, THROTTLES.secondStepPerAccount, subject, TWO_STEP_MESSAGES.tooManyCodes);
      if (!(await proveSecondStep(ctx.db, ctx.serverKey, userId, input.code, now))) {
        throw unauthorized(TWO_STEP_MESSAGES.codeWrong);
      }
      await endChallenge(ctx.db, input.challenge);
      await ctx.throttles.clear(THROTTLES.secondStepPerAccount, subject);
      const user = await findUserById(ctx.db, userId);
      if (user.banned === 1) throw forbidden(MESSAGES.banned);
      await startSession(ctx, user.id);
      return toCurrentUser(user);
    }),

  /** A refused registration (a taken name) does not count against the address. */
  register: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/register", status: 201 },
      summary: "Create an account and sign in: sets the session cookie",
      failures: {
        409: [MESSAGES.usernameTaken, MESSAGES.emailTaken, MESSAGES.accountTaken],
        429: withWait(MESSAGES.tooManyRegistrations),
      },
      writes: ["users", "sessions", "throttles", "mail", "webhooks"],
      sessionOnly: true,
    })
    .input(registerInput)
    .output(answer(currentUserSchema))
    .mutation(async ({ ctx, input }) => {
      const user = await counted(
        ctx.throttles,
        THROTTLES.registrationsPerAddress,
        ctx.clientIp,
        MESSAGES.tooManyRegistrations,
        async () =>
          createUser(
            ctx.db,
            { username: input.username, email: input.email, passwordHash: await hashPassword(input.password) },
            ctx.mail.now(),
            // The confirmation mail commits with the account, or neither does.
            (trx, user) => queueConfirmationMail(trx, ctx.mail, user, user.email),
          ),
      );
      ctx.mail.wake();
      await startSession(ctx, user.id);
      return toCurrentUser(user);
    }),

  logout: sessionProcedure
    .meta({
      rest: { method: "POST", path: "/api/logout", from: "none" },
      summary: "Sign out: ends this session and clears its cookie",
      writes: ["sessions"],
      sessionOnly: true,
    })
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx }) => {
      // sessionOnly: an API token never gets here, so the caller is signed in by a session.
      if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
      ctx.cookies.clear();
      // Its streams close and come back as what the account now is (live/hub.ts).
      ctx.announce({ type: "access", userId: ctx.user.id });
      return { message: "You have been logged out successfully" };
    }),

  /** Changes the password and signs out every other session of the account. */
  changePassword: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/auth/change-password" },
      summary: "Change the password; every other session of the account is signed out",
      failures: { 400: MESSAGES.currentPasswordWrong },
      writes: ["users", "sessions"],
      sessionOnly: true,
    })
    .input(changePasswordInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      const user = await findUserById(ctx.db, ctx.user.id);
      // 400, not 401: a wrong current password must not look like a lost session to the client.
      if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
        throw badRequest(MESSAGES.currentPasswordWrong);
      await replacePassword(ctx.db, user.id, { passwordHash: await hashPassword(input.newPassword) }, ctx.session?.id);
      ctx.announce({ type: "access", userId: user.id });
      return { message: "Your password has been successfully changed." };
    }),
});
