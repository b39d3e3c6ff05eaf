// `npm start`: install (once), build what changed, migrate, seed an empty database, serve.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { bin, ensureInstalled, root, toolEnv } from "./lib.mjs";

ensureInstalled();
bin("turbo", ["run", "build", "--output-logs=errors-only", "--log-prefix=none"]);

const server = spawn(process.execPath, ["--enable-source-maps", join(root, "apps/server/dist/main.cjs")], {
  cwd: root,
  stdio: "inherit",
  env: toolEnv(),
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
