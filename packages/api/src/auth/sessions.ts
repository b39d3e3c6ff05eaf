// Sessions in the Lucia design: the cookie holds a random token, the database only its
// SHA-256, so a leaked database cannot be replayed as cookies. Expiry slides: a session used
// in the second half of its life is extended to a full 30 days again.

import { type Role, SESSION_LAST_SEEN_EVERY_MS, VISIT_NOTE_EVERY_MS } from "@forum/contracts";
import { compiledOnce, type ForumDb } from "@forum/db";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { noteVisit } from "../services/memberVisits";
import { tokenHash } from "./tokenHash";

const periodOf = (time: number) => Math.floor(time / VISIT_NOTE_EVERY_MS);

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_WHEN_LEFT_MS = SESSION_LIFETIME_MS / 2;

/** `twoStep`: two-step sign-in is on for the account (the forum may require it of staff). */
export type SessionUser = { id: number; username: string; role: Role; banned: boolean; twoStep: boolean };
export type Session = { id: string; userId: number; expiresAt: number };

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** A session's id: its token's hash (./tokenHash.ts). */
export const sessionIdOf = tokenHash;

export async function createSession(
  db: ForumDb,
  token: string,
  userId: number,
  now = Date.now(),
  userAgent: string | null = null,
): Promise<Session> {
  const session = { id: sessionIdOf(token), userId, expiresAt: now + SESSION_LIFETIME_MS };
  await db
    .insertInto("sessions")
    .values({ ...session, createdAt: now, userAgent, lastSeenAt: now })
    .execute();
  return session;
}

export type ValidatedSession = { session: Session; user: SessionUser; renewed: boolean };

// Every signed-in request runs it: built and compiled once (building it cost ~8 % of a vote's
// time on the event loop).
const sessionAndUser = compiledOnce(["id"], (db, a: { id: string }) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .select([
      "sessions.id",
      "sessions.userId",
      "sessions.expiresAt",
      "sessions.lastSeenAt",
      "users.username",
      "users.role",
      "users.banned",
      "users.totpEnabledAt",
    ])
    .where("sessions.id", "=", a.id),
);

/**
 * Looks the token up (on `reader` when given, so signed-in reads do not wait behind writes);
 * deletes it when expired; extends it when past half its life; notes its use when the last note
 * is a minute old (the sessions list's "last seen", without a write per request).
 */
export async function validateSessionToken(
  db: ForumDb,
  token: string,
  now = Date.now(),
  reader: ForumDb = db,
): Promise<ValidatedSession | null> {
  const id = sessionIdOf(token);
  const [row] = (await reader.executeQuery(sessionAndUser(reader, { id }))).rows;
  if (!row) return null;
  if (now >= row.expiresAt) {
    await db.deleteFrom("sessions").where("id", "=", id).execute();
    return null;
  }
  const session: Session = { id, userId: row.userId, expiresAt: row.expiresAt };
  const renewed = row.expiresAt - now < RENEW_WHEN_LEFT_MS;
  if (renewed) session.expiresAt = now + SESSION_LIFETIME_MS;
  const seen = row.lastSeenAt === null || now - Number(row.lastSeenAt) >= SESSION_LAST_SEEN_EVERY_MS;
  // The member's visit (what is "New" to them) is noted with it, once per VISIT_NOTE_EVERY_MS
  // period the session is used in.
  const visit = seen && (row.lastSeenAt === null || periodOf(Number(row.lastSeenAt)) !== periodOf(now));
  if (renewed || seen) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("sessions")
        .set({ ...(renewed ? { expiresAt: session.expiresAt } : {}), ...(seen ? { lastSeenAt: now } : {}) })
        .where("id", "=", id)
        .execute();
      if (visit) await noteVisit(trx, row.userId, now);
    });
  }
  return {
    session,
    user: {
      id: row.userId,
      username: row.username,
      role: row.role,
      banned: row.banned === 1,
      twoStep: row.totpEnabledAt !== null,
    },
    renewed,
  };
}

export async function invalidateSession(db: ForumDb, sessionId: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

export async function invalidateUserSessions(db: ForumDb, userId: number, exceptSessionId?: string): Promise<void> {
  let query = db.deleteFrom("sessions").where("userId", "=", userId);
  if (exceptSessionId) query = query.where("id", "!=", exceptSessionId);
  await query.execute();
}
