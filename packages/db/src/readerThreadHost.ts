// The worker side of readerThreads.ts: a worker entry calls serveReaderCalls with the functions it
// runs. Each gets a Kysely over this thread's own read-only connection (with the same statement
// cache as the server's reader) and the call's input; its answer, or its error, goes back to the
// main thread. Calls run one after another, in the order they came: a call started while another
// waits would only share the same core and finish both later.
import { parentPort, workerData } from "node:worker_threads";
import { CompiledQuery, Kysely, SqliteDialect } from "kysely";
import { openReadConnection, withStatementCache } from "./connection";
import type { ForumDb } from "./handle";
import { STATEMENT_CALL, type StatementCall } from "./readerDialect";
import type { ReaderCallRequest, ReaderCallResponse, ReaderThreadData } from "./readerThreads";
import type { Database } from "./schema";
import { crossingErrorOf } from "./threadErrors";

// biome-ignore lint/suspicious/noExplicitAny: each call declares its own input
export type ReaderCalls = Record<string, (db: ForumDb, input: any) => Promise<unknown>>;

export function serveReaderCalls(calls: ReaderCalls): void {
  const port = parentPort;
  if (!port) throw new Error("serveReaderCalls runs in a worker thread");
  const { path, reportStatements, pageCacheMb } = workerData as ReaderThreadData;
  const connection = openReadConnection(path);
  if (pageCacheMb !== undefined) connection.pragma(`cache_size = ${-Math.round(pageCacheMb * 1024)}`);
  const report = reportStatements
    ? (statement: string) => port.postMessage({ statement } satisfies ReaderCallResponse)
    : undefined;
  const db: ForumDb = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(connection, report) }),
  });

  // Every reader thread also runs single statements for the main thread's Kysely (readerDialect.ts).
  const statement = async (db: ForumDb, { sql, parameters }: StatementCall) =>
    (await db.executeQuery(CompiledQuery.raw(sql, [...parameters]))).rows;
  const run = async ({ id, method, input }: ReaderCallRequest): Promise<ReaderCallResponse> => {
    try {
      const call = method === STATEMENT_CALL ? (statement as ReaderCalls[string]) : calls[method];
      if (!call) throw new Error(`no reader call named ${method}`);
      return { id, result: await call(db, input) };
    } catch (error) {
      return { id, error: crossingErrorOf(error) };
    }
  };

  let queue = Promise.resolve();
  port.on("message", (request: ReaderCallRequest | "stop") => {
    if (request === "stop") {
      queue = queue.then(async () => {
        await db.destroy();
        port.close();
      });
      return;
    }
    queue = queue.then(async () => port.postMessage(await run(request)));
  });
}
