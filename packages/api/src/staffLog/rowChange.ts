// The staff log's entry for a change to one row of an admin-managed table (a category, an ad, a
// webhook, a settings row): the row is read before and after the change in the change's own
// transaction, and the entry keeps the fields that differ. One piece for create, edit and delete.

import type { StaffAction, StaffTargetType } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import type { Kysely } from "kysely";
import type { SessionUser } from "../auth/sessions";
import { asStaffAction, changedFields, type StaffRecord, staffActor } from "./record";

/** The tables whose rows are changed through this piece. */
export type LoggedTable =
  | "categories"
  | "advertisements"
  | "webhooks"
  | "adSettings"
  | "forumSettings"
  | "mail_settings";

type Row = Record<string, unknown>;

export type RowChange<T> = {
  action: StaffAction;
  targetType: StaffTargetType;
  table: LoggedTable;
  /** The row's id; for a new row, read from the change's result. */
  id: number | ((result: T) => number);
  /** The fields worth keeping (never a secret's column). */
  fields: readonly string[];
  /** What the target is called, from the row after the change (or before, for a deletion). */
  label: (row: Row) => string;
};

function storedRow(trx: ForumDb, table: LoggedTable, id: number): Promise<Row | undefined> {
  // The tables differ in their columns; only `id` is asked of them here.
  const loose = trx as unknown as Kysely<Record<LoggedTable, { id: number } & Row>>;
  return loose.selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Runs `work` (which changes one row of `change.table`) and records the change in the same
 * transaction. An edit that changed none of `fields` leaves no entry.
 */
export function changeRow<T>(
  ctx: { db: ForumDb; user: SessionUser },
  change: RowChange<NoInfer<T>>,
  work: (trx: ForumDb) => Promise<T>,
): Promise<T> {
  return asStaffAction(ctx.db, staffActor(ctx.user), async (trx) => {
    const knownId = typeof change.id === "number" ? change.id : null;
    const before = knownId === null ? undefined : await storedRow(trx, change.table, knownId);
    const result = await work(trx);
    const id = typeof change.id === "number" ? change.id : change.id(result);
    const after = await storedRow(trx, change.table, id);
    const changes = changedFields(before ?? {}, after ?? {}, change.fields);
    const row = after ?? before;
    const records: StaffRecord[] =
      row && (changes.length > 0 || before === undefined || after === undefined)
        ? [
            {
              action: change.action,
              targetType: change.targetType,
              targetId: id,
              targetLabel: change.label(row),
              changes,
            },
          ]
        : [];
    return { result, records };
  });
}

const SETTINGS_LABELS: Partial<Record<LoggedTable, string>> = {
  adSettings: "Ad settings",
  forumSettings: "Forum settings",
  mail_settings: "Mail settings",
};

/** A change to a one-row settings table (its row is id 1). */
export function settingsChange(action: StaffAction, table: LoggedTable, fields: readonly string[]): RowChange<unknown> {
  return { action, targetType: "settings", table, id: 1, fields, label: () => SETTINGS_LABELS[table] ?? table };
}
