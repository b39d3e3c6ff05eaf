// A consistent copy of a live SQLite forum: SQLite's online backup API (never a file copy, which
// can catch the file between a transaction's pages, or miss what is still in the WAL). It runs on
// a worker thread with its own read-only connection, so a server taking a backup keeps serving.
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { ForumDb } from "../handle";
import { startPackageWorker } from "../packageWorker";
import type { Database } from "../schema";
import { workerModule } from "../workerModules";
import type { SqliteBackupWorkerData, SqliteBackupWorkerMessage } from "./sqliteBackupWorker";

/** Copies the database at `source` into the new file `destination`; resolves with its page count. */
export function snapshotSqlite(source: string, destination: string): Promise<number> {
  const worker = startPackageWorker(workerModule("sqliteBackupWorker"), {
    source,
    destination,
  } satisfies SqliteBackupWorkerData);
  return new Promise((resolve, reject) => {
    let settled = false;
    worker.once("message", (message: SqliteBackupWorkerMessage) => {
      settled = true;
      if ("error" in message) reject(new Error(`SQLite's online backup failed: ${message.error}`));
      else resolve(message.pages);
    });
    worker.once("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`SQLite's online backup stopped (worker exit code ${code})`));
    });
  });
}

/**
 * Runs `work` on the SQLite file at `path` with a connection of its own on this thread (a backup's
 * image: small queries only), then closes it.
 */
export async function withSqliteFile<T>(path: string, work: (db: ForumDb) => Promise<T>): Promise<T> {
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(path, { fileMustExist: true }) }),
  });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}
