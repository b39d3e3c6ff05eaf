// `npm run bench [-- flags]`: install (once), build what changed, then run the benchmark
// (bench/run.mjs; flags and scenarios in bench/README.md).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { bin, ensureInstalled, root, toolEnv } from "./lib.mjs";

ensureInstalled();
bin("turbo", ["run", "build", "--output-logs=errors-only", "--log-prefix=none"]);

const result = spawnSync(process.execPath, [join(root, "bench", "run.mjs"), ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: toolEnv(),
});
process.exit(result.status ?? 1);
