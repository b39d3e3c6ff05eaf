// The database a benchmark's server runs on, and a member's session on it: shared by the
// closed-loop scenarios (run.mjs) and the open-loop mix (open-loop.mjs).
import { constants, copyFileSync } from "node:fs";
import { join } from "node:path";

/** Signs a member in over HTTP; resolves to the `forum_session=…` cookie pair. */
export async function login(base, username, password) {
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login of ${username} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("forum_session="));
  if (!cookie) throw new Error("login set no forum_session cookie");
  return cookie.split(";")[0];
}

/** The SQLite run's database: a copy of the data set, so the benchmark's writes never change it. */
export function sqliteDatabase(dataset, work) {
  const started = performance.now();
  const databasePath = join(work, "forum.db");
  copyFileSync(dataset.db, databasePath, constants.COPYFILE_FICLONE);
  console.log(`Data set: ${dataset.db} (copied in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return { env: { DATABASE_PATH: databasePath }, info: null, close: async () => {} };
}

/**
 * The PostgreSQL run's database: the data set loaded into FORUM_BENCH_DATABASE_URL's server, or
 * into a throw-away one (bench/lib/postgres.mjs). Its TypeScript helpers load through tsx.
 */
export async function postgresDatabase(dataset) {
  const { register } = await import("tsx/esm/api");
  register();
  const { createPostgresDb, migrateToLatest } = await import("@forum/db");
  const { describeServer, preparePostgresDataset, providePostgres } = await import("./postgres.mjs");
  const migrate = async (url) => {
    const handle = createPostgresDb({ url, poolSize: 1 });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
  };
  const server = await providePostgres();
  try {
    const prepared = await preparePostgresDataset(server, dataset, migrate);
    const settings = await describeServer(prepared.url);
    console.log(
      `PostgreSQL ${settings.server_version} (${server.source}), database ${prepared.database}` +
        (prepared.load ? "" : ` (copied from the kept template in ${(prepared.copyMs / 1000).toFixed(1)} s)`),
    );
    return {
      env: { DATABASE_URL: prepared.url },
      info: {
        source: server.source,
        settings,
        poolSize: 10,
        serverStartMs: server.startMs ?? null,
        load: prepared.load,
        templateCopyMs: prepared.copyMs ?? null,
      },
      close: async () => {
        await prepared.drop();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
