// `npm run bench -- --mix` (issue 33): a busy hour as members make it. The production server on
// the bench data set, loaded on a schedule (open loop, latency from each request's scheduled
// start, as wrk2 does) by many signed-in members with busyHourMix's shares, the rate stepped up
// until a step misses p99 ≤ 100 ms or has an error. It reports the highest rate held, as a ratio
// of the roof and as members online (one request per member every 10 seconds), with every step.
// Results go to bench/results/latest[-postgres].json (`busyHour`, other keys kept).
//
//   --scale <n>        data set scale                                             default 1
//   --engine <name>    sqlite or postgres (one instance)                           default sqlite
//   --from <r>         the first step's rate, requests a second                    default 500
//   --factor <f>       each next step's rate is the last one's × f                 default 1.25
//   --until <r>        no step above this rate                                     default 20000
//   --duration <s>     measured seconds per step                                   default 20
//   --warmup <s>       seconds at the step's rate before measuring                 default 5
//   --first-warmup <s> the first step's warm-up: a server just started reads its data
//                      set from disk and fills its caches (an hour that got busy did)   default 30
//   --members <n>      members signed in, each with a session of their own         default 250
//   --connections <n>  keep-alive connections at most                              default 200
//   --only <a,b>       only these kinds of request (BUSY_HOUR_SHARES' names), in their shares
//   --out <file>       default bench/results/latest[-postgres].json
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { BUSY_HOUR_SHARES } from "./lib/busyHourMix.mjs";
import { login, postgresDatabase, sqliteDatabase } from "./lib/databases.mjs";
import { benchDir, ensureDataset } from "./lib/dataset.mjs";
import { startBenchForum } from "./lib/forumServer.mjs";
import { membersOf, signInAll } from "./lib/members.mjs";
import { generate } from "./lib/openLoopRun.mjs";
import { cpuTimeOf, memoryOf, readLoopDelay, resetLoopDelay, stopServer } from "./lib/processes.mjs";
import { measureRoof } from "./lib/roof.mjs";

const { values } = parseArgs({
  options: {
    mix: { type: "boolean" },
    scale: { type: "string", default: "1" },
    engine: { type: "string", default: "sqlite" },
    from: { type: "string", default: "500" },
    factor: { type: "string", default: "1.25" },
    until: { type: "string", default: "20000" },
    duration: { type: "string", default: "20" },
    warmup: { type: "string", default: "5" },
    "first-warmup": { type: "string", default: "30" },
    members: { type: "string", default: "250" },
    connections: { type: "string", default: "200" },
    only: { type: "string" },
    out: { type: "string" },
  },
});
const engine = values.engine;
if (engine !== "sqlite" && engine !== "postgres") throw new Error("--engine must be sqlite or postgres");
const number = (flag) => {
  const value = Number(values[flag]);
  if (!(value > 0)) throw new Error(`--${flag} takes a number > 0`);
  return value;
};
const [scale, from, factor, until, seconds, warmupSeconds, firstWarmupSeconds, memberCount, connections] = [
  "scale",
  "from",
  "factor",
  "until",
  "duration",
  "warmup",
  "first-warmup",
  "members",
  "connections",
].map(number);
if (factor <= 1) throw new Error("--factor must be above 1");
const outFile = resolve(
  values.out ?? join(benchDir, "results", engine === "postgres" ? "latest-postgres.json" : "latest.json"),
);
/** A step is held when its p99 stays within this and no request failed. */
const P99_BOUND_MS = 100;
/** Members online: each sends one request every this many seconds. */
const SECONDS_BETWEEN_REQUESTS = 10;
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

async function main() {
  const dataset = ensureDataset(scale);
  const { summary } = dataset;
  const members = membersOf(dataset.db, memberCount);
  const work = mkdtempSync(join(tmpdir(), "forum-busy-hour-"));
  const roofFirst = await measureRoof();
  console.log(`roof ${roofFirst} req/s`);
  const database = engine === "postgres" ? await postgresDatabase(dataset) : sqliteDatabase(dataset, work);
  const startForum = () => startBenchForum({ database, uploadsDir: join(work, "uploads") });
  const steps = [];
  let peakRssMB = null;
  try {
    // A first start applies the migrations the weekly data set lacks (see run.mjs).
    if (engine === "sqlite") await stopServer((await startForum()).child);
    // One server for every step, as in an hour that gets busier: its caches stay warm.
    const forum = await startForum();
    try {
      const password = summary.memberPassword;
      const sessions = await signInAll(login, forum.base, members.signedIn, password);
      console.log(`${sessions.length} members signed in; steps of ${warmupSeconds} s warm-up + ${seconds} s`);
      for (let rate = from; rate <= until; rate = Math.round(rate * factor)) {
        const warmup = steps.length === 0 ? Math.max(firstWarmupSeconds, warmupSeconds) : warmupSeconds;
        const generating = generate(
          {
            mix: "busy-hour",
            base: forum.base,
            rate,
            seconds,
            warmupSeconds: warmup,
            connections,
            acceptEncoding: "gzip, deflate, br",
            summary,
            datasetFile: dataset.db,
            usernames: members.usernames,
            sessions,
            signIns: members.signedIn,
            password,
            only: values.only?.split(",").map((kind) => kind.trim()),
          },
          work,
        );
        // The server's loop delay and CPU over the measured seconds only.
        await new Promise((resolveWait) => setTimeout(resolveWait, warmup * 1000));
        resetLoopDelay(forum.child);
        const cpuBefore = cpuTimeOf(forum.child.pid);
        const figures = await generating;
        const cpuMs = cpuTimeOf(forum.child.pid) - cpuBefore;
        const step = {
          rate,
          held: figures.overall.p99Ms <= P99_BOUND_MS && figures.errors === 0,
          p50Ms: figures.overall.p50Ms,
          p99Ms: figures.overall.p99Ms,
          maxMs: figures.overall.maxMs,
          errors: figures.errors,
          failures: figures.failures,
          loopDelay: await readLoopDelay(forum.child),
          serverCpuMsPerRequest: round(cpuMs / figures.overall.count, 3),
          byKind: figures.byKind,
        };
        steps.push(step);
        report(step);
        if (!step.held) break;
      }
      peakRssMB = Math.round(memoryOf(forum.child.pid).peakMB);
    } finally {
      await stopServer(forum.child);
    }
  } finally {
    await database.close();
    rmSync(work, { recursive: true, force: true });
  }
  const roofLast = await measureRoof();
  const roofRps = Math.round((roofFirst + roofLast) / 2);
  const best = steps.filter((step) => step.held).at(-1) ?? null;
  const busyHour = {
    date: new Date().toISOString(),
    engine,
    scale,
    cpus: cpus().length,
    roofRps,
    roofFirstRps: roofFirst,
    roofLastRps: roofLast,
    rateRps: best?.rate ?? 0,
    ratio: best ? round(best.rate / roofRps, 3) : 0,
    p99Ms: best?.p99Ms ?? null,
    membersOnline: (best?.rate ?? 0) * SECONDS_BETWEEN_REQUESTS,
    p99BoundMs: P99_BOUND_MS,
    shares: Object.fromEntries(BUSY_HOUR_SHARES),
    members: memberCount,
    connections,
    seconds,
    warmupSeconds,
    firstWarmupSeconds,
    peakRssMB,
    loadAverageAtEnd: loadavg().map((value) => round(value)),
    steps,
  };
  console.log(
    `\nroof ${roofFirst} and ${roofLast} req/s (mean ${roofRps}); held ${busyHour.rateRps} req/s with p99 ${busyHour.p99Ms} ms:` +
      ` ${busyHour.ratio} of the roof, ${busyHour.membersOnline} members online; peak RSS ${peakRssMB} MB`,
  );
  const previous = existsSync(outFile) ? JSON.parse(readFileSync(outFile, "utf8")) : {};
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify({ ...previous, busyHour }, null, 2)}\n`);
  console.log(`Written: ${outFile} (busyHour)`);
}

function report(step) {
  console.log(
    `${String(step.rate).padStart(6)} req/s  p50 ${step.p50Ms} ms  p99 ${step.p99Ms} ms  max ${step.maxMs} ms` +
      `  errors ${step.errors}  · loop p99 ${step.loopDelay?.p99Ms} ms · CPU ${step.serverCpuMsPerRequest} ms a request` +
      (step.held ? "  held" : "  NOT held"),
  );
  for (const [kind, figures] of Object.entries(step.byKind)) {
    console.log(
      `    ${kind.padEnd(16)} ${String(figures.count).padStart(7)}  p50 ${figures.p50Ms}  p99 ${figures.p99Ms}  max ${figures.maxMs}`,
    );
  }
  if (step.errors > 0) console.log(`    failures: ${JSON.stringify(step.failures)}`);
}

// Awaited at the top level: run.mjs imports this file and exits when the import settles.
try {
  await main();
} catch (error) {
  console.error(error);
  process.exit(1);
}
