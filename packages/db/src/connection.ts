// Opens the embedded SQLite database with the pragmas the forum relies on.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Database } from "./schema";

export type DbConfig = {
  /** File path, or ":memory:" for a throw-away database. */
  path: string;
};

export type ForumDb = Kysely<Database>;

export type DbHandle = {
  db: ForumDb;
  /** The raw connection, for pragmas and for the few hot paths that bypass the query builder. */
  sqlite: SQLite.Database;
  close: () => Promise<void>;
};

export function createDb(config: DbConfig): DbHandle {
  if (config.path !== ":memory:") mkdirSync(dirname(config.path), { recursive: true });
  const sqlite = new SQLite(config.path);
  // WAL: readers never wait for the writer. synchronous=NORMAL is durable across application
  // crashes in WAL mode (only a power loss can drop the last commits) and saves an fsync per write.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  // Another process (a seed or a second server) may hold the write lock briefly.
  sqlite.pragma("busy_timeout = 5000");
  // 32 MB of page cache: the hot indexes of a large forum stay in memory.
  sqlite.pragma("cache_size = -32000");
  sqlite.pragma("temp_store = MEMORY");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, sqlite, close: () => db.destroy() };
}
