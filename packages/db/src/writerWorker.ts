// Worker thread entry (see writerThread.ts): owns SQLite's write connection. It runs what the main
// thread sends, in order: single statements (Kysely's queries and transactions, one message each),
// and whole write procedures (a function of a module, given this thread's own Kysely over the same
// connection: one message there and back for a whole transaction). Built into the server bundle
// as dist/writerWorker.cjs; run from this source in tests.
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { CompiledQuery, type DatabaseConnection, type Driver, Kysely } from "kysely";
import { configureWriter, withStatementCache } from "./connection";
import { recordGroupCommit } from "./groupCommits";
import type { ForumDb, WriterProcedures } from "./handle";
import { requireServerModule } from "./packageWorker";
import type { Database } from "./schema";
import { type CrossingError, crossingErrorOf } from "./threadErrors";
import { BEGIN_WRITE_TRANSACTION, WriteTransactionsDialect, WriteTransactionsDriver } from "./writeTransactions";

export type WriterWorkerData = {
  path: string;
  backstopPages: number;
  reportStatements: boolean;
  /** Where each group commit's size is counted (groupCommits.ts). */
  groupCommits: SharedArrayBuffer;
};
export type StatementRequest = { id: number; sql: string; parameters: readonly unknown[] };
export type ProcedureRequest = { id: number; module: string; procedure: string; args: unknown };
export type WriterRequest = StatementRequest | ProcedureRequest;
export type WriterResponse =
  | { id: number; rows: unknown[] }
  | { id: number; changes: number; lastInsertRowid: number | bigint }
  | { id: number; value: unknown }
  | { id: number; error: CrossingError }
  /** A SQL text this connection prepared for the first time (query-plan tests collect them). */
  | { statement: string };

const { path, backstopPages, reportStatements, groupCommits } = workerData as WriterWorkerData;
const sqlite = new SQLite(path);
configureWriter(sqlite);
sqlite.pragma(`wal_autocheckpoint = ${backstopPages}`);
sqlite.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
const statements = withStatementCache(
  sqlite,
  reportStatements ? (statement) => parentPort?.postMessage({ statement } satisfies WriterResponse) : undefined,
);

/**
 * Group commit: the procedures waiting at one time run in one SQLite transaction, each inside a
 * savepoint of its own, and their answers go out once it has committed. Each is still all or
 * nothing (its failure rolls back to its savepoint only) and sees the ones before it, as if they
 * had committed one after another; but the batch writes its pages and, above all, flushes the
 * search index's pending terms (FTS5 writes a new segment per transaction) once instead of once
 * per write. While a batch is open, Kysely's begin/commit/rollback become that savepoint's.
 */
let batchOpen = false;
const raw = (text: string) => CompiledQuery.raw(text);

class GroupCommitDriver extends WriteTransactionsDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    if (batchOpen) await connection.executeQuery(raw('savepoint "procedure"'));
    else await super.beginTransaction(connection);
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (batchOpen) await connection.executeQuery(raw('release "procedure"'));
    else await super.commitTransaction(connection);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!batchOpen) return super.rollbackTransaction(connection);
    // An error that ended the whole transaction (disk full, I/O) left no savepoint to return to.
    if (!sqlite.inTransaction) return;
    await connection.executeQuery(raw('rollback to "procedure"'));
    await connection.executeQuery(raw('release "procedure"'));
  }
}

class GroupCommitDialect extends WriteTransactionsDialect {
  override createDriver(): Driver {
    return new GroupCommitDriver({ database: statements });
  }
}

const db: ForumDb = new Kysely<Database>({ dialect: new GroupCommitDialect(statements) });

function runStatement({ id, sql, parameters }: StatementRequest): WriterResponse {
  try {
    const statement = statements.prepare(sql);
    if (statement.reader) return { id, rows: statement.all(parameters) };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { id, changes, lastInsertRowid };
  } catch (error) {
    return { id, error: crossingErrorOf(error) };
  }
}

const modules = new Map<string, WriterProcedures>();

/** The module's `writerProcedures`: the bundle's .cjs, or a TypeScript source through tsx (tests). */
function proceduresOf(module: string): WriterProcedures {
  let procedures = modules.get(module);
  if (!procedures) {
    procedures = (requireServerModule(module) as { writerProcedures: WriterProcedures }).writerProcedures;
    modules.set(module, procedures);
  }
  return procedures;
}

async function runProcedure({ id, module, procedure, args }: ProcedureRequest): Promise<WriterResponse> {
  try {
    const run = proceduresOf(module)[procedure];
    if (!run) throw new Error(`no writer procedure ${procedure} in ${module}`);
    return { id, value: await run(db, args as never) };
  } catch (error) {
    return { id, error: crossingErrorOf(error) };
  }
}

/** Most procedures in one transaction: bounds how long the first of them waits for its answer. */
const MAX_BATCH = 64;

/** Runs the waiting procedures in one transaction; answers each once it committed (or failed). */
async function runBatch(batch: ProcedureRequest[]): Promise<void> {
  try {
    statements.prepare(BEGIN_WRITE_TRANSACTION).run();
  } catch (error) {
    // No transaction to run them in (the file busy past its timeout): each is answered, none hangs.
    for (const { id } of batch) parentPort?.postMessage({ id, error: crossingErrorOf(error) });
    return;
  }
  batchOpen = true;
  const responses: WriterResponse[] = [];
  let lost: CrossingError | null = null;
  try {
    for (const [index, request] of batch.entries()) {
      responses.push(await runProcedure(request));
      if (!sqlite.inTransaction) {
        // SQLite ended the whole transaction: the work of the batch so far is gone. The rest waits.
        const last = responses.at(-1);
        lost = last && "error" in last ? last.error : crossingErrorOf(new Error("the transaction was rolled back"));
        waitingProcedures.unshift(...batch.slice(index + 1));
        break;
      }
    }
  } finally {
    batchOpen = false;
  }
  if (!lost) {
    try {
      statements.prepare("commit").run();
      recordGroupCommit(groupCommits, responses.length);
    } catch (error) {
      lost = crossingErrorOf(error);
      if (sqlite.inTransaction) statements.prepare("rollback").run();
    }
  }
  for (const response of responses) {
    const failed = lost && "id" in response && !("error" in response);
    parentPort?.postMessage(failed ? { id: response.id, error: lost } : response);
  }
}

// Statements come from whoever holds the main thread's connection mutex, so they run as they
// arrive, except while procedures run (their transaction is their own). Procedures wait for a
// transaction the main thread opened statement by statement to end, then run as one batch.
const waitingStatements: StatementRequest[] = [];
const waitingProcedures: ProcedureRequest[] = [];
let batchRunning = false;

function pump(): void {
  if (batchRunning) return;
  for (let next = waitingStatements.shift(); next; next = waitingStatements.shift()) {
    parentPort?.postMessage(runStatement(next));
  }
  if (sqlite.inTransaction || waitingProcedures.length === 0) return;
  batchRunning = true;
  void runBatch(waitingProcedures.splice(0, MAX_BATCH)).finally(() => {
    batchRunning = false;
    pump();
  });
}

parentPort?.on("message", (request: WriterRequest | "stop") => {
  if (request === "stop") {
    sqlite.close();
    parentPort?.close();
    return;
  }
  if ("procedure" in request) waitingProcedures.push(request);
  else waitingStatements.push(request);
  pump();
});
