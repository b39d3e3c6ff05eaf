// A Kysely over SQLite's reader threads (readerThreads.ts): each statement runs on one of the
// threads' read-only connections, so no read holds up the event loop, however long it takes
// (issue 24: on the main thread's reader, a cold profile or a list recomputed after a write held
// every other request for 10-110 ms under load). The query compiler and adapter are SQLite's;
// only the driver differs: a statement is one message there and back. Each statement sees every
// write committed before it starts (WAL), as on the main thread's reader. There are no
// transactions: queries read one statement at a time on any connection.
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import type { ForumDb } from "./handle";
import { type QueryObserver, queryLog } from "./queryLog";
import type { ReaderThreads } from "./readerThreads";
import type { Database } from "./schema";
import { withBuffers } from "./threadErrors";

/** The reader call every reader thread answers (readerThreadHost.ts): one statement's rows. */
export const STATEMENT_CALL = "__statement";
export type StatementCall = { sql: string; parameters: readonly unknown[] };

class ThreadConnection implements DatabaseConnection {
  constructor(private readonly threads: ReaderThreads) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const rows = await this.threads.call<unknown[]>(STATEMENT_CALL, {
      sql: compiledQuery.sql,
      parameters: compiledQuery.parameters,
    } satisfies StatementCall);
    return { rows: rows.map(withBuffers) as R[] };
  }

  // biome-ignore lint/correctness/useYield: no streaming of reads across threads
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("the SQLite reader threads do not stream queries");
  }
}

class ThreadDriver implements Driver {
  private readonly connection: ThreadConnection;

  constructor(threads: ReaderThreads) {
    this.connection = new ThreadConnection(threads);
  }

  async init(): Promise<void> {}

  /** Statements are independent: every caller shares the one connection object. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    throw new Error("reads on the SQLite reader threads run without transactions");
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

  async releaseConnection(): Promise<void> {}

  /** The threads are stopped by whoever started them. */
  async destroy(): Promise<void> {}
}

/** A Kysely whose statements run on `threads` (read-only: a write fails as on any reader). */
export function readerThreadsDb(threads: ReaderThreads, onQuery?: QueryObserver): ForumDb {
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ThreadDriver(threads),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
  return new Kysely<Database>({ dialect, ...queryLog({ onQuery }) });
}
