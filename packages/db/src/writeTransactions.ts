// How a write transaction begins on SQLite: IMMEDIATE, taking the write lock before it reads.
// A DEFERRED transaction that has read holds a snapshot when its first write asks for the lock,
// and SQLite then answers "database is locked" at once instead of calling the busy handler (it
// could deadlock two connections that both read first). Under load that failed about one reply
// in 3,000, most likely when a reader found the WAL header mid-commit: SQLite readers then hold
// the write lock for a moment to read it safely. Taking the lock first makes any such wait like
// the others: the busy timeout's. The server has one writer connection, so nothing else waits on
// it the longer.
import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect, SqliteDriver } from "kysely";

export const BEGIN_WRITE_TRANSACTION = "begin immediate";

/** Kysely's SQLite driver, its transactions begun IMMEDIATE. */
export class WriteTransactionsDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(BEGIN_WRITE_TRANSACTION));
  }
}

/** Kysely's SQLite dialect over a write connection, its transactions begun IMMEDIATE. */
export class WriteTransactionsDialect extends SqliteDialect {
  constructor(private readonly database: ConstructorParameters<typeof SqliteDriver>[0]["database"]) {
    super({ database });
  }

  override createDriver(): Driver {
    return new WriteTransactionsDriver({ database: this.database });
  }
}
