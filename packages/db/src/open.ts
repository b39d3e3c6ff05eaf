// One switch between the engines: a postgres:// URL opens PostgreSQL, anything else the SQLite file.
import { createDb } from "./connection";
import type { DbHandle } from "./handle";
import { createPostgresDb, isPostgresUrl } from "./postgres";
import type { QueryObserver } from "./queryLog";

export type OpenDatabaseConfig = {
  /** DATABASE_URL: postgres://… or postgresql://…; unset means SQLite. */
  url?: string | undefined;
  /** DATABASE_PATH: the SQLite file when no URL is given. */
  path: string;
  poolSize?: number | undefined;
  onNewStatement?: (sql: string) => void;
  /** Each statement's kind and time (the metrics); unset, nothing is timed. */
  onQuery?: QueryObserver | undefined;
};

export function openDatabase(config: OpenDatabaseConfig): DbHandle {
  if (config.url !== undefined && config.url !== "") {
    if (!isPostgresUrl(config.url)) throw new Error("DATABASE_URL must start with postgres:// or postgresql://");
    return createPostgresDb({
      url: config.url,
      ...(config.poolSize ? { poolSize: config.poolSize } : {}),
      ...(config.onNewStatement ? { onNewStatement: config.onNewStatement } : {}),
      onQuery: config.onQuery,
    });
  }
  return createDb({
    path: config.path,
    ...(config.onNewStatement ? { onNewStatement: config.onNewStatement } : {}),
    onQuery: config.onQuery,
  });
}
