// Bundles the server and its workspace packages into one file; native modules stay external.
import { readFile } from "node:fs/promises";
import { build } from "esbuild";
import { EXTERNALS } from "./externals.mjs";

// tRPC's published build spreads objects with Babel's _objectSpread2 helper, which copies each
// key with Object.defineProperty; every procedure call spreads its options and context a few
// times through it. Profiled under npm run bench it was the largest single cost of a cached read
// (about a sixth of the server's busy time). In tRPC's use the target is always a fresh
// object literal and the sources are plain data, so Object.assign copies the same keys.
const FAST_OBJECT_SPREAD = `function _objectSpread2(e) {
\tfor (var r = 1; r < arguments.length; r++) if (arguments[r] != null) Object.assign(e, arguments[r]);
\treturn e;
}`;
const trpcObjectSpread = {
  name: "trpc-object-spread",
  setup(bundler) {
    let replaced = 0;
    bundler.onLoad({ filter: /[\\/]@trpc[\\/]server[\\/]dist[\\/].*\.[cm]?js$/ }, async ({ path }) => {
      const source = await readFile(path, "utf8");
      const start = source.indexOf("function _objectSpread2(e) {");
      if (start === -1) return undefined;
      const end = source.indexOf("\n}\n", start);
      replaced++;
      return { contents: `${source.slice(0, start)}${FAST_OBJECT_SPREAD}${source.slice(end + 2)}`, loader: "js" };
    });
    bundler.onEnd(() => {
      // A tRPC upgrade that renames the helper must not silently drop the change.
      if (replaced === 0) throw new Error("trpc-object-spread: _objectSpread2 not found in @trpc/server");
    });
  },
};

await build({
  // The server and its two worker threads: the spreadsheet parser (plugins/uploadParser.ts) and
  // the WAL checkpointer (packages/db/src/checkpointer.ts looks for it beside the bundle).
  entryPoints: {
    main: "src/main.ts",
    bulkParserWorker: "src/bulkParserWorker.ts",
    checkpointWorker: "../../packages/db/src/checkpointWorker.ts",
  },
  outdir: "dist",
  outExtension: { ".js": ".cjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  sourcemap: true,
  external: EXTERNALS,
  plugins: [trpcObjectSpread],
  // Workspace packages are ES modules that find their dependencies from import.meta.url.
  define: { "import.meta.url": "importMetaUrl" },
  banner: { js: 'const importMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
  logLevel: "warning",
});
