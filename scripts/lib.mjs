// Shared helpers for the two top-level commands (npm start, npm test): run pnpm without a
// global install, and install dependencies only when the lockfile or a manifest changed.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const PNPM = "pnpm@12.4.2";

export function toolEnv() {
  const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" };
  // Turbo looks for the package manager on PATH; the pinned pnpm is a dev dependency.
  env.PATH = `${join(root, "node_modules", ".bin")}${delimiter}${env.PATH ?? ""}`;
  // better-sqlite3 compiles with node-gyp; point it at the machine's Node headers when they
  // exist so it does not try to download them (this machine only reaches the npm registry).
  if (existsSync("/usr/include/node/node.h") && !env.npm_config_nodedir) env.npm_config_nodedir = "/usr";
  return env;
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: toolEnv(), ...options });
  if (result.status !== 0) {
    process.exit(result.status ?? 1);
  }
}

export function pnpm(args) {
  run("npx", ["-y", PNPM, ...args]);
}

export function bin(name, args) {
  run(join(root, "node_modules", ".bin", name), args);
}

function manifestsHash() {
  const hash = createHash("sha256");
  for (const file of [
    "pnpm-lock.yaml",
    "pnpm-workspace.yaml",
    "package.json",
    ...["apps/server", "apps/web", "packages/contracts", "packages/db", "packages/api", "packages/client", "bench"].map(
      (dir) => `${dir}/package.json`,
    ),
  ]) {
    const path = join(root, file);
    if (existsSync(path)) hash.update(file).update(readFileSync(path));
  }
  return hash.digest("hex");
}

/** Installs dependencies unless the same lockfile and manifests were installed before. */
export function ensureInstalled() {
  const stamp = join(root, "node_modules", ".install-stamp");
  const wanted = manifestsHash();
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === wanted) return;
  const frozen = existsSync(join(root, "pnpm-lock.yaml")) ? ["--frozen-lockfile"] : [];
  pnpm(["install", ...frozen, "--reporter=append-only"]);
  writeFileSync(stamp, manifestsHash());
}
