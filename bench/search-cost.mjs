// Where a search's time goes, without HTTP: the API's searchPosts (ids from the index, the
// posts' rows, the snippets) called in this process on a copy of a data set, one query at a time,
// with the benchmark's mix of queries (bench/lib/scenarios.mjs). Prints wall time per query by
// kind of query, by sort, with and without a category filter, and (--statements) the CPU time a
// query spent inside SQLite's statements, and the statements that took the most time in all.
//   node bench/search-cost.mjs --db <copy of bench/data/forum-1.db> [--queries 200] [--kinds ...]
// Never point it at the data set itself: opening a database in WAL mode writes beside it.
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";
import { searchQueries } from "./lib/scenarios.mjs";
import { timeStatements } from "./lib/statementTimes.mjs";

const { values } = parseArgs({
  options: {
    db: { type: "string" },
    queries: { type: "string", default: "200" },
    category: { type: "string", default: "1" },
    statements: { type: "boolean", default: false },
  },
});
if (!values.db) throw new Error("--db <copy of the data set> is required");
register();
const { createDb } = await import("@forum/db");
const { searchPosts } = await import("../packages/api/src/services/search.ts");

const statementTime = values.statements ? timeStatements() : new Map();
const handle = createDb({ path: values.db, backgroundCheckpoints: false });
const db = handle.reader;

const KINDS = ["two words", "word + prefix", "phrase", "three words"];
const rareQueries = ["zzyzx", "kubernetes zzyzx", "resilience", '"rollback window"'];
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const fmt = (ms) => ms.toFixed(ms < 10 ? 2 : 1);

/** Wall time and CPU time of this process (the work itself, whatever else runs on the machine). */
async function timeOne(q, options) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const rows = await searchPosts(db, { q, sort: "relevance", offset: 0, limit: 20, ...options });
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, n: rows.length };
}

async function runMix(label, options) {
  const next = searchQueries(options.sort === "new" ? 7 : 0);
  const byKind = KINDS.map(() => []);
  const count = Number(values.queries);
  let cpuMs = 0;
  const sqlBefore = statementCpuMs();
  for (let k = 0; k < count; k++) {
    const q = next();
    const timed = await timeOne(q, options);
    byKind[k % 4].push(timed.ms);
    cpuMs += timed.cpuMs;
  }
  const all = byKind.flat().sort((a, b) => a - b);
  const cells = byKind.map((list) => {
    list.sort((a, b) => a - b);
    return `${fmt(percentile(list, 50))}/${fmt(percentile(list, 99))}`;
  });
  const mean = all.reduce((a, b) => a + b, 0) / all.length;
  const sql = values.statements ? ` (sql ${fmt((statementCpuMs() - sqlBefore) / count).padStart(5)})` : "";
  console.log(
    `${label.padEnd(22)} cpu ${fmt(cpuMs / count).padStart(5)}${sql}  wall: mean ${fmt(mean).padStart(6)}  p50 ${fmt(percentile(all, 50)).padStart(6)}  p99 ${fmt(percentile(all, 99)).padStart(6)}  max ${fmt(all.at(-1)).padStart(6)}   p50/p99 by kind: ${cells.join("  ")}`,
  );
}

// Warm the page cache and the statements once.
await runMix("warm-up", { sort: "relevance" });
const categoryId = Number(values.category);
console.log(`${values.queries} queries each; kinds: ${KINDS.join(", ")}; ms (cpu: mean CPU time a query)`);
await runMix("relevance", { sort: "relevance" });
await runMix("relevance, category", { sort: "relevance", categoryId });
await runMix("newest", { sort: "new" });
await runMix("newest, category", { sort: "new", categoryId });
await runMix("relevance, offset 40", { sort: "relevance", offset: 40 });
for (const q of rareQueries) {
  const { ms, n } = await timeOne(q, { sort: "relevance" });
  console.log(`${JSON.stringify(q).padEnd(22)} ${fmt(ms)} ms, ${n} results`);
}
if (values.statements) {
  const top = [...statementTime.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12);
  for (const [sql, { ms, n }] of top)
    console.log(`${fmt(ms).padStart(8)} ms ${String(n).padStart(6)}× ${sql.replace(/\s+/g, " ").slice(0, 160)}`);
}
await handle.close();

/** CPU time spent inside SQL statements so far (with --statements). */
function statementCpuMs() {
  let ms = 0;
  for (const entry of statementTime.values()) ms += entry.ms;
  return ms;
}
