// Starts the built server on a fresh temporary database with the demo seed and a known admin.
// FORUM_RATE_LIMITS comes from the caller (playwright.config.ts); off unless it says on.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "forum-e2e-"));
const server = spawn(process.execPath, [resolve(here, "../../server/dist/main.cjs")], {
  stdio: "inherit",
  env: {
    ...process.env,
    HOST: "127.0.0.1",
    DATABASE_PATH: join(dataDir, "forum.db"),
    FORUM_UPLOADS_DIR: join(dataDir, "uploads"),
    FORUM_BACKUP_DIR: join(dataDir, "backups"),
    // E2E_WEB_DIST: another build of the web app (to try a change while a run uses dist/).
    FORUM_WEB_DIST: process.env.E2E_WEB_DIST ?? resolve(here, "../dist"),
    FORUM_ADMIN_USERNAME: "e2e_admin",
    FORUM_ADMIN_PASSWORD: "e2e-admin-password",
    LOG_LEVEL: "warn",
    FORUM_RATE_LIMITS: process.env.FORUM_RATE_LIMITS ?? "off",
    // The webhook spec's receiver listens on this machine, over plain http.
    FORUM_WEBHOOKS_ALLOW_HTTP: "true",
    FORUM_WEBHOOKS_ALLOW_PRIVATE: "true",
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
