// `npm start`: install (once), build what changed, migrate, seed an empty database, serve.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "../apps/server/processSettings.mjs";
import { bin, ensureInstalled, root, toolEnv } from "./lib.mjs";

ensureInstalled();
bin("turbo", ["run", "build", "--output-logs=errors-only", "--log-prefix=none"]);

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, "apps/server/dist/main.cjs")], {
  cwd: root,
  stdio: "inherit",
  env: { ...SERVER_ENV, ...toolEnv() },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
