// Bundles the server and its workspace packages into one file; native modules stay external.
import { cp } from "node:fs/promises";
import { build } from "esbuild";
import { EXTERNALS } from "./externals.mjs";

await build({
  // The server and its worker threads: the spreadsheet parser (plugins/uploadParser.ts), the WAL
  // checkpointer, SQLite's writer and the search threads (packages/db/src/packageWorker.ts looks
  // for them beside the bundle).
  entryPoints: {
    main: "src/main.ts",
    bulkParserWorker: "src/bulkParserWorker.ts",
    checkpointWorker: "../../packages/db/src/checkpointWorker.ts",
    writerWorker: "../../packages/db/src/writerWorker.ts",
    // The hottest writes, run whole on the writer thread (packages/api/src/writes/runner.ts).
    writerProcedures: "../../packages/api/src/writes/writerProcedures.ts",
    searchWorker: "../../packages/api/src/services/searchWorker.ts",
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
