// Where an open database lives, for a backup of it: SQLite's file or PostgreSQL's URL.
import type { SqliteDbHandle } from "../connection";
import type { DbHandle } from "../handle";
import type { PostgresDbHandle } from "../postgres";

export type DatabaseLocation = { engine: "sqlite"; path: string } | { engine: "postgres"; url: string };

export function databaseLocationOf(database: DbHandle): DatabaseLocation {
  if (database.engine === "postgres") {
    return { engine: "postgres", url: String((database as PostgresDbHandle).pool.options.connectionString) };
  }
  return { engine: "sqlite", path: (database as SqliteDbHandle).sqlite.name };
}
