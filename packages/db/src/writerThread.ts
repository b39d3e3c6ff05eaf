// SQLite's write connection on a worker thread (writerWorker.ts). better-sqlite3 runs every
// statement synchronously, so on the event loop a write's page updates, its WAL appends and any
// wait on the file system (measured with npm run bench: stalls of 50-130 ms while the checkpoint
// thread syncs) held up every read that arrived meanwhile. Here Kysely's SQLite dialect keeps its
// query compiler and adapter, and only the driver changes: each statement is sent to the worker
// and its answer awaited. One connection, one transaction at a time (the same mutex as Kysely's
// own SQLite driver), the same BEGIN/COMMIT/ROLLBACK and savepoints, and SQLite's errors come
// back with their message and code, so transactions and their failures behave as before.
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
import { startPackageWorker } from "./packageWorker";
import type { WriterRequest, WriterResponse, WriterWorkerData } from "./writerWorker";

type Pending = { resolve: (result: QueryResult<unknown>) => void; reject: (error: Error) => void };

/** The worker and the statements waiting for its answer. */
class WriterClient {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;
  private readonly exited: Promise<void>;

  constructor(private readonly worker: Worker) {
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

  execute(sql: string, parameters: readonly unknown[]): Promise<QueryResult<unknown>> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, sql, parameters } satisfies WriterRequest);
    });
  }

  async stop(): Promise<void> {
    this.worker.postMessage("stop");
    const timer = setTimeout(() => void this.worker.terminate(), 2000);
    await this.exited;
    clearTimeout(timer);
  }

  private settle(response: WriterResponse): void {
    const waiting = this.pending.get(response.id);
    if (!waiting) return;
    this.pending.delete(response.id);
    if ("error" in response) {
      // better-sqlite3's SqliteError: the same message, name and code (isUniqueViolation reads them).
      const error = Object.assign(new Error(response.error.message), {
        name: response.error.name,
        code: response.error.code,
      });
      waiting.reject(error);
    } else if ("rows" in response) {
      waiting.resolve({ rows: response.rows.map(withBuffers) });
    } else {
      waiting.resolve({
        numAffectedRows: BigInt(response.changes),
        insertId: BigInt(response.lastInsertRowid),
        rows: [],
      });
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/** A blob crosses threads as a Uint8Array; on this side it is a Buffer again, as better-sqlite3 gives it. */
function withBuffers(row: unknown): unknown {
  if (typeof row !== "object" || row === null) return row;
  const record = row as Record<string, unknown>;
  for (const key in record) {
    const value = record[key];
    if (value instanceof Uint8Array && !Buffer.isBuffer(value)) {
      record[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
  return record;
}

class WriterConnection implements DatabaseConnection {
  constructor(
    private readonly client: WriterClient,
    private readonly onNewStatement?: (sql: string) => void,
  ) {}
  private readonly seen = new Set<string>();

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (this.onNewStatement && !this.seen.has(compiledQuery.sql)) {
      this.seen.add(compiledQuery.sql);
      this.onNewStatement(compiledQuery.sql);
    }
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

  constructor(
    private readonly client: WriterClient,
    onNewStatement?: (sql: string) => void,
  ) {
    this.connection = new WriterConnection(client, onNewStatement);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin"));
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

export type WriterThread = { dialect: Dialect };

export function startWriterThread(options: {
  path: string;
  backstopPages: number;
  onNewStatement?: ((sql: string) => void) | undefined;
}): WriterThread {
  const worker = startPackageWorker("writerWorker", {
    path: options.path,
    backstopPages: options.backstopPages,
  } satisfies WriterWorkerData);
  // Like the checkpointer: the thread never keeps a process alive that is otherwise done.
  worker.unref();
  const client = new WriterClient(worker);
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new WriterDriver(client, options.onNewStatement),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
  return { dialect };
}
