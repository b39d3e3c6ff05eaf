// The production server as every benchmark mode starts it (run.mjs, open-loop.mjs, streams.mjs):
// the bundle (or FORUM_BENCH_SERVER) on the run's database, no demo seed, logging at warn, the
// per-address limits off (the load comes from one address), the event-loop delay readable.
import { join } from "node:path";
import { benchDir } from "./dataset.mjs";
import { freePort, startNodeServer } from "./processes.mjs";

const root = join(benchDir, "..");

/** The environment of every process a benchmark starts (the roof too). */
export const BENCH_ENV = { PATH: process.env.PATH, LOG_LEVEL: "warn", FORUM_RATE_LIMITS: "off" };

/**
 * @param options.database what databases.mjs answers (its `env` points the server at it)
 * @param options.uploadsDir where this server keeps uploads
 * @param options.extraNodeFlags more `node` flags (a preload, --cpu-prof)
 */
export async function startBenchForum({ database, uploadsDir, extraNodeFlags = [] }) {
  return startNodeServer({
    script: process.env.FORUM_BENCH_SERVER ?? join(root, "apps", "server", "dist", "main.cjs"),
    cwd: root,
    env: {
      ...BENCH_ENV,
      ...database.env,
      FORUM_SEED: "none",
      FORUM_WEB_DIST: join(root, "apps", "web", "dist"),
      FORUM_UPLOADS_DIR: uploadsDir,
    },
    port: await freePort(),
    readyPath: "/api/categories",
    loopDelay: true,
    extraNodeFlags,
  });
}
