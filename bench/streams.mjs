// `npm run bench -- --streams` (issue 31, "Cost"): what open live streams (GET /api/events) cost the
// production server on the bench data set. One server, in this order:
//
//   1. a warm-up pass of the reads; the roof (bench/roof.mjs), then the reads without streams while
//      replies arrive on a schedule;
//   2. the replies alone (no streams, no reads): the server's CPU for the writes themselves;
//      memory before: the server's VmRSS and main-thread heap (after two full collections), settled;
//   3. `--count` streams opened over the `--posts` hottest posts (bench/streams-client.mjs, its own
//      process, from many 127.0.x.y addresses), settled; memory after → KB per stream;
//   4. event delay: replies on an open-loop schedule (bench/streams-writer.mjs, its own process)
//      into those posts for `--duration` s; per (reply, stream) the time from the write's 201 to
//      that stream's `reply` event (and from the write's scheduled start), and the server's CPU
//      beyond step 2's per event delivered;
//   5. the same reads with the streams open and the replies running; streams closed; the reads
//      again without them (A B A: the host drifts, so "without" is the mean of before and after);
//      the roof again.
//
// Results go to bench/results/latest.json under `liveStreams` (other keys kept).
//
//   --scale <n>          data set scale                                               default 1
//   --count <n>          streams to open                                              default 5000
//   --posts <n>          posts they are spread over (the hottest)                     default 50
//   --rate <n>           replies a second, open loop                                  default 100
//   --duration <s>       seconds of replies measured for the event delay              default 30
//   --settle <s>         seconds before each memory reading                           default 10
//   --read-seconds <s>   seconds measured per read scenario (after 1 s of warm-up)    default 4
//   --connections <n>    autocannon connections for the reads                         default 10
//   --only <a,b>         read scenarios whose name contains one of these words
//                        default "posts hot,post by slug,replies page,profile,categories,trending topics"
//   --out <file>         default bench/results/latest.json
import { fork } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { login, sqliteDatabase } from "./lib/databases.mjs";
import { benchDir, ensureDataset } from "./lib/dataset.mjs";
import { BENCH_ENV, startBenchForum } from "./lib/forumServer.mjs";
import {
  cpuTimeOf,
  freePort,
  memoryOf,
  readLoopDelay,
  resetLoopDelay,
  startNodeServer,
  stopServer,
} from "./lib/processes.mjs";
import { scenarios as allScenarios, requestOf } from "./lib/scenarios.mjs";

const { values } = parseArgs({
  options: {
    streams: { type: "boolean" },
    scale: { type: "string", default: "1" },
    count: { type: "string", default: "5000" },
    posts: { type: "string", default: "50" },
    rate: { type: "string", default: "100" },
    duration: { type: "string", default: "30" },
    settle: { type: "string", default: "10" },
    "read-seconds": { type: "string", default: "4" },
    connections: { type: "string", default: "10" },
    only: {
      type: "string",
      default: "posts hot,post by slug,replies page,profile,categories,trending topics",
    },
    out: { type: "string" },
  },
});
const number = (flag) => {
  const value = Number(values[flag]);
  if (!(value > 0)) throw new Error(`--${flag} must be a positive number`);
  return value;
};
const scale = number("scale");
const count = number("count");
const postCount = number("posts");
const rate = number("rate");
const duration = number("duration");
const settle = number("settle");
const readSeconds = number("read-seconds");
const connections = number("connections");
const only = values.only.split(",").map((word) => word.trim().toLowerCase());
const root = join(benchDir, "..");
const outFile = resolve(values.out ?? join(benchDir, "results", "latest.json"));
const MEMORY_PRELOAD = join(benchDir, "lib", "memory.cjs");
const PER_ADDRESS = 31;
const TARGETS = { kbPerStream: 20, delayP99Ms: 250, readsWithin: 0.1 };

const round1 = (value) => Math.round(value * 10) / 10;
const round3 = (value) => Math.round(value * 1000) / 1000;
const sleep = (ms) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
const load = () => loadavg().map(round1);
const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** The hottest posts (the home feed's order): the discussions most tabs would have open. */
function hotPosts(datasetFile, n) {
  const db = new Database(datasetFile, { readonly: true });
  try {
    return db.prepare(`select id from posts order by "hotScore" desc limit ?`).pluck().all(n);
  } finally {
    db.close();
  }
}

/** Sends `message` to a child over IPC and resolves to the `key` of its first answer carrying one. */
function ask(child, message, key, timeoutMs = 120_000) {
  return new Promise((resolveAsk, reject) => {
    const timer = setTimeout(() => {
      child.off("message", onMessage);
      reject(new Error(`no "${key}" answer to ${message} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (answer) => {
      if (answer?.[key] === undefined) return;
      clearTimeout(timer);
      child.off("message", onMessage);
      resolveAsk(answer[key]);
    };
    child.on("message", onMessage);
    child.send(message);
  });
}

/** A forked helper (streams client or writer) with its settings in a file; resolves once it says ready. */
function forkHelper(script, settings, work, name) {
  const file = join(work, `${name}.json`);
  writeFileSync(file, JSON.stringify(settings));
  const child = fork(join(benchDir, script), [file], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return child;
}

/** The server's memory: VmRSS from /proc, and its main thread's process.memoryUsage() (after GC if `collect`). */
async function serverMemory(child, collect) {
  const rssBeforeGcKB = memoryOf(child.pid).currentMB * 1024;
  const usage = await ask(child, collect ? "memory:gc" : "memory:read", "memory");
  return {
    rssKB: Math.round(rssBeforeGcKB),
    rssAfterGcKB: Math.round(memoryOf(child.pid).currentMB * 1024),
    heapUsedKB: Math.round(usage.heapUsed / 1024),
    heapTotalKB: Math.round(usage.heapTotal / 1024),
    externalKB: Math.round(usage.external / 1024),
    arrayBuffersKB: Math.round(usage.arrayBuffers / 1024),
    collected: usage.collected,
  };
}

/** One autocannon run of a scenario: warm-up of 1 s, then `readSeconds` measured. */
async function measureRead(base, scenario) {
  const run = (seconds) => autocannon({ url: base, connections, duration: seconds, requests: [requestOf(scenario)] });
  await run(1);
  const result = await run(readSeconds);
  return {
    name: scenario.name,
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * Pairs each written reply with the streams' arrivals of its event: delays (ms, event arrival
 * minus the 201's arrival; negative when the event came first) and how many of the expected came.
 */
function delaysOf(written, arrivalsFile, streamsPerPost) {
  const bytes = readFileSync(arrivalsFile);
  const n = bytes.length / 16;
  const ids = new Int32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + n * 4));
  const times = new Float64Array(bytes.buffer.slice(bytes.byteOffset + n * 8, bytes.byteOffset + n * 16));
  const answered = new Map(written.replies.map(([id, postId, at, scheduledAt]) => [id, { postId, at, scheduledAt }]));
  const delays = [];
  const fromRequest = [];
  const arrivedPerReply = new Map();
  for (let i = 0; i < n; i++) {
    const reply = answered.get(ids[i]);
    if (!reply) continue;
    delays.push(times[i] - reply.at);
    fromRequest.push(times[i] - reply.scheduledAt);
    arrivedPerReply.set(ids[i], (arrivedPerReply.get(ids[i]) ?? 0) + 1);
  }
  let expected = 0;
  for (const [, { postId }] of answered) expected += streamsPerPost.get(postId) ?? 0;
  const duplicates = [...arrivedPerReply].filter(
    ([id, got]) => got > (streamsPerPost.get(answered.get(id).postId) ?? 0),
  );
  const sorted = Float64Array.from(delays).sort();
  const sortedFromRequest = Float64Array.from(fromRequest).sort();
  return {
    replies: written.replies.length,
    expectedEvents: expected,
    arrivedEvents: delays.length,
    repliesWithDuplicateEvents: duplicates.length,
    p50Ms: round1(percentile(sorted, 0.5)),
    p90Ms: round1(percentile(sorted, 0.9)),
    p99Ms: round1(percentile(sorted, 0.99)),
    maxMs: round1(sorted.at(-1) ?? 0),
    minMs: round1(sorted[0] ?? 0),
    eventBeforeAnswer: delays.filter((delay) => delay < 0).length,
    // From the write's scheduled start instead (what a reader waits when the writes queue).
    fromRequest: {
      p50Ms: round1(percentile(sortedFromRequest, 0.5)),
      p99Ms: round1(percentile(sortedFromRequest, 0.99)),
      maxMs: round1(sortedFromRequest.at(-1) ?? 0),
    },
  };
}

async function main() {
  const dataset = ensureDataset(scale);
  const { summary } = dataset;
  const posts = hotPosts(dataset.db, postCount);
  const work = mkdtempSync(join(tmpdir(), "forum-streams-"));
  const database = sqliteDatabase(dataset, work);
  const env = BENCH_ENV;
  const loads = { start: load() };
  const running = [];
  const helpers = [];
  let result;
  try {
    const roof = await startNodeServer({
      script: join(benchDir, "roof.mjs"),
      cwd: root,
      env,
      port: await freePort(),
      readyPath: "/",
    });
    running.push(roof);
    const startForum = () =>
      startBenchForum({
        database,
        uploadsDir: join(work, "uploads"),
        // --expose-gc: the heap is read after full collections (what is live, not what waits for GC).
        extraNodeFlags: [
          "--expose-gc",
          "--require",
          MEMORY_PRELOAD,
          ...(process.env.FORUM_BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? []),
        ],
      });
    // A first start applies the migrations the weekly data set lacks (see run.mjs).
    await stopServer((await startForum()).child);
    const forum = await startForum();
    running.push(forum);
    const cookie = await login(forum.base, summary.benchAccounts.user, summary.benchAccounts.password);
    const url = new URL(forum.base);
    const reads = allScenarios(summary, cookie).filter(
      (scenario) =>
        scenario.kind === "read" &&
        scenario.door !== "html" &&
        // The visitors' reads only (the member's feed needs its read states first: run.mjs).
        !scenario.headers?.cookie &&
        only.some((word) => scenario.name.toLowerCase().includes(word)),
    );
    log(`${count} streams over ${posts.length} posts (${posts.slice(0, 5).join(", ")}, ...), ${rate} replies/s`);
    log(`reads: ${reads.map((scenario) => scenario.name).join(", ")}; ${readSeconds} s each after 1 s warm-up`);

    // The writer: replies into the streams' posts on a schedule, until told to stop (or `seconds`).
    let writerNumber = 0;
    const startWriter = (seconds) => {
      const child = forkHelper(
        "streams-writer.mjs",
        { base: forum.base, cookie, posts, rate, seconds, connections: 50 },
        work,
        `writer-${++writerNumber}`,
      );
      helpers.push(child);
      const written = new Promise((resolveWritten, reject) => {
        child.on("message", (message) => {
          if (message?.written) resolveWritten(message.written);
        });
        child.once("exit", (code) => reject(new Error(`the writer exited with ${code} and no figures`)));
      });
      written.catch(() => {});
      return { child, written, stop: () => child.connected && child.send("stop") };
    };
    /**
     * Waits until the server answers a small read at once again (twice under 50 ms, at most 60 s):
     * writes the writer gave up on may still be queued there, and must not weigh on the next phase.
     */
    const drained = async () => {
      let quick = 0;
      for (const end = performance.now() + 60_000; quick < 2 && performance.now() < end; ) {
        const sent = performance.now();
        await (await fetch(`${forum.base}/api/categories`)).arrayBuffer();
        quick = performance.now() - sent < 50 ? quick + 1 : 0;
        await sleep(200);
      }
    };
    const roofRun = async () => (await measureRead(roof.base, { name: "roof", method: "GET", path: "/" })).rps;
    /** The read scenarios once, with the writer running meanwhile. */
    const readPhase = async (label) => {
      log(`reads ${label} (load ${load().join(", ")})`);
      const writer = startWriter(3600);
      const figures = [];
      const serverCpuBefore = cpuTimeOf(forum.child.pid);
      const started = performance.now();
      for (const scenario of reads) {
        const entry = await measureRead(forum.base, scenario);
        figures.push(entry);
        log(
          `  ${scenario.name.padEnd(28)} ${String(entry.rps).padStart(6)} req/s  p50 ${entry.p50Ms}  p99 ${entry.p99Ms}`,
        );
      }
      const seconds = (performance.now() - started) / 1000;
      writer.stop();
      const written = await writer.written;
      await drained();
      return {
        label,
        scenarios: figures,
        writes: { count: written.count, errors: written.errors, p99Ms: written.p99Ms },
        serverCpuPercent: Math.round((cpuTimeOf(forum.child.pid) - serverCpuBefore) / seconds / 10),
        loadAverage: load(),
        written,
      };
    };

    // A pass of the reads, with the writer running, before anything is measured: the first phase
    // must not pay for a cold server (its JIT, its read cache, the data set's pages, the write
    // path and a WAL that grows from empty) that the later phases find warm.
    log("warming up: each read scenario for 2 s, with the replies running");
    const warmWriter = startWriter(3600);
    for (const scenario of reads) {
      await autocannon({ url: forum.base, connections, duration: 2, requests: [requestOf(scenario)] });
    }
    warmWriter.stop();
    await warmWriter.written;
    await drained();
    const roofFirst = await roofRun();
    log(`roof ${roofFirst} req/s`);
    const without1 = await readPhase("without streams (before)");

    // The same replies without streams, nothing else: the server's CPU for the writes alone, so
    // the delay phase's extra CPU is what delivering the events costs.
    log(`replies alone: ${rate} replies/s for ${duration} s, no streams (load ${load().join(", ")})`);
    const aloneCpuBefore = cpuTimeOf(forum.child.pid);
    const aloneWritten = await startWriter(duration).written;
    const aloneCpuMs = cpuTimeOf(forum.child.pid) - aloneCpuBefore;
    const repliesAlone = {
      count: aloneWritten.count,
      errors: aloneWritten.errors,
      p50Ms: aloneWritten.p50Ms,
      p99Ms: aloneWritten.p99Ms,
      maxMs: aloneWritten.maxMs,
      serverCpuMs: Math.round(aloneCpuMs),
      loadAverage: load(),
    };
    log(
      `  writes p50 ${repliesAlone.p50Ms} ms, p99 ${repliesAlone.p99Ms} ms; server CPU ${repliesAlone.serverCpuMs} ms`,
    );

    // Memory before the streams, settled (the writer is stopped; the reads have warmed the caches):
    // the reads' garbage is collected first, so what the streams add is not hidden by it.
    await serverMemory(forum.child, true);
    // The server's CPU while idle, without and then with the streams (one heartbeat timer for all).
    let idleCpu = cpuTimeOf(forum.child.pid);
    await sleep(settle * 1000);
    const idleCpuPercentWithout = round1((cpuTimeOf(forum.child.pid) - idleCpu) / settle / 10);
    const memoryBefore = {
      asIs: await serverMemory(forum.child, false),
      afterGc: await serverMemory(forum.child, true),
    };
    log(`memory before: RSS ${memoryBefore.asIs.rssKB} KB, heap after GC ${memoryBefore.afterGc.heapUsedKB} KB`);

    const arrivalsFile = join(work, "arrivals.bin");
    const client = forkHelper(
      "streams-client.mjs",
      {
        host: url.hostname,
        port: Number(url.port),
        count,
        posts,
        perAddress: PER_ADDRESS,
        concurrency: 100,
        arrivalsFile,
      },
      work,
      "streams-client",
    );
    helpers.push(client);
    await new Promise((resolveReady) => client.once("message", resolveReady));
    const opening = await ask(client, "open", "open");
    log(`opened ${opening.opened} streams in ${opening.ms} ms (${opening.refused} refused or failed)`);
    const streamsPerPost = new Map();
    for (let index = 0; index < count; index++) {
      const postId = posts[index % posts.length];
      streamsPerPost.set(postId, (streamsPerPost.get(postId) ?? 0) + 1);
    }
    idleCpu = cpuTimeOf(forum.child.pid);
    await sleep(settle * 1000);
    const idleCpuPercentWith = round1((cpuTimeOf(forum.child.pid) - idleCpu) / settle / 10);
    const memoryAfter = {
      asIs: await serverMemory(forum.child, false),
      afterGc: await serverMemory(forum.child, true),
    };
    const perStream = (field, which) =>
      round1((memoryAfter[which][field] - memoryBefore[which][field]) / Math.max(1, opening.opened));
    const memory = {
      before: memoryBefore,
      after: memoryAfter,
      rssKBPerStream: perStream("rssKB", "asIs"),
      rssAfterGcKBPerStream: perStream("rssAfterGcKB", "afterGc"),
      heapKBPerStream: perStream("heapUsedKB", "afterGc"),
      externalKBPerStream: perStream("externalKB", "afterGc"),
      // Percent of one core over each settle period (the memory readings' collections come after it).
      idleCpuPercent: { without: idleCpuPercentWithout, with: idleCpuPercentWith },
    };
    log(
      `memory after: RSS ${memoryAfter.asIs.rssKB} KB (${memory.rssKBPerStream} KB a stream), ` +
        `heap after GC ${memoryAfter.afterGc.heapUsedKB} KB (${memory.heapKBPerStream} KB a stream)`,
    );

    // Event delay: replies on a schedule, streams open, nothing else.
    log(`event delay: ${rate} replies/s for ${duration} s (load ${load().join(", ")})`);
    resetLoopDelay(forum.child);
    const cpuBefore = cpuTimeOf(forum.child.pid);
    const clientCpuBefore = cpuTimeOf(client.pid);
    const delayWriter = startWriter(duration);
    const delayWritten = await delayWriter.written;
    const delayCpuMs = cpuTimeOf(forum.child.pid) - cpuBefore;
    const clientCpuMs = cpuTimeOf(client.pid) - clientCpuBefore;
    const delayLoop = await readLoopDelay(forum.child);
    const loadDuringDelay = load();
    await sleep(3000); // stragglers
    await drained();

    const withStreams = await readPhase("with streams open");
    await sleep(3000);
    const collected = await ask(client, "collect", "collected");
    const closed = await ask(client, "close", "closed");
    client.disconnect();
    log(
      `streams: ${collected.arrivals} reply events, ${collected.keepAlives} keep-alives, ${collected.closedEarly} closed early; closed ${closed}`,
    );
    await sleep(2000);
    const without2 = await readPhase("without streams (after)");
    const roofLast = await roofRun();
    log(`roof ${roofLast} req/s`);

    const delay = {
      ...delaysOf(delayWritten, arrivalsFile, streamsPerPost),
      writes: {
        count: delayWritten.count,
        errors: delayWritten.errors,
        failures: delayWritten.failures,
        p50Ms: delayWritten.p50Ms,
        p99Ms: delayWritten.p99Ms,
        maxMs: delayWritten.maxMs,
      },
      serverCpuPercent: Math.round(delayCpuMs / duration / 10),
      serverCpuMs: Math.round(delayCpuMs),
      // The streams' client shares the same 2 cores: what reading the events cost it.
      clientCpuMs: Math.round(clientCpuMs),
      loopDelay: delayLoop,
      loadAverage: loadDuringDelay,
    };
    // The server's CPU (all threads) a delivered event costs: the delay phase's CPU beyond the
    // same replies' without streams, over the events delivered (a figure the host moves less).
    delay.serverCpuUsPerEvent = Math.round(
      ((delayCpuMs - aloneCpuMs * (delayWritten.count / Math.max(1, aloneWritten.count))) * 1000) /
        Math.max(1, delay.arrivedEvents),
    );
    const delayDuringReads = delaysOf(withStreams.written, arrivalsFile, streamsPerPost);
    log(
      `delay: p50 ${delay.p50Ms} ms, p99 ${delay.p99Ms} ms, max ${delay.maxMs} ms; ` +
        `${delay.arrivedEvents} of ${delay.expectedEvents} events`,
    );

    const roofRps = Math.round((roofFirst + roofLast) / 2);
    const readsTable = reads.map((scenario, index) => {
      const a = without1.scenarios[index];
      const b = withStreams.scenarios[index];
      const c = without2.scenarios[index];
      const withoutRps = (a.rps + c.rps) / 2;
      return {
        name: scenario.name,
        withoutRps: [a.rps, c.rps],
        withRps: b.rps,
        withoutRatio: round3(withoutRps / roofRps),
        withRatio: round3(b.rps / roofRps),
        withOverWithout: round3(b.rps / withoutRps),
        p99Ms: { without: [a.p99Ms, c.p99Ms], with: b.p99Ms },
        failed: a.failed + b.failed + c.failed,
      };
    });
    const geometricMean = Math.exp(
      readsTable.reduce((sum, row) => sum + Math.log(row.withOverWithout), 0) / readsTable.length,
    );
    const strip = ({ written, ...phase }) => phase;
    result = {
      date: new Date().toISOString(),
      engine: "sqlite",
      scale,
      cpus: cpus().length,
      streams: {
        asked: count,
        opened: opening.opened,
        refused: opening.refused,
        openMs: opening.ms,
        posts: posts.length,
        perAddress: PER_ADDRESS,
      },
      settleSeconds: settle,
      memory,
      repliesPerSecond: rate,
      delaySeconds: duration,
      repliesAlone,
      delay,
      delayDuringReads,
      client: collected,
      reads: {
        roofRps: { first: roofFirst, last: roofLast, mean: roofRps },
        secondsPerScenario: readSeconds,
        connections,
        scenarios: readsTable,
        geometricMeanWithOverWithout: round3(geometricMean),
        // Against the last "without" phase alone: the first one read lower in nearly every run.
        geometricMeanWithOverAfter: round3(
          Math.exp(
            readsTable.reduce((sum, row) => sum + Math.log(row.withRps / row.withoutRps[1]), 0) / readsTable.length,
          ),
        ),
        phases: [strip(without1), strip(withStreams), strip(without2)],
      },
      targets: {
        kbPerStream: {
          target: TARGETS.kbPerStream,
          value: memory.rssKBPerStream,
          met: memory.rssKBPerStream <= TARGETS.kbPerStream,
        },
        delayP99Ms: {
          target: TARGETS.delayP99Ms,
          value: delay.p99Ms,
          allArrived: delay.arrivedEvents === delay.expectedEvents,
          met: delay.p99Ms <= TARGETS.delayP99Ms && delay.arrivedEvents === delay.expectedEvents,
        },
        readsWithin: {
          target: TARGETS.readsWithin,
          value: round3(geometricMean),
          met: geometricMean >= 1 - TARGETS.readsWithin,
        },
      },
    };
  } finally {
    for (const child of helpers) if (child.exitCode === null) child.kill("SIGTERM");
    for (const server of running.reverse()) await stopServer(server.child);
    await database.close();
    rmSync(work, { recursive: true, force: true });
  }
  loads.end = load();
  result.loadAverage = loads;
  report(result);
  const previous = existsSync(outFile) ? JSON.parse(readFileSync(outFile, "utf8")) : {};
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify({ ...previous, liveStreams: result }, null, 2)}\n`);
  console.log(`\nWritten: ${outFile} (liveStreams)`);
}

function report(result) {
  const mark = (met) => (met ? "✓" : "✗");
  const { memory, delay, reads, targets } = result;
  console.log(
    `\nLive streams · ${result.date} · ${result.cpus} cores · load ${result.loadAverage.start.join(", ")} → ${result.loadAverage.end.join(", ")}`,
  );
  console.log(
    `memory: ${result.streams.opened} streams, RSS +${memory.after.asIs.rssKB - memory.before.asIs.rssKB} KB = ${memory.rssKBPerStream} KB a stream ` +
      `(after GC ${memory.rssAfterGcKBPerStream}); heap ${memory.heapKBPerStream} KB a stream (target ≤ ${targets.kbPerStream.target} KB) ${mark(targets.kbPerStream.met)}; ` +
      `idle CPU ${memory.idleCpuPercent.without} % of a core without, ${memory.idleCpuPercent.with} % with`,
  );
  console.log(
    `event delay (201 → event): p50 ${delay.p50Ms} ms, p90 ${delay.p90Ms} ms, p99 ${delay.p99Ms} ms, max ${delay.maxMs} ms, ` +
      `${delay.arrivedEvents} of ${delay.expectedEvents} events (target p99 ≤ ${targets.delayP99Ms.target} ms, all) ${mark(targets.delayP99Ms.met)}`,
  );
  console.log(
    `  from the write's scheduled start: p50 ${delay.fromRequest.p50Ms} ms, p99 ${delay.fromRequest.p99Ms} ms; ` +
      `writes' own latency p50 ${delay.writes.p50Ms} ms, p99 ${delay.writes.p99Ms} ms (alone, no streams: ` +
      `p50 ${result.repliesAlone.p50Ms}, p99 ${result.repliesAlone.p99Ms}); server CPU ${delay.serverCpuUsPerEvent} µs an event delivered`,
  );
  console.log(
    `  during the reads: p50 ${result.delayDuringReads.p50Ms} ms, p99 ${result.delayDuringReads.p99Ms} ms, max ${result.delayDuringReads.maxMs} ms, ` +
      `${result.delayDuringReads.arrivedEvents} of ${result.delayDuringReads.expectedEvents}`,
  );
  console.log(`reads (roof ${reads.roofRps.first} / ${reads.roofRps.last} req/s):`);
  for (const row of reads.scenarios) {
    console.log(
      `  ${row.name.padEnd(28)} without ${row.withoutRps.join(" / ")} req/s (${row.withoutRatio} of the roof), with ${row.withRps} (${row.withRatio}): ${row.withOverWithout}`,
    );
  }
  console.log(
    `  with / without (geometric mean): ${reads.geometricMeanWithOverWithout}, against "after" alone ${reads.geometricMeanWithOverAfter} (target ≥ ${1 - targets.readsWithin.target}) ${mark(targets.readsWithin.met)}`,
  );
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exit(1);
}
