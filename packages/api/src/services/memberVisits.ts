// A member's visits (member_visits, migration 0030): what was posted since their previous visit,
// and not opened by them, is "New" to them. The visit is noted with their session's use
// (auth/sessions.ts) at most every VISIT_NOTE_EVERY_MS, never on every request; a pause longer than
// NEW_AFTER_PAUSE_MS between two notes starts a new visit.
import { NEW_AFTER_PAUSE_MS } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { sql } from "kysely";

/** Notes the member's use of the forum now; after a pause, the visit before it becomes their previous one. */
export async function noteVisit(db: ForumDb, userId: number, now: number): Promise<void> {
  await db
    .insertInto("member_visits")
    .values({ userId, lastSeenAt: now, previousVisitAt: null })
    .onConflict((conflict) =>
      conflict.column("userId").doUpdateSet({
        previousVisitAt: sql<
          number | null
        >`case when member_visits."lastSeenAt" < ${now - NEW_AFTER_PAUSE_MS} then member_visits."lastSeenAt" else member_visits."previousVisitAt" end`,
        lastSeenAt: sql<number>`excluded."lastSeenAt"`,
      }),
    )
    .execute();
}

/** "Mark all as read": nothing posted before now is "New" any more. */
export async function startNewVisit(db: ForumDb, userId: number, now: number): Promise<void> {
  await db
    .insertInto("member_visits")
    .values({ userId, lastSeenAt: now, previousVisitAt: now })
    .onConflict((conflict) => conflict.column("userId").doUpdateSet({ lastSeenAt: now, previousVisitAt: now }))
    .execute();
}

/** Since when posts are "New" to the member: their previous visit, or their account's creation before one. */
export async function previousVisitOf(db: ForumDb, userId: number): Promise<number> {
  const row = await db
    .selectFrom("users")
    .leftJoin("member_visits", "member_visits.userId", "users.id")
    .select(["users.createdAt", "member_visits.previousVisitAt"])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  return Number(row?.previousVisitAt ?? row?.createdAt ?? 0);
}
