// The production image's /app, assembled from a built checkout: the server bundle, the web build,
// and a production install of the packages the bundle leaves out (externals.mjs). Nothing else:
// no sources, no dev dependencies, no .git. The Dockerfile runs this in its build stage;
// check-runtime.mjs runs it into a temporary folder and starts the result.
//
//   node apps/server/assemble-runtime.mjs <folder> [--no-install]
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { EXTERNALS } from "./externals.mjs";

const serverDir = dirname(fileURLToPath(import.meta.url));
const root = join(serverDir, "..", "..");

/**
 * Versions of the externals, as pinned in the server's package.json (one source of truth), with
 * "catalog:" read from pnpm-workspace.yaml's catalog: npm, which installs the runtime, knows no
 * catalogs.
 */
export function runtimeDependencies() {
  const manifest = JSON.parse(readFileSync(join(serverDir, "package.json"), "utf8"));
  const catalog = workspaceCatalog();
  return Object.fromEntries(
    EXTERNALS.map((name) => {
      const pinned = manifest.dependencies?.[name];
      if (!pinned) throw new Error(`${name} is external to the bundle but not a dependency of @forum/server`);
      const version = pinned === "catalog:" ? catalog.get(name) : pinned;
      if (!version) throw new Error(`${name} says "catalog:" but pnpm-workspace.yaml's catalog has no version for it`);
      return [name, version];
    }),
  );
}

/** pnpm-workspace.yaml's `catalog:` section: one `name: version` line per package. */
function workspaceCatalog() {
  const lines = readFileSync(join(root, "pnpm-workspace.yaml"), "utf8").split("\n");
  const start = lines.indexOf("catalog:");
  const catalog = new Map();
  for (const line of lines.slice(start + 1)) {
    const entry = /^\s+"?([^":]+)"?:\s*(\S+)\s*$/.exec(line);
    if (!entry) break;
    catalog.set(entry[1], entry[2]);
  }
  return catalog;
}

export function assembleRuntime(target, { install = true } = {}) {
  const parts = [
    ["apps/server/dist", "main.cjs"],
    ["apps/web/dist", "index.html"],
  ];
  for (const [dir, file] of parts) {
    if (!existsSync(join(root, dir, file))) throw new Error(`${dir}/${file} is missing: build first (npm run build)`);
  }
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const [dir] of parts) cpSync(join(root, dir), join(target, dir), { recursive: true });
  writeFileSync(
    join(target, "package.json"),
    `${JSON.stringify({ name: "forum-runtime", private: true, dependencies: runtimeDependencies() }, null, 2)}\n`,
  );
  if (!install) return;
  // better-sqlite3 downloads its prebuilt binary, or compiles against the local Node headers
  // when it cannot (they ship with Node's official images at /usr/local, with Debian's at /usr).
  const env = { ...process.env };
  const headers = ["/usr/local", "/usr"].find((prefix) => existsSync(join(prefix, "include", "node", "node.h")));
  if (headers && !env.npm_config_nodedir) env.npm_config_nodedir = headers;
  const npm = spawnSync(
    "npm",
    ["install", "--omit=dev", "--no-audit", "--no-fund", "--no-package-lock", "--loglevel=error"],
    { cwd: target, stdio: "inherit", env },
  );
  if (npm.status !== 0) throw new Error(`npm install in ${target} failed (exit ${npm.status})`);
  pruneBetterSqlite(join(target, "node_modules", "better-sqlite3"));
}

/**
 * better-sqlite3 keeps SQLite's C sources (10 MB) and, when it compiled itself, the objects of
 * the build (17 MB); at run time it loads build/Release/better_sqlite3.node and its lib/ only.
 */
function pruneBetterSqlite(dir) {
  const binary = join(dir, "build", "Release", "better_sqlite3.node");
  if (!existsSync(binary)) throw new Error(`${binary} is missing after the install`);
  const kept = readFileSync(binary);
  for (const part of ["deps", "src", "build"]) rmSync(join(dir, part), { recursive: true, force: true });
  mkdirSync(dirname(binary), { recursive: true });
  writeFileSync(binary, kept);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [target, ...flags] = process.argv.slice(2);
  if (!target) {
    console.error("usage: node apps/server/assemble-runtime.mjs <folder> [--no-install]");
    process.exit(2);
  }
  assembleRuntime(resolve(target), { install: !flags.includes("--no-install") });
  console.log(`Runtime assembled in ${resolve(target)}`);
}
