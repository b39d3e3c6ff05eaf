// Worker thread entry (see writerThread.ts): owns SQLite's write connection and runs each
// statement the main thread sends, in order. Built into the server bundle as
// dist/writerWorker.cjs; run from this source in tests.
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { configureWriter, withStatementCache } from "./connection";

export type WriterWorkerData = { path: string; backstopPages: number };
export type WriterRequest = { id: number; sql: string; parameters: readonly unknown[] };
export type WriterResponse =
  | { id: number; rows: unknown[] }
  | { id: number; changes: number; lastInsertRowid: number | bigint }
  | { id: number; error: { message: string; name: string; code: unknown } };

const { path, backstopPages } = workerData as WriterWorkerData;
const sqlite = new SQLite(path);
configureWriter(sqlite);
sqlite.pragma(`wal_autocheckpoint = ${backstopPages}`);
sqlite.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
const statements = withStatementCache(sqlite);

function run({ id, sql, parameters }: WriterRequest): WriterResponse {
  try {
    const statement = statements.prepare(sql);
    if (statement.reader) return { id, rows: statement.all(parameters) };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { id, changes, lastInsertRowid };
  } catch (error) {
    const { message, name, code } = error as Error & { code?: unknown };
    return { id, error: { message: String(message), name: String(name), code } };
  }
}

parentPort?.on("message", (request: WriterRequest | "stop") => {
  if (request === "stop") {
    sqlite.close();
    parentPort?.close();
    return;
  }
  parentPort?.postMessage(run(request));
});
