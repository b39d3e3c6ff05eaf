// How a procedure runs one of writerProcedures: on SQLite's writer thread when the database has
// one (`runOnWriter`), otherwise right here with the services' write connection.
import { type DbHandle, workerModule } from "@forum/db";
import { appErrorFromThread } from "../errors";
import { writerProcedures } from "./writerProcedures";

type Procedures = typeof writerProcedures;

export type RunWrite = <N extends keyof Procedures>(
  procedure: N,
  args: Parameters<Procedures[N]>[1],
) => ReturnType<Procedures[N]>;

/** The module the writer thread loads: this folder's writerProcedures (built beside the server bundle). */
const PROCEDURES_MODULE = workerModule("writerProcedures");

export function writeRunner(database: Pick<DbHandle, "db" | "runOnWriter">): RunWrite {
  const onWriter = database.runOnWriter;
  if (!onWriter) {
    return ((procedure, args) =>
      (writerProcedures[procedure] as (db: DbHandle["db"], args: unknown) => Promise<unknown>)(
        database.db,
        args,
      )) as RunWrite;
  }
  return ((procedure, args) =>
    onWriter(PROCEDURES_MODULE, procedure, args).catch((error: unknown) => {
      throw appErrorFromThread(error);
    })) as RunWrite;
}
