// Signing a member in on this browser: a new session and its cookie (sign-in, registration,
// a password reset).
import type { Context } from "../context";
import { createSession, generateSessionToken } from "./sessions";

export async function startSession(ctx: Pick<Context, "db" | "cookies">, userId: number): Promise<void> {
  const token = generateSessionToken();
  const session = await createSession(ctx.db, token, userId);
  ctx.cookies.set(token, session.expiresAt);
}
