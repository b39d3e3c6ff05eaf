// Opens the embedded SQLite database with the pragmas the forum relies on.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { startCheckpointer } from "./checkpointer";
import type { DbHandle, ForumDb, WriteWatcher } from "./handle";
import { type QueryObserver, queryLog } from "./queryLog";
import { type ReaderThreads, startReaderThreads } from "./readerThreads";
import type { Database } from "./schema";
import { startWriterThread } from "./writerThread";
import { WriteTransactionsDialect } from "./writeTransactions";

export type DbConfig = {
  /** File path, or ":memory:" for a throw-away database. */
  path: string;
  /**
   * Open the second, read-only connection (default true). Bulk loaders that change the journal
   * mode need to be alone on the file and say false.
   */
  readConnection?: boolean;
  /**
   * Checkpoint the WAL on a worker thread instead of inside the commits (default: whenever the
   * read connection is opened, i.e. for the server). See checkpointer.ts.
   */
  backgroundCheckpoints?: boolean;
  /**
   * Run write transactions on a worker thread that owns the write connection (writerThread.ts),
   * so SQLite's work and its waits on the file system never hold up the event loop. Default: on
   * whenever checkpoints run in the background (the server); bulk loaders and ":memory:" write
   * on the calling thread.
   */
  writerThread?: boolean;
  /** Called with each distinct SQL text the first time a connection prepares it (debugging, query-plan tests). */
  onNewStatement?: (sql: string) => void;
  /** Called with each statement's kind and time (the metrics); unset, nothing is timed. */
  onQuery?: QueryObserver | undefined;
};

export type SqliteDbHandle = DbHandle & {
  engine: "sqlite";
  /** The raw connection, for pragmas and for the bulk loaders that bypass the query builder. */
  sqlite: SQLite.Database;
  /** Where `db`'s statements run: on SQLite's writer thread, or on this thread (`sqlite`). */
  writer: "thread" | "caller";
};

/** Opens the SQLite file (the embedded default): one process owns it. */
export function createDb(config: DbConfig): SqliteDbHandle {
  const inMemory = config.path === ":memory:";
  if (!inMemory) mkdirSync(dirname(config.path), { recursive: true });
  const sqlite = new SQLite(config.path);
  configureWriter(sqlite);
  const writerThread =
    !inMemory && config.readConnection !== false && (config.writerThread ?? config.backgroundCheckpoints !== false);
  const checkpointer =
    inMemory || config.readConnection === false || config.backgroundCheckpoints === false
      ? null
      : startCheckpointer(config.path);
  // The writer thread sets its own connection up (writerWorker.ts); this one then only answers ping.
  const writer = writerThread
    ? startWriterThread({
        path: config.path,
        backstopPages: checkpointer ? WAL_BACKSTOP_PAGES : 1000,
        onNewStatement: config.onNewStatement,
      })
    : null;
  const db = new Kysely<Database>({
    dialect: writer?.dialect ?? new WriteTransactionsDialect(withStatementCache(sqlite, config.onNewStatement)),
    ...queryLog({ onQuery: config.onQuery }),
  });
  const common = {
    engine: "sqlite" as const,
    db,
    sqlite,
    writer: writer ? ("thread" as const) : ("caller" as const),
    ...(writer ? { runOnWriter: writer.runProcedure } : {}),
    // One process owns the file: no other instance writes, and nothing needs a lock.
    watchWrites: (watcher: WriteWatcher) => {
      watcher.onConnectionChange(true);
      return async () => undefined;
    },
    withStartupLock: <T>(work: (db: ForumDb) => Promise<T>) => work(db),
    ...(config.onQuery ? { onQuery: config.onQuery } : {}),
    usage: () => (writer ? { writerQueue: writer.queueLength(), groupCommits: writer.groupCommits() } : {}),
    ping: async () => {
      sqlite.prepare("select 1").get();
    },
  };
  if (inMemory || config.readConnection === false) return { ...common, reader: db, close: () => db.destroy() };

  // The commit-time checkpoint stays as a backstop with a high threshold: under writes the worker
  // never catches up with the head of the WAL, and only a checkpoint by the writer itself lets the
  // next write start the WAL over. By then the worker has copied nearly every frame, so it is short.
  if (checkpointer) sqlite.pragma(`wal_autocheckpoint = ${WAL_BACKSTOP_PAGES}`);
  // The WAL file is reused from its start after each complete checkpoint; past this size it is
  // also cut back then, so a burst of writes does not leave a huge file behind.
  sqlite.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);

  const reader = new Kysely<Database>({
    dialect: new SqliteDialect({
      database: withStatementCache(openReadConnection(config.path), config.onNewStatement),
    }),
    ...queryLog({ onQuery: config.onQuery }),
  });
  let readerThreads: ReaderThreads[] = [];
  return {
    ...common,
    reader,
    startReaderThreads: (worker) => {
      const threads = startReaderThreads({ path: config.path, worker, onNewStatement: config.onNewStatement });
      readerThreads.push(threads);
      return threads;
    },
    close: async () => {
      const stopping = readerThreads;
      readerThreads = [];
      await Promise.all(stopping.map((threads) => threads.stop()));
      await checkpointer?.stop();
      await reader.destroy();
      await db.destroy();
      if (writer) sqlite.close();
    },
  };
}

/**
 * A read-only connection to the file (the server's reader, and each reader thread's). In WAL mode
 * it sees every write committed before each statement starts, and never waits for the writer.
 */
export function openReadConnection(path: string): SQLite.Database {
  const connection = new SQLite(path);
  connection.pragma("busy_timeout = 5000");
  connection.pragma("cache_size = -8000");
  connection.pragma("query_only = ON");
  return connection;
}

/**
 * The writer connection's settings, on whichever thread owns it.
 * WAL: readers never wait for the writer. synchronous=NORMAL is durable across application
 * crashes in WAL mode (only a power loss can drop the last commits) and saves an fsync per write.
 * mmap_size stays 0 (off): pages read through a memory map count in the server's resident
 * size (the 300 MB budget of issue 5) as soon as they are touched, and with a file larger than
 * memory a map turns I/O errors into crashes. Hot reads are answered from the read cache, and
 * the kernel's page cache already keeps the file in memory for the rest.
 */
export function configureWriter(sqlite: SQLite.Database): void {
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  // Another process (a seed or a second server) may hold the write lock briefly.
  sqlite.pragma("busy_timeout = 5000");
  // 8 MB of page cache: the hot index pages of a large forum stay in memory, and a miss is a read
  // from the kernel's page cache, not the disk. 32 MB (here and on the main thread's reader) cost
  // 32 MB of issue 5's 300 MB budget once a bench run had filled them; 16 and then 8 MB measured
  // no slower (bench/README.md, "Server memory").
  sqlite.pragma("cache_size = -8000");
  sqlite.pragma("temp_store = MEMORY");
}

/** 64 MB of 4 KB pages. */
const WAL_BACKSTOP_PAGES = 16_384;

/** Most distinct SQL texts kept prepared; IN-lists of varying length make new texts. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs. Preparing costs more than running most of our queries,
 * so statements are kept by SQL text and reused (better-sqlite3 statements are reusable and
 * run synchronously, so two requests can never interleave on one). Least recently used first
 * out when the cache is full.
 */
export function withStatementCache(sqlite: SQLite.Database, onNewStatement?: (sql: string) => void) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        onNewStatement?.(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}
