// The forum's performance benchmark (issue 5). `npm run bench` installs and builds first, then runs
// this file; directly: node bench/run.mjs [flags]. See bench/README.md.
//
//   --scale <n>        data set scale (1 = 100,000 posts; 0.1 = 10,000)     default 1
//   --duration <s>     seconds measured per scenario                         default 10
//   --warmup <s>       seconds of warm-up before each measurement             default 3
//   --connections <n>  concurrent connections                                 default 10
//   --only <a,b>       only scenarios whose name contains one of these words (the roof always runs)
//
// The roof is measured first and again last; roofRps is the mean of the two.
//   --force            rebuild the data set even if present
//   --out <file>       where to write the JSON                                default bench/results/latest.json
import { spawn } from "node:child_process";
import { constants, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { benchDir, ensureDataset } from "./lib/dataset.mjs";
import { freePort, memoryOf, startNodeServer, stopServer } from "./lib/processes.mjs";
import { printTable } from "./lib/report.mjs";
import { scenarios as allScenarios, targetOf } from "./lib/scenarios.mjs";
import { measureWebJs } from "./lib/webjs.mjs";

const root = join(benchDir, "..");
const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "10" },
    only: { type: "string" },
    force: { type: "boolean", default: false },
    out: { type: "string", default: join(benchDir, "results", "latest.json") },
  },
});
const scale = Number(values.scale);
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
for (const [flag, value] of Object.entries({ scale, duration, connections })) {
  if (!(value > 0)) throw new Error(`--${flag} must be a positive number`);
}
const serverEntry = join(root, "apps", "server", "dist", "main.cjs");
const webDist = join(root, "apps", "web", "dist");
const round1 = (value) => Math.round(value * 10) / 10;

/** One autocannon run; reads resolve to its figures, failing requests are counted, not hidden. */
async function load(base, scenario, seconds) {
  const request = { method: scenario.method, path: scenario.path, headers: scenario.headers };
  if (scenario.body || scenario.dynamicPath) {
    request.setupRequest = (req) => ({
      ...req,
      ...(scenario.dynamicPath ? { path: scenario.dynamicPath() } : {}),
      ...(scenario.body ? { body: scenario.body() } : {}),
    });
  }
  const result = await autocannon({ url: base, connections, duration: seconds, requests: [request] });
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total ?? result.requests.sent,
    failed: result.non2xx + result.errors + result.timeouts,
  };
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

async function login(base, username, password) {
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login of ${username} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("forum_session="));
  if (!cookie) throw new Error("login set no forum_session cookie");
  return cookie.split(";")[0];
}

async function main() {
  const dataset = ensureDataset(scale, { force: values.force });
  const { summary } = dataset;
  const web = measureWebJs(webDist);
  if (!web) console.warn(`No web build at ${webDist}: webJsGzipKB is null (run the build first).`);

  const work = mkdtempSync(join(tmpdir(), "forum-bench-"));
  const results = [];
  let peakRssMB = null;
  let roofRps = 0;
  try {
    // The server gets a copy: the benchmark's writes must not change the data set.
    const copyStarted = performance.now();
    const databasePath = join(work, "forum.db");
    copyFileSync(dataset.db, databasePath, constants.COPYFILE_FICLONE);
    console.log(`Data set: ${dataset.db} (copied in ${((performance.now() - copyStarted) / 1000).toFixed(1)} s)`);
    console.log(`${connections} connections, ${warmup} s warm-up + ${duration} s per scenario\n`);

    // Limits off: the benchmark signs in and writes from one address far faster than any member.
    const env = { PATH: process.env.PATH, LOG_LEVEL: "warn", FORUM_RATE_LIMITS: "off" };
    const measure = async (base, scenario) => {
      const bytes = await preflight(base, scenario);
      if (warmup > 0) await load(base, scenario, warmup);
      const probe = scenario.kind === "write" ? probeReads(`${base}/api/categories`, duration * 1000) : null;
      const figures = await load(base, scenario, duration);
      const entry = { ...scenario, ...figures, bytes, probe: probe ? await probe : null };
      const failed = figures.failed > 0 ? `  (${figures.failed} failed!)` : "";
      console.log(
        `  ${scenario.name.padEnd(28)} ${String(figures.rps).padStart(7)} req/s  p50 ${figures.p50Ms} ms  p99 ${figures.p99Ms} ms${failed}`,
      );
      return entry;
    };

    // The roof: a bare Fastify hello-world, same kind of process, measured in the same run: first
    // and again last (it idles in between), so drift of a shared machine shows and averages out.
    const roof = await startNodeServer({
      script: join(benchDir, "roof.mjs"),
      cwd: root,
      env,
      port: await freePort(),
      readyPath: "/",
    });
    const roofScenario = { name: "roof", method: "GET", path: "/", door: "rest", kind: "read" };
    let forum;
    try {
      const roofFirst = await measure(roof.base, roofScenario);
      results.push(roofFirst);

      // The forum: the production bundle on the copy, no demo seed, logging at warn.
      const started = performance.now();
      forum = await startNodeServer({
        script: serverEntry,
        cwd: root,
        env: {
          ...env,
          DATABASE_PATH: databasePath,
          FORUM_SEED: "none",
          FORUM_WEB_DIST: webDist,
          FORUM_UPLOADS_DIR: join(work, "uploads"),
        },
        port: await freePort(),
        readyPath: "/api/categories",
      });
      console.log(`  (forum server ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
      const session = await login(forum.base, summary.benchAccounts.user, summary.benchAccounts.password);
      const only = values.only?.split(",").map((word) => word.trim().toLowerCase());
      const chosen = allScenarios(summary, session).filter(
        (scenario) => !only || only.some((word) => scenario.name.toLowerCase().includes(word)),
      );
      for (const scenario of chosen) results.push(await measure(forum.base, scenario));
      peakRssMB = round1(memoryOf(forum.child.pid).peakMB);

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
      if (forum) await stopServer(forum.child);
      await stopServer(roof.child);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  const scenarios = results.map((entry) => ({
    name: entry.name,
    method: entry.method,
    path: entry.path,
    door: entry.door,
    rps: entry.rps,
    p50Ms: entry.p50Ms,
    p99Ms: entry.p99Ms,
    ratio: roofRps > 0 ? Math.round((entry.rps / roofRps) * 1000) / 1000 : 0,
  }));
  const report = {
    date: new Date().toISOString(),
    cpus: cpus().length,
    memoryMB: Math.round(totalmem() / 1024 / 1024),
    scale,
    roofRps,
    peakRssMB,
    webJsGzipKB: web?.kb ?? null,
    scenarios,
  };
  printTable(report, results, targetOf, {
    cpuModel: cpus()[0]?.model ?? "unknown cpu",
    web,
    summary,
    duration,
    connections,
  });
  const out = resolve(values.out);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten: ${out}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
