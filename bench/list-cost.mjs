// What a page of posts costs uncached (issue 24): the API's listPosts (the page's ids from the
// sort's index, pinned posts first for the feeds, then the 20 rows by id) called in this process
// on a copy of a data set, with no read cache, for every sort, forum-wide and in the largest and
// the smallest category, at offsets 0, 20, 40 and 5,000. Prints the wall and CPU time per list.
//   node bench/list-cost.mjs --db <copy of bench/data/forum-1.db> [--rounds 20]
// Never point it at the data set itself: opening a database in WAL mode writes beside it.
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";

const { values } = parseArgs({
  options: { db: { type: "string" }, rounds: { type: "string", default: "20" } },
});
if (!values.db) throw new Error("--db <copy of the data set> is required");
register();
const { createDb } = await import("@forum/db");
const { POST_SORTS } = await import("../packages/contracts/src/index.ts");
const { listPosts } = await import("../packages/api/src/services/posts.ts");

const handle = createDb({ path: values.db, backgroundCheckpoints: false });
const db = handle.reader;
const rounds = Number(values.rounds);
const sizes = (
  await db.selectFrom("categories").select(["id", "postCount"]).orderBy("postCount", "desc").execute()
).map((row) => row.id);
const scopes = [
  ["forum-wide", undefined],
  ["largest category", sizes[0]],
  ["smallest category", sizes.at(-1)],
];
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

const lists = POST_SORTS.flatMap((sortBy) =>
  scopes.flatMap(([scopeName, categoryId]) =>
    [0, 20, 40, 5000].map((offset) => ({
      name: `${sortBy}, ${scopeName}, offset ${offset}`,
      sortBy,
      categoryId,
      offset,
    })),
  ),
);
// The feeds (no time range) as the API asks for them: pinned posts first.
const list = ({ sortBy, categoryId, offset }) =>
  listPosts(db, { sortBy, categoryId, offset, limit: 20, pinnedFirst: sortBy !== "trending" }, null);
// Once each first: the first calls compile the query builder's code and read the pages cold.
for (const one of lists) await list(one);

console.log("list                                         wall p50  wall max  CPU p50  CPU max (ms)");
const worst = { wall: 0, cpu: 0 };
for (const one of lists) {
  const walls = [];
  const cpus = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    await list(one);
    const used = process.cpuUsage(cpu);
    walls.push(performance.now() - started);
    cpus.push((used.user + used.system) / 1000);
  }
  walls.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  worst.wall = Math.max(worst.wall, percentile(walls, 50));
  worst.cpu = Math.max(worst.cpu, percentile(cpus, 50));
  const cells = [percentile(walls, 50), walls.at(-1), percentile(cpus, 50), cpus.at(-1)];
  console.log(`${one.name.padEnd(44)} ${cells.map((ms) => ms.toFixed(2).padStart(8)).join(" ")}`);
}
console.log(`\nslowest list's median: wall ${worst.wall.toFixed(2)} ms, CPU ${worst.cpu.toFixed(2)} ms`);
await handle.close();
