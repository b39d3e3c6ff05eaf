// `npm run bench -- --open-loop [--rate 1000,3000] [--writes 0,3] [--duration 60]` (issue 24):
// the production server on the bench data set, loaded on a schedule by bench/open-loop-client.mjs
// with a mix of reads and writes (bench/lib/openLoopMix.mjs), one run per rate and write share.
// Latency counts from each request's scheduled start. Also read: the server's own event-loop
// delay over each run. Results go to bench/results/latest.json (`openLoop`, other keys kept).
//
//   --scale <n>        data set scale                                            default 1
//   --engine <name>    sqlite or postgres (one instance)                          default sqlite
//   --rate <a,b>       requests a second, one run each                            default 1000,3000
//   --writes <a,b>     percent of requests that write (2/3 votes, 1/3 replies)   default 0,3
//   --duration <s>     measured seconds per run                                   default 60
//   --warmup <s>       seconds at the same rate before measuring                  default 10
//   --connections <n>  keep-alive connections at most                             default 200
//   --encoding <e>     the requests' Accept-Encoding                        default "gzip, deflate, br"
//   --out <file>       default bench/results/latest[-postgres].json
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { login, postgresDatabase, sqliteDatabase } from "./lib/databases.mjs";
import { benchDir, ensureDataset } from "./lib/dataset.mjs";
import { startBenchForum } from "./lib/forumServer.mjs";
import { membersOf } from "./lib/members.mjs";
import { generate } from "./lib/openLoopRun.mjs";
import { cpuTimeOf, memoryOf, readLoopDelay, resetLoopDelay, stopServer } from "./lib/processes.mjs";

const { values } = parseArgs({
  options: {
    "open-loop": { type: "boolean" },
    scale: { type: "string", default: "1" },
    engine: { type: "string", default: "sqlite" },
    rate: { type: "string", default: "1000,3000" },
    writes: { type: "string", default: "0,3" },
    duration: { type: "string", default: "60" },
    warmup: { type: "string", default: "10" },
    connections: { type: "string", default: "200" },
    encoding: { type: "string", default: "gzip, deflate, br" },
    out: { type: "string" },
  },
});
const engine = values.engine;
if (engine !== "sqlite" && engine !== "postgres") throw new Error("--engine must be sqlite or postgres");
const numbers = (flag) => {
  const list = values[flag].split(",").map(Number);
  if (list.some((value) => !(value >= 0))) throw new Error(`--${flag} takes numbers ≥ 0, comma-separated`);
  return list;
};
const rates = numbers("rate");
const writeShares = numbers("writes");
const [seconds, warmupSeconds, connections, scale] = ["duration", "warmup", "connections", "scale"].map(
  (flag) => numbers(flag)[0],
);
const outFile = resolve(
  values.out ?? join(benchDir, "results", engine === "postgres" ? "latest-postgres.json" : "latest.json"),
);
const WRITERS = 8;

async function main() {
  const dataset = ensureDataset(scale);
  const { summary } = dataset;
  const members = membersOf(dataset.db, WRITERS - 1);
  const work = mkdtempSync(join(tmpdir(), "forum-open-loop-"));
  const database = engine === "postgres" ? await postgresDatabase(dataset) : sqliteDatabase(dataset, work);
  const startForum = () =>
    startBenchForum({
      database,
      uploadsDir: join(work, "uploads"),
      // e.g. "--require ./slow-statements.cjs --cpu-prof": looking inside the server under this load.
      extraNodeFlags: process.env.FORUM_BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? [],
    });
  const runs = [];
  try {
    // A first start applies the migrations the weekly data set lacks (see run.mjs).
    if (engine === "sqlite") await stopServer((await startForum()).child);
    for (const writesPercent of writeShares) {
      for (const rate of rates) {
        // A fresh server per run: one run's queue or kept answers must not help or hurt the next.
        const forum = await startForum();
        try {
          const password = summary.memberPassword;
          const writers = [await login(forum.base, summary.benchAccounts.user, summary.benchAccounts.password)];
          for (const username of members.signedIn) writers.push(await login(forum.base, username, password));
          console.log(`${rate} req/s, ${writesPercent} % writes: ${warmupSeconds} s warm-up + ${seconds} s...`);
          const generating = generate(
            {
              base: forum.base,
              rate,
              seconds,
              warmupSeconds,
              connections,
              acceptEncoding: values.encoding,
              writesPercent,
              summary,
              usernames: members.usernames,
              writers,
            },
            work,
          );
          // The server's loop delay over the measured seconds only.
          await new Promise((resolveWait) => setTimeout(resolveWait, warmupSeconds * 1000));
          resetLoopDelay(forum.child);
          const cpuBefore = cpuTimeOf(forum.child.pid);
          const figures = await generating;
          // The server's CPU time per request: what the mix costs, whatever else runs on the host.
          const cpuMs = cpuTimeOf(forum.child.pid) - cpuBefore;
          const loop = await readLoopDelay(forum.child);
          const run = {
            rate,
            writesPercent,
            p50Ms: figures.overall.p50Ms,
            p99Ms: figures.overall.p99Ms,
            maxMs: figures.overall.maxMs,
            errors: figures.errors,
            failures: figures.failures,
            byKind: figures.byKind,
            stallsOver100Ms: figures.stalls,
            loopDelay: loop,
            serverCpuMsPerRequest: Math.round((cpuMs / figures.overall.count) * 1000) / 1000,
            peakRssMB: Math.round(memoryOf(forum.child.pid).peakMB),
          };
          runs.push(run);
          report(run);
        } finally {
          await stopServer(forum.child);
        }
      }
    }
  } finally {
    await database.close();
    rmSync(work, { recursive: true, force: true });
  }
  const previous = existsSync(outFile) ? JSON.parse(readFileSync(outFile, "utf8")) : {};
  // Each run as the issue names its figures, with what it ran on.
  const setting = {
    date: new Date().toISOString(),
    engine,
    scale,
    cpus: cpus().length,
    seconds,
    warmupSeconds,
    connections,
    acceptEncoding: values.encoding,
    loadAverageAtEnd: loadavg().map((value) => Math.round(value * 10) / 10),
  };
  const openLoop = runs.map((run) => ({ ...run, ...setting }));
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify({ ...previous, openLoop }, null, 2)}\n`);
  console.log(`\nWritten: ${outFile} (openLoop)`);
}

function report(run) {
  console.log(
    `  overall  p50 ${run.p50Ms} ms  p99 ${run.p99Ms} ms  max ${run.maxMs} ms  errors ${run.errors}` +
      `  · server loop delay p99 ${run.loopDelay?.p99Ms} ms max ${run.loopDelay?.maxMs} ms · ` +
      `server CPU ${run.serverCpuMsPerRequest} ms a request · peak RSS ${run.peakRssMB} MB`,
  );
  for (const [kind, figures] of Object.entries(run.byKind)) {
    console.log(
      `    ${kind.padEnd(16)} ${String(figures.count).padStart(7)}  p50 ${figures.p50Ms}  p99 ${figures.p99Ms}  max ${figures.maxMs}`,
    );
  }
  if (run.stallsOver100Ms.length > 0) {
    const list = run.stallsOver100Ms.map((window) => `${window.second}s:${window.maxMs}ms`).join(" ");
    console.log(`    seconds with an answer over 100 ms: ${list}`);
  }
  if (run.errors > 0) console.log(`    failures: ${JSON.stringify(run.failures)}`);
}

// Awaited at the top level: run.mjs imports this file and exits when the import settles.
try {
  await main();
} catch (error) {
  console.error(error);
  process.exit(1);
}
