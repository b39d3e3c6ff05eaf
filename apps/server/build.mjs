// Bundles the server and its workspace packages into one file; native modules stay external.
import { readFileSync } from "node:fs";
import { cp } from "node:fs/promises";
import { build } from "esbuild";
import { EXTERNALS } from "./externals.mjs";

const WORKER_MODULES = JSON.parse(readFileSync("../../packages/db/src/workerModules.json", "utf8"));

await build({
  // The server and its worker threads, as packages/db/src/workerModules.json lists them
  // (packages/db/src/packageWorker.ts looks for them beside the bundle).
  entryPoints: {
    main: "src/main.ts",
    // npm run backup / npm run restore (scripts/backups.mjs).
    backupCli: "src/backupCli.ts",
    ...Object.fromEntries(Object.entries(WORKER_MODULES).map(([name, source]) => [name, `../../${source}`])),
  },
  outdir: "dist",
  outExtension: { ".js": ".cjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  sourcemap: true,
  sourcesContent: false,
  external: EXTERNALS,
  // Workspace packages are ES modules that find their dependencies from import.meta.url.
  define: { "import.meta.url": "importMetaUrl" },
  banner: { js: 'const importMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
  logLevel: "warning",
});

// The API reference page's own files (src/openapi/reference.ts looks for them beside the bundle).
await cp("src/openapi/reference", "dist/reference", { recursive: true });
