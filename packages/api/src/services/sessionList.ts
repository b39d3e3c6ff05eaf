// A member's sessions as Settings → Security lists them, and ending one or all the others. Each
// session is named by a short id derived from its key (a hash of its key, cut to 16 hex digits):
// the key itself stays in the database, and the cookie's token is never stored at all.
import { createHash } from "node:crypto";
import { SESSION_MESSAGES, type SessionView } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { describeUserAgent } from "../auth/userAgent";
import { notFound } from "../errors";

export function publicSessionId(sessionId: string): string {
  return createHash("sha256").update(`session:${sessionId}`).digest("hex").slice(0, 16);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export async function listSessions(db: ForumDb, userId: number, currentSessionId: string): Promise<SessionView[]> {
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "userAgent", "createdAt", "lastSeenAt"])
    .where("userId", "=", userId)
    .execute();
  const views = rows.map((row) => ({
    id: publicSessionId(row.id),
    ...describeUserAgent(row.userAgent),
    signedInAt: iso(row.createdAt) as string,
    lastSeenAt: iso(row.lastSeenAt),
    current: row.id === currentSessionId,
    lastUse: Number(row.lastSeenAt ?? row.createdAt),
  }));
  // This browser first, then the most recently used.
  views.sort((a, b) => Number(b.current) - Number(a.current) || b.lastUse - a.lastUse);
  return views.map(({ lastUse: _, ...view }) => view);
}

/** Ends one of the member's sessions (their current one too: that is signing out); answers its key. */
export async function endSession(db: ForumDb, userId: number, publicId: string): Promise<string> {
  const rows = await db.selectFrom("sessions").select("id").where("userId", "=", userId).execute();
  const match = rows.find((row) => publicSessionId(row.id) === publicId);
  if (!match) throw notFound(SESSION_MESSAGES.notFound);
  await db.deleteFrom("sessions").where("id", "=", match.id).where("userId", "=", userId).execute();
  return match.id;
}

/** Ends every session of the member but this one; answers how many. */
export async function endOtherSessions(db: ForumDb, userId: number, currentSessionId: string): Promise<number> {
  const ended = await db
    .deleteFrom("sessions")
    .where("userId", "=", userId)
    .where("id", "!=", currentSessionId)
    .executeTakeFirst();
  return Number(ended.numDeletedRows);
}
