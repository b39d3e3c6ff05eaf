// Where the synthetic data sets live, and building one when it is missing or too old.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const benchDir = join(dirname(fileURLToPath(import.meta.url)), "..");
export const dataDir = join(benchDir, "data");
/** The data set's dates end at its build day; past this age "this week" holds no posts, so it is rebuilt. */
export const MAX_AGE_DAYS = 7;

export function datasetPaths(scale) {
  const name = `forum-${Number(scale)}`;
  return { db: join(dataDir, `${name}.db`), summary: join(dataDir, `${name}.json`) };
}

/** The summary written next to the file (what the benchmark looks up), or null when absent. */
export function readDataset(scale) {
  const paths = datasetPaths(scale);
  if (!existsSync(paths.db) || !existsSync(paths.summary)) return null;
  return { ...paths, summary: JSON.parse(readFileSync(paths.summary, "utf8")) };
}

/** Why the data set must be (re)built, or null when the one on disk will do. */
export function rebuildReason(scale, now = Date.now()) {
  const dataset = readDataset(scale);
  if (!dataset) return "absent";
  const ageDays = (now - dataset.summary.now) / 86_400_000;
  if (ageDays > MAX_AGE_DAYS) return `${ageDays.toFixed(0)} days old (its last week holds no recent posts)`;
  return null;
}

/** Builds the data set in a child process (bench/build-dataset.mjs) unless a fresh one exists. */
export function ensureDataset(scale, { force = false } = {}) {
  const reason = force ? "--force" : rebuildReason(scale);
  if (reason) {
    console.log(`Building the scale ${scale} data set (${reason})...`);
    const result = spawnSync(
      process.execPath,
      [join(benchDir, "build-dataset.mjs"), "--scale", String(scale), "--force"],
      {
        stdio: "inherit",
      },
    );
    if (result.status !== 0) throw new Error(`building the data set failed (exit ${result.status})`);
  }
  const dataset = readDataset(scale);
  if (!dataset) throw new Error(`no data set at ${datasetPaths(scale).db}`);
  return dataset;
}
