// A service's transaction that joins its caller's when there is one. Kysely refuses to begin a
// transaction inside another, and a staff action (the staff log, issue 32) runs a service's
// transaction inside its own so that the action and its log entry commit together or not at all.
import type { ForumDb } from "./handle";

export function inTransaction<T>(db: ForumDb, work: (trx: ForumDb) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
