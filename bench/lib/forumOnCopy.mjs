// The production server on a throw-away copy of a data set, for the browser benchmarks (web.mjs,
// lighthouse.mjs): a visitor's view of the forum, nothing it writes (views) kept.
import { constants, copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchDir } from "./dataset.mjs";
import { freePort, startNodeServer, stopServer } from "./processes.mjs";

const root = join(benchDir, "..");

/** Starts the server on a copy of `dataset` with the web build `webDist`; `stop` removes the copy. */
export async function startForumOnCopy(dataset, { name, webDist = join(root, "apps", "web", "dist") }) {
  const work = mkdtempSync(join(tmpdir(), `forum-${name}-`));
  const databasePath = join(work, "forum.db");
  copyFileSync(dataset.db, databasePath, constants.COPYFILE_FICLONE);
  const forum = await startNodeServer({
    script: join(root, "apps", "server", "dist", "main.cjs"),
    cwd: root,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: "warn",
      FORUM_SEED: "none",
      FORUM_RATE_LIMITS: "off",
      DATABASE_PATH: databasePath,
      FORUM_WEB_DIST: webDist,
      FORUM_UPLOADS_DIR: join(work, "uploads"),
    },
    port: await freePort(),
    readyPath: "/api/categories",
  });
  return {
    base: forum.base,
    work,
    stop: async () => {
      await stopServer(forum.child);
      rmSync(work, { recursive: true, force: true });
    },
  };
}
