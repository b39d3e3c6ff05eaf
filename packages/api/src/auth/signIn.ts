// Signing a member in on this browser: a new session and its cookie (sign-in, registration,
// a password reset).
import type { Context } from "../context";
import { createSession, generateSessionToken } from "./sessions";

export async function startSession(ctx: Pick<Context, "db" | "cookies" | "userAgent">, userId: number): Promise<void> {
  const token = generateSessionToken();
  const session = await createSession(ctx.db, token, userId, Date.now(), ctx.userAgent);
  ctx.cookies.set(token, session.expiresAt);
}
