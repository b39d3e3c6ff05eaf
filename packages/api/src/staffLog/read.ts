// Reading the staff log: newest first, filtered by staff member, action and target, a page at a
// time by id (an entry logged while someone pages does not shift the pages after it).
import type { StaffLogEntry, StaffLogInput, StaffLogPage } from "@forum/contracts";
import type { ForumDb } from "@forum/db";

type StaffLogRow = {
  id: number;
  createdAt: number;
  actorId: number | null;
  actorUsername: string | null;
  action: string;
  targetType: string;
  targetId: number | null;
  targetLabel: string;
  changes: string;
  details: string;
};

function toEntry(row: StaffLogRow): StaffLogEntry {
  return {
    id: row.id,
    createdAt: new Date(Number(row.createdAt)).toISOString(),
    actor: row.actorId === null ? null : { id: row.actorId, username: row.actorUsername ?? "" },
    // Written only from STAFF_ACTIONS and STAFF_TARGET_TYPES (record.ts).
    action: row.action as StaffLogEntry["action"],
    targetType: row.targetType as StaffLogEntry["targetType"],
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    changes: JSON.parse(row.changes),
    details: JSON.parse(row.details),
  };
}

export async function listStaffLog(db: ForumDb, filter: StaffLogInput): Promise<StaffLogPage> {
  let query = db.selectFrom("staff_log").selectAll();
  if (filter.actorId !== undefined) query = query.where("actorId", "=", filter.actorId);
  if (filter.action !== undefined) query = query.where("action", "=", filter.action);
  if (filter.targetType !== undefined) query = query.where("targetType", "=", filter.targetType);
  if (filter.targetId !== undefined) query = query.where("targetId", "=", filter.targetId);
  if (filter.before !== undefined) query = query.where("id", "<", filter.before);
  // One more than a page: whether an older page exists, without counting.
  const rows = await query
    .orderBy("id", "desc")
    .limit(filter.limit + 1)
    .execute();
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return { entries: page.map(toEntry), nextBefore: rows.length > filter.limit && last ? last.id : null };
}

/** Everyone who has acted, by the name they had last: the screen's "Staff member" choices. */
export async function staffLogActors(db: ForumDb): Promise<{ id: number; username: string }[]> {
  const rows = await db
    .selectFrom("staff_log")
    .select(["actorId", (eb) => eb.fn.max("id").as("lastId")])
    .where("actorId", "is not", null)
    .groupBy("actorId")
    .execute();
  if (rows.length === 0) return [];
  const names = await db
    .selectFrom("staff_log")
    .select(["actorId", "actorUsername"])
    .where(
      "id",
      "in",
      rows.map((row) => Number(row.lastId)),
    )
    .execute();
  return names
    .map((row) => ({ id: Number(row.actorId), username: row.actorUsername ?? "" }))
    .sort((a, b) => a.username.localeCompare(b.username));
}
