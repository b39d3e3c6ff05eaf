// Writing the staff log (migration 0031): a staff action and its entry commit in one transaction,
// so the log can neither miss an action that happened nor show one that was rolled back.
import type { StaffAction, StaffChange, StaffTargetType, StaffValue } from "@forum/contracts";
import { type ForumDb, inTransaction } from "@forum/db";

/** Who acted: a signed-in staff member, or null for work done outside the forum (the restore command). */
export type StaffActor = { id: number; username: string } | null;

export const staffActor = (user: { id: number; username: string }): StaffActor => ({
  id: user.id,
  username: user.username,
});

export type StaffRecord = {
  action: StaffAction;
  targetType: StaffTargetType;
  targetId: number | null;
  /** What the target is called now (a username, a title, a file name). */
  targetLabel: string;
  changes?: StaffChange[];
  details?: Record<string, StaffValue>;
};

/** Fields whose values would say too much if kept: recorded as changed, never with their values. */
const HIDDEN_FIELDS = new Set(["password", "passwordHash", "secret", "secretSealed", "token"]);

/** A column's value as the log keeps it (bigint times as numbers, anything else as JSON text). */
function asStaffValue(value: unknown): StaffValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "bigint") return Number(value);
  return JSON.stringify(value);
}

/** The fields among `fields` whose values differ between `before` and `after`. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[],
): StaffChange[] {
  const changes: StaffChange[] = [];
  for (const field of fields) {
    const was = asStaffValue(before[field]);
    const is = asStaffValue(after[field]);
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    changes.push(HIDDEN_FIELDS.has(field) ? { field, before: null, after: null } : { field, before: was, after: is });
  }
  return changes;
}

/** Adds entries to the log inside the caller's transaction. */
export async function recordStaffActions(
  trx: ForumDb,
  actor: StaffActor,
  records: readonly StaffRecord[],
  now = Date.now(),
): Promise<void> {
  if (records.length === 0) return;
  await trx
    .insertInto("staff_log")
    .values(
      records.map((record) => ({
        createdAt: now,
        actorId: actor?.id ?? null,
        actorUsername: actor?.username ?? null,
        action: record.action,
        targetType: record.targetType,
        targetId: record.targetId,
        targetLabel: record.targetLabel,
        changes: JSON.stringify(record.changes ?? []),
        details: JSON.stringify(record.details ?? {}),
      })),
    )
    .execute();
}

/**
 * Runs a staff action in a transaction (one the services it calls join) and records what it says
 * it did in that same transaction. `work` answers its result and its entries (none when it
 * turned out to change nothing worth a line, e.g. an author editing their own post).
 */
export function asStaffAction<T>(
  db: ForumDb,
  actor: StaffActor,
  work: (trx: ForumDb) => Promise<{ result: T; records: StaffRecord[] }>,
): Promise<T> {
  return inTransaction(db, async (trx) => {
    const { result, records } = await work(trx);
    await recordStaffActions(trx, actor, records);
    return result;
  });
}

/** A backup taken ("Back up now", or the schedule's with no actor): the file it wrote. */
export function backupRecord(name: string, sizeBytes: number, by?: "schedule"): StaffRecord {
  return {
    action: "backup.create",
    targetType: "backup",
    targetId: null,
    targetLabel: name,
    details: { sizeBytes, ...(by ? { by } : {}) },
  };
}
