// Builds the synthetic forum of the benchmark: bench/data/forum-<scale>.db plus forum-<scale>.json
// (what was built: counts, the 500-reply thread, the most active member, timings).
//
//   node bench/build-dataset.mjs [--scale 1] [--seed 20260101] [--force]
//
// Without --force an existing data set younger than a week is kept. The generator lives in
// packages/db (src/seed/synthetic.ts), which has no build step: tsx loads its TypeScript.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";
import { dataDir, datasetPaths, rebuildReason } from "./lib/dataset.mjs";

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    seed: { type: "string" },
    force: { type: "boolean", default: false },
  },
});
const scale = Number(values.scale);
if (!(scale > 0)) throw new Error(`--scale must be a positive number, got ${values.scale}`);

const reason = values.force ? "--force" : rebuildReason(scale);
const paths = datasetPaths(scale);
if (!reason) {
  console.log(`${paths.db} is present (use --force to rebuild)`);
  process.exit(0);
}

register();
const { buildSyntheticDatabase, syntheticCounts } = await import("@forum/db/synthetic");

mkdirSync(dataDir, { recursive: true });
// Built under a temporary name and renamed at the end, so an interrupted build leaves no data set.
const building = `${paths.db}.building`;
for (const file of [building, `${building}-wal`, `${building}-shm`]) rmSync(file, { force: true });
const counts = syntheticCounts(scale);
console.log(
  `Generating ${counts.users} members, ${counts.posts} posts, ${counts.replies} replies, ${counts.votes} votes into ${paths.db}`,
);
const summary = await buildSyntheticDatabase(building, {
  scale,
  seed: values.seed === undefined ? undefined : Number(values.seed),
  log: (line) => console.log(line),
});
for (const file of [paths.db, `${paths.db}-wal`, `${paths.db}-shm`]) rmSync(file, { force: true });
renameSync(building, paths.db);
if (existsSync(`${building}-wal`)) renameSync(`${building}-wal`, `${paths.db}-wal`);
writeFileSync(paths.summary, `${JSON.stringify({ ...summary, builtAt: new Date().toISOString() }, null, 2)}\n`);
console.log(`Built in ${(summary.totalMs / 1000).toFixed(1)} s: ${paths.db}`);
console.log(
  `  busy thread: /api/posts/${summary.busyPost.slug} (${summary.busyPost.replies} replies); most active member: ${summary.mostActiveUser.username}`,
);
