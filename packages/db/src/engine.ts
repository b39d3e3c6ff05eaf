// What differs between the two engines, in one place: which engine a Kysely instance talks to,
// how each reports a unique violation or a lost database, and row locks. Services call these
// and never branch on the engine themselves.
import { type Kysely, PostgresAdapter, type SelectQueryBuilder, sql } from "kysely";

export type Engine = "sqlite" | "postgres";

// biome-ignore lint/suspicious/noExplicitAny: works on any database shape, migrations included
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

type ErrorWithCode = Error & { code?: unknown; detail?: unknown; cause?: unknown };

function* causes(error: unknown): Generator<ErrorWithCode> {
  let current = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    yield current as ErrorWithCode;
    current = (current as ErrorWithCode).cause;
  }
}

/**
 * The column (or index expression) of a unique-constraint violation, or null when the error is
 * not one: "slug" for posts.slug on either engine. PostgreSQL says `Key (slug)=(x) already
 * exists.` (SQLSTATE 23505); SQLite says `UNIQUE constraint failed: posts.slug` (or names the
 * index when it is on an expression).
 */
export function uniqueViolationOf(error: unknown): string | null {
  for (const cause of causes(error)) {
    if (cause.code === "23505") {
      const key = /^Key \((.+?)\)=/.exec(String(cause.detail ?? ""));
      return key?.[1] ?? "unknown";
    }
    if (
      String(cause.code).startsWith("SQLITE_CONSTRAINT_UNIQUE") ||
      String(cause.code) === "SQLITE_CONSTRAINT_PRIMARYKEY"
    ) {
      const failed = /constraint failed: (.+)$/.exec(cause.message)?.[1] ?? "unknown";
      return failed.replace(/^index '(.+)'$/, "$1").replace(/^\w+\./, "");
    }
  }
  return null;
}

export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolationOf(error) !== null;
}

/** SQLSTATE classes and codes that mean the server is gone or refusing, not that the query was wrong. */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
]);
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Connection ended unexpectedly",
  "database is locked",
];

/** Whether an error means the database cannot be reached right now (the request may be retried). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const cause of causes(error)) {
    const code = String(cause.code ?? "");
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08") || UNAVAILABLE_NODE_CODES.has(code)) return true;
    if (code === "SQLITE_BUSY") return true;
    if (UNAVAILABLE_MESSAGES.some((text) => cause.message.includes(text))) return true;
  }
  return false;
}

/**
 * Locks the selected rows of `table` until the transaction ends (PostgreSQL's FOR UPDATE OF).
 * SQLite needs none: one connection writes, and a write transaction runs alone.
 */
// biome-ignore lint/suspicious/noExplicitAny: any select query
export function lockingRows<QB extends SelectQueryBuilder<any, any, any>>(
  // biome-ignore lint/suspicious/noExplicitAny: any database shape
  db: Kysely<any>,
  query: QB,
  table: string,
): QB {
  return engineOf(db) === "postgres" ? (query.forUpdate(table as never) as QB) : query;
}

/**
 * Claims the selected rows for one worker among several (PostgreSQL's FOR UPDATE SKIP LOCKED:
 * rows another worker is claiming right now are passed over, not waited for). SQLite needs none:
 * one process sends, and its one write connection runs one claim at a time.
 */
// biome-ignore lint/suspicious/noExplicitAny: any select query
export function claimingRows<QB extends SelectQueryBuilder<any, any, any>>(
  // biome-ignore lint/suspicious/noExplicitAny: any database shape
  db: Kysely<any>,
  query: QB,
): QB {
  return engineOf(db) === "postgres" ? (query.forUpdate().skipLocked() as QB) : query;
}

/**
 * Makes transactions that name the same `key` run one after another from here to their commit
 * (PostgreSQL's transaction-scoped advisory lock), e.g. two new posts looking for a free slug of
 * the same title. SQLite needs none: its write transactions already run one at a time.
 */
// biome-ignore lint/suspicious/noExplicitAny: any database shape
export async function serializeOn(trx: Kysely<any>, key: string): Promise<void> {
  if (engineOf(trx) === "postgres") await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/**
 * Locks rows by id until the transaction ends, before the transaction reads anything that
 * depends on them: what it reads next (in new statements) includes every write committed by the
 * transactions it waited for. In id order, so two lockers never deadlock. SQLite needs none
 * (write transactions run one at a time).
 */
// biome-ignore lint/suspicious/noExplicitAny: any database shape
export async function lockRows(trx: Kysely<any>, table: string, ids: readonly number[]): Promise<void> {
  if (engineOf(trx) !== "postgres" || ids.length === 0) return;
  await sql`select 1 from ${sql.table(table)} where id in (${sql.join(ids)}) order by id for update`.execute(trx);
}

// biome-ignore lint/suspicious/noExplicitAny: any database shape
export function lockRow(trx: Kysely<any>, table: string, id: number): Promise<void> {
  return lockRows(trx, table, [id]);
}
