// What the server holds of its database, whichever engine it is.
import type { Kysely } from "kysely";
import type { DataKind } from "./dataKinds";
import type { Engine } from "./engine";
import type { GroupCommitCounts } from "./groupCommits";
import type { ServerModule } from "./packageWorker";
import type { QueryObserver } from "./queryLog";
import type { ReaderThreadEntry, ReaderThreads } from "./readerThreads";
import type { Database } from "./schema";

export type ForumDb = Kysely<Database>;

/** What a module run on the writer thread exports as `writerProcedures` (see runOnWriter). */
export type WriterProcedures = Record<string, (db: ForumDb, args: never) => Promise<unknown>>;

export type WriteWatcher = {
  /**
   * Another instance committed a write to data that cached reads show: the kind it changed, or
   * null when the notification does not say (an instance of an older version wrote).
   */
  onWrite: (kind: DataKind | null) => void;
  /**
   * The channel that reports other instances' writes went down (false) or came back (true).
   * While it is down, writes may go unreported: caches must not serve anything.
   */
  onConnectionChange: (connected: boolean) => void;
  /** Another instance broadcast live events (`DbHandle.broadcast`): the payload it sent. */
  onBroadcast?: (payload: string) => void;
};

/** How busy the database's connections are, for the metrics (each engine says what it has). */
export type DbUsage = {
  /** SQLite's writer thread: statements and write procedures waiting for its answer. */
  writerQueue?: number;
  /** SQLite's writer thread: how many procedures each group commit held. */
  groupCommits?: GroupCommitCounts;
  /** PostgreSQL's pool: connections open, idle, and queries waiting for one; its size. */
  pool?: { open: number; idle: number; waiting: number; max: number };
};

export type DbHandle = {
  engine: Engine;
  /** Writes and their transactions go here. */
  db: ForumDb;
  /**
   * Where reads go. SQLite: a second, read-only connection (in WAL mode it sees every committed
   * write, and reads do not queue behind a write transaction); for ":memory:" the writer itself.
   * PostgreSQL: the same pool as `db`.
   */
  reader: ForumDb;
  /**
   * SQLite on a file only: a pool of worker threads, each with a read-only connection of its own,
   * that run the calls `worker` serves (readerThreads.ts) off the event loop. Stopped by close().
   */
  startReaderThreads?: (worker: ReaderThreadEntry) => ReaderThreads;
  /** Reports other app instances' writes (PostgreSQL's LISTEN); resolves the stop function. */
  watchWrites: (watcher: WriteWatcher) => () => Promise<void>;
  /**
   * Sends a payload (at most 7,000 bytes) to every other app instance's `onBroadcast`: the live
   * streams' events (PostgreSQL's NOTIFY, once the caller's write has committed). Absent where
   * one process owns the database (SQLite).
   */
  broadcast?: (payload: string) => Promise<void>;
  /**
   * Runs start-up work (migrations, the demo seed) while holding a lock that other instances
   * starting at the same time wait for, on the one connection `work` receives.
   */
  withStartupLock: <T>(work: (db: ForumDb) => Promise<T>) => Promise<T>;
  /**
   * SQLite with a writer thread: runs `writerProcedures[procedure](db, args)`, exported by
   * `module`, whole on that thread with its own handle on the write connection (one message
   * there and back instead of one per statement). Absent elsewhere: call the function with `db`.
   */
  runOnWriter?: (module: ServerModule, procedure: string, args: unknown) => Promise<unknown>;
  /**
   * Where the handle's connections report each statement's kind and time (opened with `onQuery`);
   * other Kyselys over its connections (the SQLite reader threads') report there too.
   */
  onQuery?: QueryObserver;
  /** How busy the connections are now. */
  usage: () => DbUsage;
  /** Throws unless the database answers a query. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};
