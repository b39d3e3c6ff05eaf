// Statements prepared once per PostgreSQL connection (issue 33). Sent as plain text, every
// statement is parsed and analysed again on each run; sent with a name, PostgreSQL keeps it
// parsed on that connection and the next runs only bind values. Each data statement's name is a
// hash of its text, so the same text has the same name on every connection.
import { createHash } from "node:crypto";
import type pg from "pg";

/**
 * At most this many statements kept prepared on one connection: a statement with a list of
 * values (`in (…)`) is a new text for each length, so the texts are many; the hot ones run first
 * and often, the rest run unnamed as before.
 */
export const NAMED_STATEMENTS_PER_CONNECTION = 256;

/** Only one data statement can be prepared; migrations' DDL and multi-statement text stay unnamed. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\s/i;

/** Names by text, computed once per text (a bounded memo: it only saves hashing). */
const names = new Map<string, string | null>();
const MAX_MEMO = 4_096;

function nameOf(text: string): string | null {
  let name = names.get(text);
  if (name === undefined) {
    name =
      DATA_STATEMENT.test(text) && !text.includes(";")
        ? `forum_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`
        : null;
    if (names.size >= MAX_MEMO) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * PostgreSQL's answer when a prepared statement's columns changed since it was prepared (another
 * instance's migration added a column a `select *` returns): the statement must be prepared again.
 */
const RESULT_TYPE_CHANGED = "0A000";

/**
 * Makes the client's `query(text, values)` calls (Kysely's) run as named prepared statements,
 * up to NAMED_STATEMENTS_PER_CONNECTION distinct ones on this connection. Other calls (a
 * configuration object, a cursor, a callback) pass through unchanged.
 */
export function prepareNamedStatements(client: pg.PoolClient): void {
  const prepared = new Set<string>();
  /** Texts whose statement went stale here, with the new name they are prepared again under. */
  const renamed = new Map<string, string>();
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown> | undefined;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values, callback] = args;
    if (typeof text !== "string" || !Array.isArray(values) || callback !== undefined) return query(...args);
    const base = nameOf(text);
    if (base === null) return query(...args);
    const name = renamed.get(text) ?? base;
    if (!prepared.has(name)) {
      if (prepared.size >= NAMED_STATEMENTS_PER_CONNECTION) return query(...args);
      prepared.add(name);
    }
    return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      // This run fails (as a changed schema under a running query would); the next one prepares
      // the text again under a new name, since pg keeps the stale one as parsed.
      if ((error as { code?: unknown }).code === RESULT_TYPE_CHANGED) renamed.set(text, `${base}_${prepared.size}`);
      throw error;
    });
  };
}
