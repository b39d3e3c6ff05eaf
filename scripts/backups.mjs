// `npm run backup` and `npm run restore -- FILE [--force]`: the server build's backup command
// (apps/server/src/backupCli.ts), with the same settings as `npm start` (DATABASE_PATH or
// DATABASE_URL, FORUM_UPLOADS_DIR, FORUM_BACKUP_DIR...). It runs the build the running server
// was started from (npm start builds it), so both agree on the schema.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { root, toolEnv } from "./lib.mjs";

const cli = join(root, "apps/server/dist/backupCli.cjs");
if (!existsSync(cli)) {
  console.error("The server is not built yet: run `npm start` (or `npm run build`) once first.");
  process.exit(1);
}
const result = spawnSync(process.execPath, ["--enable-source-maps", cli, ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: toolEnv(),
});
process.exit(result.status ?? 1);
