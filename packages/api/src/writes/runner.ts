// How a procedure runs one of writerProcedures: on SQLite's writer thread when the database has
// one (`runOnWriter`), otherwise right here with the services' write connection.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DbHandle } from "@forum/db";
import { AppError, type ErrorKind } from "../errors";
import { writerProcedures } from "./procedures";

type Procedures = typeof writerProcedures;

export type RunWrite = <N extends keyof Procedures>(
  procedure: N,
  args: Parameters<Procedures[N]>[1],
) => ReturnType<Procedures[N]>;

/**
 * The module the writer thread loads: the server bundle's writerProcedures.cjs beside it
 * (apps/server/build.mjs), or this folder's TypeScript source when running from sources.
 */
function proceduresModule(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const bundled = join(here, "writerProcedures.cjs");
  return existsSync(bundled) ? bundled : join(here, "procedures.ts");
}

/** An AppError thrown on the writer thread arrives as a plain Error with its fields: made whole again. */
function asAppError(error: unknown): unknown {
  if (!(error instanceof Error) || error.name !== "AppError") return error;
  const { kind, details, retryAfterSeconds } = error as Error & {
    kind: ErrorKind;
    details?: Record<string, unknown>;
    retryAfterSeconds?: number;
  };
  return new AppError(kind, error.message, {
    ...(details ? { details } : {}),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  });
}

export function writeRunner(database: Pick<DbHandle, "db" | "runOnWriter">): RunWrite {
  const onWriter = database.runOnWriter;
  if (!onWriter) {
    return ((procedure, args) =>
      (writerProcedures[procedure] as (db: DbHandle["db"], args: unknown) => Promise<unknown>)(
        database.db,
        args,
      )) as RunWrite;
  }
  const module = proceduresModule();
  return ((procedure, args) =>
    onWriter(module, procedure, args).catch((error: unknown) => {
      throw asAppError(error);
    })) as RunWrite;
}
