// Column types per engine, for the migrations. On SQLite the names are what migration 0001 first
// used (so databases made before PostgreSQL support are the same as new ones); on PostgreSQL each
// type is chosen for what it holds. Migrations stay frozen in time: change nothing here that an
// applied migration's outcome depends on, add a new helper instead.
import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import { engineOf } from "../engine";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export function columnTypes(db: Kysely<any>) {
  const postgres = engineOf(db) === "postgres";
  return {
    postgres,
    /** Integer primary key: SQLite's rowid alias, PostgreSQL's identity column. */
    id: (col: ColumnDefinitionBuilder) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    /** Milliseconds since the epoch: past 2^31, so PostgreSQL needs bigint (SQLite integers are 64-bit). */
    time: postgres ? ("bigint" as const) : ("integer" as const),
    /** Ranking scores: SQLite's real is already a double; PostgreSQL's real would be single precision. */
    double: postgres ? ("double precision" as const) : ("real" as const),
    /** Raw bytes (an image): SQLite's blob, PostgreSQL's bytea. */
    bytes: postgres ? ("bytea" as const) : ("blob" as const),
  };
}
