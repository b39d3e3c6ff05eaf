import { changePasswordInput, loginInput, MESSAGES, registerInput, THROTTLES } from "@forum/contracts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../auth/password";
import { createSession, generateSessionToken, invalidateSession } from "../auth/sessions";
import type { Context } from "../context";
import { badRequest, forbidden, unauthorized } from "../errors";
import { counted, throttle } from "../services/limits";
import { toCurrentUser } from "../services/mappers";
import { createUser, findUserById, findUserByUsername, replacePassword } from "../services/users";
import { memberProcedure, publicProcedure, router, sessionProcedure } from "../trpc";

async function startSession(ctx: Context, userId: number) {
  const token = generateSessionToken();
  const session = await createSession(ctx.db, token, userId);
  ctx.cookies.set(token, session.expiresAt);
}

export const authRouter = router({
  /**
   * The signed-in user; 401 when signed out. A session whose account has been banned is signed out
   * here, with the reason as the message: the page the member opens next says why they are a
   * visitor now.
   */
  me: publicProcedure.meta({ cache: "never" }).query(async ({ ctx }) => {
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
    .meta({ writes: ["sessions", "throttles"] })
    .input(loginInput)
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
      await startSession(ctx, user.id);
      return toCurrentUser(user);
    }),

  /** A refused registration (a taken name) does not count against the address. */
  register: publicProcedure
    .meta({ writes: ["users", "sessions", "throttles"] })
    .input(registerInput)
    .mutation(async ({ ctx, input }) => {
      const user = await counted(
        ctx.throttles,
        THROTTLES.registrationsPerAddress,
        ctx.clientIp,
        MESSAGES.tooManyRegistrations,
        async () =>
          createUser(ctx.db, {
            username: input.username,
            email: input.email,
            passwordHash: await hashPassword(input.password),
          }),
      );
      await startSession(ctx, user.id);
      return toCurrentUser(user);
    }),

  logout: sessionProcedure.meta({ writes: ["sessions"] }).mutation(async ({ ctx }) => {
    await invalidateSession(ctx.db, ctx.session.id);
    ctx.cookies.clear();
    return { message: "You have been logged out successfully" };
  }),

  /** Changes the password and signs out every other session of the account. */
  changePassword: memberProcedure
    .meta({ writes: ["users", "sessions"] })
    .input(changePasswordInput)
    .mutation(async ({ ctx, input }) => {
      const user = await findUserById(ctx.db, ctx.user.id);
      // 400, not 401: a wrong current password must not look like a lost session to the client.
      if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
        throw badRequest(MESSAGES.currentPasswordWrong);
      await replacePassword(ctx.db, user.id, { passwordHash: await hashPassword(input.newPassword) }, ctx.session.id);
      return { message: "Your password has been successfully changed." };
    }),
});
