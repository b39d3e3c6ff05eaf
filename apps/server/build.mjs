// Bundles the server and its workspace packages into one file; native modules stay external.
import { build } from "esbuild";

await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.cjs",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  sourcemap: true,
  external: ["better-sqlite3", "@node-rs/argon2"],
  logLevel: "warning",
});
