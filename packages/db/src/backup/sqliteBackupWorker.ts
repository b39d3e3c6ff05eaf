// Worker thread entry (see sqliteSnapshot.ts): SQLite's online backup of the forum's file into a
// new file, on a read-only connection of its own, off the server's event loop.
// Built into the server bundle as dist/sqliteBackupWorker.cjs; run from this source in tests.
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

export type SqliteBackupWorkerData = { source: string; destination: string };
export type SqliteBackupWorkerMessage = { done: true; pages: number } | { error: string };

const { source, destination } = workerData as SqliteBackupWorkerData;

async function run(): Promise<number> {
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    // After the first (empty) step, every remaining page in one step: one read transaction, so the
    // copy is the database at one moment. In small steps, SQLite restarts the copy whenever another
    // connection writes between two steps, which a busy forum does all the time. In WAL mode that
    // read transaction blocks no writer.
    const result = await db.backup(destination, { progress: () => 0x7fffffff });
    // The copy says WAL like the forum's file; as a file of its own it needs no WAL beside it.
    const copy = new SQLite(destination);
    copy.pragma("journal_mode = DELETE");
    copy.close();
    return result.totalPages;
  } finally {
    db.close();
  }
}

run().then(
  (pages) => parentPort?.postMessage({ done: true, pages } satisfies SqliteBackupWorkerMessage),
  (error: unknown) =>
    parentPort?.postMessage({
      error: error instanceof Error ? error.message : String(error),
    } satisfies SqliteBackupWorkerMessage),
);
