// The forum's performance benchmark (issue 5). `npm run bench` installs and builds first, then runs
// this file; directly: node bench/run.mjs [flags]. See bench/README.md.
//
//   --scale <n>        data set scale (1 = 100,000 posts; 0.1 = 10,000)     default 1
//   --duration <s>     seconds measured per scenario                         default 10
//   --warmup <s>       seconds of warm-up before each measurement             default 3
//   --connections <n>  concurrent connections                                 default 10
//   --only <a,b>       only scenarios whose name contains one of these words (the roof always runs)
//
//   --web              the web timing benchmark instead (bench/web.mjs: Chromium, phone and laptop)
//   --lighthouse       Lighthouse's mobile scores instead (bench/lighthouse.mjs), added to latest.json
//   --open-loop        reads and writes on a schedule instead (bench/open-loop.mjs), added to latest.json
//   --streams          the cost of 5,000 open live streams instead (bench/streams.mjs), added to latest.json
//   --mix              the busy hour instead (bench/busy-hour.mjs), added to latest.json
//
// The roof is measured first and again last; roofRps is the mean of the two.
//   --force            rebuild the data set even if present
//   --engine <name>    sqlite, or postgres: FORUM_BENCH_DATABASE_URL's server or a throw-away one,
//                      one app instance and then two                         default sqlite
//   --out <file>       where to write the JSON          default bench/results/latest[-postgres].json
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { login, postgresDatabase, sqliteDatabase } from "./lib/databases.mjs";
import { benchDir, ensureDataset } from "./lib/dataset.mjs";
import { startBenchForum } from "./lib/forumServer.mjs";
import { memoryOf, readLoopDelay, resetLoopDelay, stopServer } from "./lib/processes.mjs";
import { printTable } from "./lib/report.mjs";
import { startRoof } from "./lib/roof.mjs";
import { scenarios as allScenarios, readDiscussions, requestOf, targetOf } from "./lib/scenarios.mjs";
import { measureWebJs } from "./lib/webjs.mjs";

const root = join(benchDir, "..");
if (process.argv.includes("--web")) {
  // Issue 14's first-visit timings in a browser: its own script, same data sets.
  await import("./web.mjs");
  process.exit(0);
}
if (process.argv.includes("--lighthouse")) {
  // Issue 26's scores of the pages on Lighthouse's simulated phone: its own script, same data sets.
  await import("./lighthouse.mjs");
  process.exit(0);
}
if (process.argv.includes("--streams")) {
  // Issue 31's cost of open live streams (memory, event delay, reads meanwhile): its own script.
  await import("./streams.mjs");
  process.exit(0);
}
if (process.argv.includes("--mix")) {
  // Issue 33's busy hour: members' mix on a schedule, the rate stepped up: its own script.
  await import("./busy-hour.mjs");
  process.exit(0);
}
if (process.argv.includes("--open-loop")) {
  // Issue 24's mix of reads and writes on a schedule: its own script, same data sets.
  await import("./open-loop.mjs");
  process.exit(0);
}
const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "10" },
    only: { type: "string" },
    force: { type: "boolean", default: false },
    engine: { type: "string", default: "sqlite" },
    out: { type: "string" },
  },
});
const engine = values.engine;
if (engine !== "sqlite" && engine !== "postgres") throw new Error("--engine must be sqlite or postgres");
const defaultOut = engine === "postgres" ? "latest-postgres.json" : "latest.json";
const outFile = values.out ?? join(benchDir, "results", defaultOut);
const scale = Number(values.scale);
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
for (const [flag, value] of Object.entries({ scale, duration, connections })) {
  if (!(value > 0)) throw new Error(`--${flag} must be a positive number`);
}
// FORUM_BENCH_SERVER: another build of the server (an A/B comparison of two bundles on one data set).
const webDist = join(root, "apps", "web", "dist");
const round1 = (value) => Math.round(value * 10) / 10;

/** One autocannon run; reads resolve to its figures, failing requests are counted, not hidden. */
async function load(base, scenario, seconds) {
  const result = await autocannon({ url: base, connections, duration: seconds, requests: [requestOf(scenario)] });
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total ?? result.requests.sent,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * The tRPC door against the REST door on the same read, measured in alternating slices (ABBA
 * rounds): the two scenarios of the table run minutes apart, and on a shared host the roof itself
 * moves by a third within a run, so their quotient varied from 0.45 to 1.6 on the same server
 * (issue 16). Slices side by side see the same host.
 *
 * The ratio is the median of the rounds' own ratios: per request the two doors cost the same
 * server CPU (53-71 µs each, 30,000 requests a slice), while a mean of four rounds read 0.94 and
 * 0.73 in two quiet runs of one day. A slice that loses the cores to something else on the host
 * moves a mean; the median of eight is not moved by one or two such slices.
 */
async function doorPair(base, rest, trpc, rounds = 8, seconds = 2) {
  const sums = { rest: 0, trpc: 0 };
  const ratios = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [rest, trpc] : [trpc, rest];
    const rps = {};
    for (const scenario of order) rps[scenario === rest ? "rest" : "trpc"] = (await load(base, scenario, seconds)).rps;
    sums.rest += rps.rest;
    sums.trpc += rps.trpc;
    ratios.push(rps.trpc / rps.rest);
  }
  ratios.sort((a, b) => a - b);
  const median = (ratios[(rounds - 1) >> 1] + ratios[rounds >> 1]) / 2;
  const round2 = (x) => Math.round(x * 100) / 100;
  return {
    restRps: Math.round(sums.rest / rounds),
    trpcRps: Math.round(sums.trpc / rounds),
    ratio: round2(median),
    roundRatios: ratios.map(round2),
    rounds,
    secondsPerSlice: seconds,
  };
}

/** The bytes of a page's answer as sent (compressed as the scenario asks), for its same-size roof. */
function wireBytesOf(base, scenario) {
  return new Promise((resolvePromise, reject) => {
    const request = get(`${base}${scenario.path}`, { headers: scenario.headers }, (response) => {
      let bytes = 0;
      response.on("data", (chunk) => {
        bytes += chunk.length;
      });
      response.once("end", () => resolvePromise(bytes));
      response.once("error", reject);
    });
    request.once("error", reject);
  });
}

/** One request before measuring, so a wrong path or a refused session fails loudly. */
async function preflight(base, scenario) {
  const path = scenario.dynamicPath ? scenario.dynamicPath() : scenario.path;
  const response = await fetch(`${base}${path}`, {
    method: scenario.method,
    headers: scenario.headers,
    body: scenario.body?.(),
  });
  const body = await response.arrayBuffer();
  if (!response.ok) {
    throw new Error(`${scenario.name}: ${scenario.method} ${path} answered ${response.status}: ${Buffer.from(body)}`);
  }
  return body.byteLength;
}

/** GET `path` every 20 ms from its own process for `ms`; resolves to its latency figures. */
function probeReads(url, ms) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(benchDir, "probe.mjs"), url, String(ms)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.once("error", reject);
    child.once("exit", () => {
      try {
        resolvePromise(JSON.parse(output));
      } catch {
        resolvePromise(null);
      }
    });
  });
}

/** One entry per write or search scenario: what a reader saw meanwhile, and how long the server's loop stalled. */
function readsDuringWrites(entries) {
  return entries
    .filter((entry) => entry.probe || entry.loop)
    .map((entry) => ({
      write: entry.name,
      probeP99Ms: entry.probe?.p99Ms ?? null,
      probeMaxMs: entry.probe?.maxMs ?? null,
      loopP99Ms: entry.loop?.p99Ms ?? null,
      loopMaxMs: entry.loop?.maxMs ?? null,
    }));
}

async function main() {
  const dataset = ensureDataset(scale, { force: values.force });
  const { summary } = dataset;
  const web = measureWebJs(webDist);
  if (!web) console.warn(`No web build at ${webDist}: webJsGzipKB is null (run the build first).`);

  const work = mkdtempSync(join(tmpdir(), "forum-bench-"));
  const loadAverage = { start: loadavg().map(round1) };
  const results = [];
  const twoResults = [];
  const peakRssMB = [];
  let roofRps = 0;
  /** The measured server's start on the migrated copy: ready to answer, in ms (issue 33). */
  let serverStartMs = null;
  let roofTwoRps = null;
  let twoPeakRssMB = null;
  let doors = null;
  let database;
  try {
    database = engine === "postgres" ? await postgresDatabase(dataset) : sqliteDatabase(dataset, work);
    console.log(`${connections} connections, ${warmup} s warm-up + ${duration} s per scenario\n`);

    // `base` is one server, or several: autocannon then gives its connections to them in turn
    // (connection i to server i mod n), so each instance gets the same share of the load.
    // `server`: the forum process(es) behind `base`, whose own event-loop delay is read during
    // write scenarios (the probe's figures include the host's noise; these do not).
    const measure = async (base, scenario, servers = []) => {
      const bases = [base].flat();
      let bytes = 0;
      for (const one of bases) bytes = await preflight(one, scenario);
      if (warmup > 0) await load(base, scenario, warmup);
      // Writes, and searches (issue 12: on SQLite they run on reader threads, leaving the loop free).
      const probed = scenario.kind === "write" || scenario.name.startsWith("search");
      const probe = probed ? probeReads(`${bases[0]}/api/categories`, duration * 1000) : null;
      if (probed) for (const server of servers) resetLoopDelay(server.child);
      const figures = await load(base, scenario, duration);
      const loop = probed && servers[0] ? await readLoopDelay(servers[0].child) : null;
      const entry = { ...scenario, ...figures, bytes, probe: probe ? await probe : null, loop };
      const failed = figures.failed > 0 ? `  (${figures.failed} failed!)` : "";
      console.log(
        `  ${scenario.name.padEnd(28)} ${String(figures.rps).padStart(7)} req/s  p50 ${figures.p50Ms} ms  p99 ${figures.p99Ms} ms${failed}`,
      );
      return entry;
    };

    // The roof: a bare Fastify hello-world, same kind of process, measured in the same run: first
    // and again last (it idles in between), so drift of a shared machine shows and averages out.
    // A page (door "html") is also compared with a roof answering a body of its size as sent: one
    // autocannon process reaches about 1,500 req/s for 41 KB bodies on this machine, whatever
    // serves them, so the ratio to the hello-world roof measures the load generator (issue 14).
    const sameSizeRoof = async (base, scenario) => {
      const wireBytes = await wireBytesOf(base, scenario);
      const roofOfSize = await startRoof(wireBytes);
      try {
        const figures = await measure(roofOfSize.base, { ...roofScenario, name: `  same-size roof (${wireBytes} B)` });
        return { wireBytes, rps: figures.rps };
      } finally {
        await stopServer(roofOfSize.child);
      }
    };
    const roof = await startRoof();
    const roofScenario = { name: "roof", method: "GET", path: "/", door: "rest", kind: "read" };
    // The forum: the production bundle on the run's database, no demo seed, logging at warn.
    const startForums = async (count, purpose = "") => {
      const started = performance.now();
      const forums = await Promise.all(
        Array.from({ length: count }, async (_, index) =>
          startBenchForum({ database, uploadsDir: join(work, `uploads-${index + 1}`) }),
        ),
      );
      const what = (count === 1 ? "forum server" : `${count} forum servers`) + (purpose ? ` for ${purpose}` : "");
      console.log(`  (${what} ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
      return forums;
    };
    const only = values.only?.split(",").map((word) => word.trim().toLowerCase());
    const running = [];
    let chosen;
    try {
      const roofFirst = await measure(roof.base, roofScenario);
      results.push(roofFirst);

      // The data set is rebuilt weekly, not per migration, so it may lack the newest ones. The
      // server applies them at its first start; building an index over 100,000 posts leaves that
      // work's page cache and sort memory in the process (45 MB of RSS for migration 0017,
      // measured). A first start on the copy applies them, so the measured server's peak RSS is
      // what serving costs, as on a server that has been migrated once.
      if (engine === "sqlite") await stopServer((await startForums(1, "migrations")).at(0).child);
      const startedAt = performance.now();
      const [forum] = await startForums(1);
      serverStartMs = Math.round(performance.now() - startedAt);
      running.push(forum);
      // One session for the whole run: it lives in the database, so every instance accepts it,
      // and the same scenario objects go on (new posts to vote on) in the two-instance phase.
      const session = await login(forum.base, summary.benchAccounts.user, summary.benchAccounts.password);
      chosen = allScenarios(summary, session).filter(
        (scenario) => !only || only.some((word) => scenario.name.toLowerCase().includes(word)),
      );
      for (const scenario of chosen) {
        if (scenario.readsFirst > 0) await readDiscussions(forum.base, session, scenario.readsFirst);
        const entry = await measure(forum.base, scenario, [forum]);
        if (scenario.door === "html") entry.sameSizeRoof = await sameSizeRoof(forum.base, scenario);
        results.push(entry);
      }
      const homeFeed = (door) =>
        chosen.find((scenario) => scenario.name.startsWith("posts hot") && scenario.door === door);
      if (homeFeed("rest") && homeFeed("trpc")) {
        doors = await doorPair(forum.base, homeFeed("rest"), homeFeed("trpc"));
        console.log(
          `  tRPC / REST in alternating slices: ${doors.trpcRps} / ${doors.restRps} req/s, median of the rounds' ratios ${doors.ratio} (${doors.roundRatios.join(", ")})`,
        );
      }
      peakRssMB.push(round1(memoryOf(forum.child.pid).peakMB));
      await stopServer(running.pop().child);

      if (engine === "postgres") {
        // Two instances on the one database, as behind a load balancer. Their roof: two
        // hello-world processes fed the same way, since both share the machine's cores.
        const roofTwo = await startRoof();
        running.push(roofTwo);
        const two = await measure([roof.base, roofTwo.base], { ...roofScenario, name: "roof ×2 processes" });
        roofTwoRps = two.rps;
        await stopServer(running.pop().child);
        twoResults.push(two);
        const forums = await startForums(2);
        running.push(...forums);
        const bases = forums.map((one) => one.base);
        for (const scenario of chosen) twoResults.push(await measure(bases, scenario, forums));
        twoPeakRssMB = forums.map((one) => round1(memoryOf(one.child.pid).peakMB));
        while (running.length > 0) await stopServer(running.pop().child);
      }

      const roofLast = await measure(roof.base, { ...roofScenario, name: "roof (again)" });
      roofRps = Math.round((roofFirst.rps + roofLast.rps) / 2);
      results[0] = {
        ...roofFirst,
        rps: roofRps,
        p50Ms: Math.max(roofFirst.p50Ms, roofLast.p50Ms),
        p99Ms: Math.max(roofFirst.p99Ms, roofLast.p99Ms),
        failed: roofFirst.failed + roofLast.failed,
        drift: { first: roofFirst.rps, last: roofLast.rps },
      };
    } finally {
      for (const child of running) await stopServer(child.child);
      await stopServer(roof.child);
    }
  } finally {
    await database?.close();
    rmSync(work, { recursive: true, force: true });
  }
  loadAverage.end = loadavg().map(round1);

  const figures = (entries) =>
    entries.map((entry) => ({
      name: entry.name,
      method: entry.method,
      path: entry.path,
      door: entry.door,
      rps: entry.rps,
      p50Ms: entry.p50Ms,
      p99Ms: entry.p99Ms,
      ratio: roofRps > 0 ? Math.round((entry.rps / roofRps) * 1000) / 1000 : 0,
      // Body bytes a second (MB = 10^6): how the whole-thread read is judged (issue 16).
      ...(entry.bytes ? { mbPerSecond: Math.round((entry.rps * entry.bytes) / 1e5) / 10 } : {}),
      // Pages: a roof answering a body of the page's size as sent, and the page's share of it.
      ...(entry.sameSizeRoof
        ? {
            sameSizeRoof: {
              ...entry.sameSizeRoof,
              ratio: Math.round((entry.rps / entry.sameSizeRoof.rps) * 1000) / 1000,
            },
          }
        : {}),
    }));
  const report = {
    date: new Date().toISOString(),
    cpus: cpus().length,
    memoryMB: Math.round(totalmem() / 1024 / 1024),
    scale,
    engine,
    // What the data set is on disk (SQLite's file, as built) and how long the server took to answer.
    databaseMB: Math.round(statSync(dataset.db).size / 1024 / 1024),
    serverStartMs,
    roofRps,
    peakRssMB: peakRssMB[0] ?? null,
    webJsGzipKB: web?.kb ?? null,
    scenarios: figures(results),
    // Per write scenario: the read probe's latency and the server's own event-loop delay.
    readsDuringWrites: readsDuringWrites(results),
    // The tRPC door / the REST door on the home feed, from alternating slices (doorPair).
    doors,
    // The home feed as a member who has read 1,000 discussions / as a visitor (issue 31: >= 0.8).
    memberHomeFeed: memberHomeFeed(results),
    loadAverage,
  };
  const meta = { cpuModel: cpus()[0]?.model ?? "unknown cpu", web, summary, duration, connections };
  printTable(report, results, targetOf, { ...meta, title: engine === "postgres" ? "PostgreSQL, one instance" : "" });
  if (engine === "postgres") {
    // The roof row of the two-instance table is the run's roof (what every ratio divides by).
    const twoEntries = [results[0], ...twoResults];
    report.twoInstances = {
      roofTwoProcessesRps: roofTwoRps,
      peakRssMB: twoPeakRssMB,
      scenarios: figures(twoEntries),
    };
    printTable(
      { ...report, scenarios: report.twoInstances.scenarios, peakRssMB: null, doors: null },
      twoEntries,
      targetOf,
      {
        ...meta,
        web: null,
        title: "PostgreSQL, two instances fed alternately",
      },
    );
    console.log(`instances' peak RSS: ${report.twoInstances.peakRssMB?.join(" MB, ")} MB`);
    report.postgres = database.info;
  }
  console.log(
    `load average (1, 5, 15 min): ${loadAverage.start.join(", ")} at the start, ${loadAverage.end.join(", ")} at the end`,
  );
  const out = resolve(outFile);
  mkdirSync(dirname(out), { recursive: true });
  // The other modes' figures (busyHour, openLoop, streams, lighthouse) stay: each carries its own date.
  const previous = existsSync(out) ? JSON.parse(readFileSync(out, "utf8")) : {};
  writeFileSync(out, `${JSON.stringify({ ...previous, ...report }, null, 2)}\n`);
  console.log(`\nWritten: ${out}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/** The member's home feed (votes, read states, "New") against the visitor's, when both ran. */
function memberHomeFeed(results) {
  const member = results.find((entry) => entry.name === "posts hot as a member");
  const visitor = results.find((entry) => entry.name === "posts hot");
  if (!member || !visitor) return null;
  const ratio = Math.round((member.rps / visitor.rps) * 1000) / 1000;
  console.log(`  home feed as a member (1,000 discussions read) / as a visitor: ${ratio}`);
  return { memberRps: member.rps, visitorRps: visitor.rps, ratio };
}
