// PostgreSQL, the scale-out engine: a pg pool behind Kysely's PostgresDialect, values parsed to
// the same JavaScript types SQLite gives, other instances' writes reported through LISTEN.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { type DataKind, isDataKind } from "./dataKinds";
import type { DbHandle, WriteWatcher } from "./handle";
import { prepareNamedStatements } from "./namedStatements";
import { type QueryObserver, queryLog } from "./queryLog";
import type { Database } from "./schema";

export type PostgresConfig = {
  /** postgres://user:pass@host:port/db */
  url: string;
  /** Connections in the pool (default 10). */
  poolSize?: number;
  /** Called with each distinct SQL text the first time it runs (query-plan tests). */
  onNewStatement?: (sql: string) => void;
  /** Called with each statement's kind and time (the metrics); unset, nothing is timed. */
  onQuery?: QueryObserver | undefined;
};

export type PostgresDbHandle = DbHandle & { engine: "postgres"; pool: pg.Pool; instanceId: string };

/** The channel of migration 0006's trigger. */
const WRITE_CHANNEL = "forum_writes";
/** Live events between instances: "<instance id> <payload>" (DbHandle.broadcast). */
const EVENT_CHANNEL = "forum_events";
/** Any fixed number: the advisory lock instances take around migrations and the demo seed. */
const STARTUP_LOCK = 7_301_944_121;

// int8 (counts, sums, millisecond times) and numeric (sums of int8) arrive as strings from pg,
// since they may exceed 2^53; every such value here is a count or a time far below that.
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8 || oid === NUMERIC ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url);
}

export function createPostgresDb(config: PostgresConfig): PostgresDbHandle {
  // application_name travels with every write's NOTIFY, so an instance knows its own writes.
  const instanceId = `forum-${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`.slice(0, 63);
  const connection = {
    connectionString: config.url,
    application_name: instanceId,
    types,
    // A database that is gone answers a request with 503 within seconds, never a hang.
    connectionTimeoutMillis: 5_000,
  };
  const pool = new pg.Pool({ ...connection, max: config.poolSize ?? 10, statement_timeout: 30_000 });
  // A connection that breaks (the server restarted) is dropped from the pool and replaced on next
  // use. pg reports the break as an "error" event, on the pool for idle connections and on the
  // connection itself while a request holds it (between two statements of a transaction, whose
  // next statement then fails on its own): without listeners either would end the process.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
    // Each data statement is parsed once per connection, then only bound and run.
    prepareNamedStatements(client);
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    ...queryLog({ onQuery: config.onQuery, onNewStatement: config.onNewStatement }),
  });
  const max = config.poolSize ?? 10;

  return {
    engine: "postgres",
    db,
    reader: db,
    pool,
    instanceId,
    watchWrites: (watcher) => watchWrites(connection, instanceId, watcher),
    broadcast: async (payload) => {
      await sql`select pg_notify(${EVENT_CHANNEL}, ${`${instanceId} ${payload}`})`.execute(db);
    },
    withStartupLock: (work) =>
      db.connection().execute(async (locked) => {
        await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(locked);
        try {
          return await work(locked);
        } finally {
          await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(locked);
        }
      }),
    ...(config.onQuery ? { onQuery: config.onQuery } : {}),
    usage: () => ({
      pool: { open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max },
    }),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/**
 * A write notification's payload: "<instance id> <data kind>" (migration 0018), or the bare
 * instance id of migration 0006's triggers.
 */
export function parseWriteNotification(payload: string): { instance: string; kind: DataKind | null } {
  const space = payload.lastIndexOf(" ");
  const kind = space < 0 ? "" : payload.slice(space + 1);
  return isDataKind(kind) ? { instance: payload.slice(0, space), kind } : { instance: payload, kind: null };
}

/**
 * LISTEN on a connection of its own. When it breaks, the watcher hears so at once (caches stop
 * serving), and it reconnects every second until it is back.
 */
function watchWrites(connection: pg.ClientConfig, instanceId: string, watcher: WriteWatcher): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const lost = (failed: pg.Client) => {
    if (client !== failed) return; // already handled
    client = null;
    failed.removeAllListeners("notification");
    void failed.end().catch(() => undefined);
    watcher.onConnectionChange(false);
    if (!stopped) retry = setTimeout(connect, 1_000);
  };

  const connect = async () => {
    const next = new pg.Client({ ...connection, application_name: `${instanceId}-listen`.slice(0, 63) });
    client = next;
    next.on("error", () => lost(next));
    next.on("end", () => lost(next));
    next.on("notification", (message) => {
      const payload = message.payload ?? "";
      if (message.channel === EVENT_CHANNEL) {
        const space = payload.indexOf(" ");
        if (payload.slice(0, space) !== instanceId) watcher.onBroadcast?.(payload.slice(space + 1));
        return;
      }
      const write = parseWriteNotification(payload);
      if (write.instance !== instanceId) watcher.onWrite(write.kind);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${WRITE_CHANNEL}`);
      if (watcher.onBroadcast) await next.query(`LISTEN ${EVENT_CHANNEL}`);
      if (stopped) return void (await next.end());
      watcher.onConnectionChange(true);
    } catch {
      lost(next);
    }
  };

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}
