// SQLite's write connection on a worker thread (writerWorker.ts). better-sqlite3 runs every
// statement synchronously, so on the event loop a write's page updates, its WAL appends and any
// wait on the file system (measured with npm run bench: stalls of 50-130 ms while the checkpoint
// thread syncs) held up every read that arrived meanwhile. Here Kysely's SQLite dialect keeps its
// query compiler and adapter, and only the driver changes: each statement is sent to the worker
// and its answer awaited. One connection, one transaction at a time (the same mutex as Kysely's
// own SQLite driver), the same BEGIN/COMMIT/ROLLBACK and savepoints, and SQLite's errors come
// back with their message and code, so transactions and their failures behave as before.
// Each statement is a message there and back, and the answer waits for the event loop's next
// turn: with 10 writing clients a vote's five statements kept the main thread only 45 % busy, 18 %
// of it in postMessage. So the hottest writes also run whole on the thread (`runProcedure`): the
// worker gives a module's function its own Kysely over the same connection, and the transaction
// costs one message each way.
import type { Worker } from "node:worker_threads";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type TransactionSettings,
} from "kysely";
import { createGroupCommitMemory, type GroupCommitCounts, readGroupCommits } from "./groupCommits";
import { type ServerModule, serverModulePath, startPackageWorker } from "./packageWorker";
import { errorFromCrossing, withBuffers } from "./threadErrors";
import { workerModule } from "./workerModules";
import type { ProcedureRequest, StatementRequest, WriterResponse, WriterWorkerData } from "./writerWorker";
import { BEGIN_WRITE_TRANSACTION } from "./writeTransactions";

type Pending = { resolve: (result: never) => void; reject: (error: Error) => void };

/** The worker and the statements waiting for its answer. */
class WriterClient {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;
  private readonly exited: Promise<void>;

  constructor(
    private readonly worker: Worker,
    private readonly onNewStatement?: (sql: string) => void,
  ) {
    worker.on("message", (response: WriterResponse) => this.settle(response));
    // A worker that dies fails what it was asked and everything asked later.
    worker.on("error", (error) => this.fail(error));
    this.exited = new Promise((resolve) =>
      worker.once("exit", () => {
        this.fail(new Error("the SQLite writer thread has stopped"));
        resolve();
      }),
    );
  }

  /** Statements and procedures sent to the thread and not answered yet. */
  get waiting(): number {
    return this.pending.size;
  }

  execute(sql: string, parameters: readonly unknown[]): Promise<QueryResult<unknown>> {
    return this.send((id) => ({ id, sql, parameters }) satisfies StatementRequest);
  }

  /** Runs `writerProcedures[procedure](db, args)` of `module` whole on the writer thread. */
  runProcedure(module: string, procedure: string, args: unknown): Promise<unknown> {
    return this.send((id) => ({ id, module, procedure, args }) satisfies ProcedureRequest);
  }

  private send<T>(request: (id: number) => StatementRequest | ProcedureRequest): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (result: never) => void, reject });
      this.worker.postMessage(request(id));
    });
  }

  async stop(): Promise<void> {
    this.worker.postMessage("stop");
    const timer = setTimeout(() => void this.worker.terminate(), 2000);
    await this.exited;
    clearTimeout(timer);
  }

  private settle(response: WriterResponse): void {
    if ("statement" in response) {
      this.onNewStatement?.(response.statement);
      return;
    }
    const waiting = this.pending.get(response.id);
    if (!waiting) return;
    this.pending.delete(response.id);
    if ("error" in response) {
      // better-sqlite3's SqliteError: the same message, name and code (isUniqueViolation reads
      // them); a procedure's own error also keeps an AppError's kind and details.
      waiting.reject(errorFromCrossing(response.error));
    } else if ("value" in response) {
      waiting.resolve(response.value as never);
    } else if ("rows" in response) {
      waiting.resolve({ rows: response.rows.map(withBuffers) } as never);
    } else {
      waiting.resolve({
        numAffectedRows: BigInt(response.changes),
        insertId: BigInt(response.lastInsertRowid),
        rows: [],
      } as never);
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

class WriterConnection implements DatabaseConnection {
  constructor(private readonly client: WriterClient) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.client.execute(compiledQuery.sql, compiledQuery.parameters) as Promise<QueryResult<R>>;
  }

  // biome-ignore lint/correctness/useYield: no streaming of writes
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("the SQLite writer thread does not stream queries");
  }
}

/** One connection: whoever holds it runs alone until it is released (as Kysely's SqliteDriver). */
class ConnectionMutex {
  private held: Promise<void> | null = null;
  private release: (() => void) | null = null;

  async lock(): Promise<void> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => {
      this.release = resolve;
    });
  }

  unlock(): void {
    const release = this.release;
    this.held = null;
    this.release = null;
    release?.();
  }
}

class WriterDriver implements Driver {
  private readonly mutex = new ConnectionMutex();
  private readonly connection: WriterConnection;

  constructor(private readonly client: WriterClient) {
    this.connection = new WriterConnection(client);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(BEGIN_WRITE_TRANSACTION));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    await connection.executeQuery(savepointQuery("savepoint", name, compile));
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler["compileQuery"],
  ): Promise<void> {
    await connection.executeQuery(savepointQuery("rollback to", name, compile));
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler["compileQuery"],
  ): Promise<void> {
    await connection.executeQuery(savepointQuery("release", name, compile));
  }

  async releaseConnection(): Promise<void> {
    this.mutex.unlock();
  }

  async destroy(): Promise<void> {
    await this.client.stop();
  }
}

/** Savepoint names are Kysely's own (sp1, ...), identifiers it generated: sent as raw SQL. */
function savepointQuery(command: string, name: string, _compile: QueryCompiler["compileQuery"]): CompiledQuery {
  return CompiledQuery.raw(`${command} "${name.replaceAll('"', '""')}"`);
}

export type WriterThread = {
  dialect: Dialect;
  /** Runs `writerProcedures[procedure](db, args)` of `module` whole on the writer thread. */
  runProcedure: (module: ServerModule, procedure: string, args: unknown) => Promise<unknown>;
  /** Statements and procedures waiting for the thread's answer. */
  queueLength: () => number;
  /** The sizes of the group commits so far. */
  groupCommits: () => GroupCommitCounts;
};

/**
 * The writer's own isolate keeps little alive (prepared statements, a procedure's rows), but V8's
 * default young generation let it commit 33 MB for 11 MB alive; 8 MB keeps its scavenges short and
 * its resident size near what it uses (issue 5's 300 MB budget for the whole server). The old
 * generation stays unbounded: a bulk import's rows pass through it.
 */
const WRITER_HEAP_LIMITS = { maxYoungGenerationSizeMb: 8 };

export function startWriterThread(options: {
  path: string;
  backstopPages: number;
  onNewStatement?: ((sql: string) => void) | undefined;
}): WriterThread {
  const groupCommits = createGroupCommitMemory();
  const worker = startPackageWorker(
    workerModule("writerWorker"),
    {
      path: options.path,
      backstopPages: options.backstopPages,
      reportStatements: options.onNewStatement !== undefined,
      groupCommits,
    } satisfies WriterWorkerData,
    WRITER_HEAP_LIMITS,
  );
  // Like the checkpointer: the thread never keeps a process alive that is otherwise done.
  worker.unref();
  const client = new WriterClient(worker, options.onNewStatement);
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new WriterDriver(client),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
  // Where each module is, looked up once (a file-system check).
  const paths = new Map<string, string>();
  const pathOf = ({ name, sourceDir }: ServerModule) => {
    const key = `${sourceDir}/${name}`;
    let path = paths.get(key);
    if (path === undefined) {
      path = serverModulePath(name, sourceDir);
      paths.set(key, path);
    }
    return path;
  };
  return {
    dialect,
    runProcedure: (module, procedure, args) => client.runProcedure(pathOf(module), procedure, args),
    queueLength: () => client.waiting,
    groupCommits: () => readGroupCommits(groupCommits),
  };
}
