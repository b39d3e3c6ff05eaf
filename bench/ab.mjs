// A/B: two builds of the server on copies of the same data set, the same scenarios measured in
// alternating slices (ABBA rounds), so both see the same host. On this shared 2-core machine the
// roof moves by a third within a run; a before/after table of two runs minutes apart cannot tell
// a 10 % change from noise, slices side by side can.
//   node bench/ab.mjs --a old/main.cjs --b apps/server/dist/main.cjs --only "slug" [--rounds 4] [--seconds 3]
//     [--a-env NAME=value,...] [--a-node-flags=--some-v8-flag] (and the same for b)
// A build is the server bundle (apps/server/dist/main.cjs) copied elsewhere in the repository
// (its packages resolve from node_modules above it). Writes count in req/s like reads. Each line
// also has the slices' p50 and p99 latency, averaged over the rounds, and the server's CPU time
// per request (all threads, and its event loop's alone).
import { constants, copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { benchDir, ensureDataset } from "./lib/dataset.mjs";
import { freePort, startNodeServer, stopServer } from "./lib/processes.mjs";
import { scenarios as allScenarios, requestOf } from "./lib/scenarios.mjs";

const { values } = parseArgs({
  options: {
    a: { type: "string" },
    b: { type: "string" },
    // Settings for one server only: "FORUM_SEARCH_THREADS=1,OTHER=x".
    "a-env": { type: "string", default: "" },
    "b-env": { type: "string", default: "" },
    // Node.js flags for one server only, after production's: "--allocation-site-pretenuring".
    "a-node-flags": { type: "string", default: "" },
    "b-node-flags": { type: "string", default: "" },
    only: { type: "string" },
    scale: { type: "string", default: "1" },
    rounds: { type: "string", default: "4" },
    seconds: { type: "string", default: "3" },
    connections: { type: "string", default: "10" },
  },
});
if (!values.a || !values.b || !values.only) throw new Error("--a, --b and --only are required");
const settings = { A: settingsOf(values["a-env"], "--a-env"), B: settingsOf(values["b-env"], "--b-env") };
const root = join(benchDir, "..");
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

/**
 * CPU time (ms) the server process has used: all its threads, and its main thread (the event
 * loop) alone. The work per request, unlike req/s, hardly moves with what else the host runs.
 */
function cpuMsOf(pid) {
  const ticks = (path) => {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(path, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  };
  return { all: ticks(`/proc/${pid}/stat`), main: ticks(`/proc/${pid}/task/${pid}/stat`) };
}
const CLOCK_TICKS = 100;

async function rpsOf(server, scenario, duration) {
  const before = cpuMsOf(server.child.pid);
  const result = await autocannon({ url: server.base, connections, duration, requests: [requestOf(scenario)] });
  if (result.non2xx + result.errors > 0) throw new Error(`${scenario.name}: ${result.non2xx + result.errors} failed`);
  const after = cpuMsOf(server.child.pid);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    cpuAll: after.all - before.all,
    cpuMain: after.main - before.main,
  };
}

async function login(base, { user, password }) {
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: user, password }),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("forum_session="));
  if (!response.ok || !cookie) throw new Error(`login answered ${response.status}`);
  return cookie.split(";")[0];
}

const { db, summary } = ensureDataset(Number(values.scale));
const work = mkdtempSync(join(tmpdir(), "forum-ab-"));
const servers = [];
try {
  for (const [name, script] of [
    ["A", values.a],
    ["B", values.b],
  ]) {
    const databasePath = join(work, `${name}.db`);
    copyFileSync(db, databasePath, constants.COPYFILE_FICLONE);
    const env = { PATH: process.env.PATH, LOG_LEVEL: "warn", FORUM_RATE_LIMITS: "off", FORUM_SEED: "none" };
    const server = await startNodeServer({
      script: resolve(script),
      cwd: root,
      env: {
        ...env,
        ...settings[name],
        DATABASE_PATH: databasePath,
        FORUM_UPLOADS_DIR: join(work, `uploads-${name}`),
      },
      port: await freePort(),
      readyPath: "/api/categories",
      extraNodeFlags: values[`${name.toLowerCase()}-node-flags`].split(" ").filter(Boolean),
    });
    servers.push({ name, ...server, session: await login(server.base, summary.benchAccounts) });
  }
  const words = values.only.split(",").map((word) => word.trim().toLowerCase());
  const chosen = (server) =>
    allScenarios(summary, server.session).filter((scenario) =>
      words.some((word) => scenario.name.toLowerCase().includes(word)),
    );
  // Each server gets its own scenario objects (writes go on to new posts on each copy).
  const [forA, forB] = servers.map(chosen);
  console.log(
    `A: ${values.a}\nB: ${values.b}\n${rounds} ABBA rounds of ${seconds} s, ${connections} connections, load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  );
  for (let index = 0; index < forA.length; index++) {
    const pair = [forA[index], forB[index]];
    for (const [server, scenario] of servers.map((server, i) => [server, pair[i]])) await rpsOf(server, scenario, 1);
    const sums = [0, 0];
    // Latency percentiles of each slice, averaged over the rounds (a slice's own p99 is its tail),
    // and the server's CPU time per request: all threads, and the event loop's.
    const p50s = [0, 0];
    const p99s = [0, 0];
    const requests = [0, 0];
    const cpuAll = [0, 0];
    const cpuMain = [0, 0];
    for (let round = 0; round < rounds; round++) {
      for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const slice = await rpsOf(servers[i], pair[i], seconds);
        sums[i] += slice.rps;
        p50s[i] += slice.p50;
        p99s[i] += slice.p99;
        requests[i] += slice.requests;
        cpuAll[i] += slice.cpuAll;
        cpuMain[i] += slice.cpuMain;
      }
    }
    const [a, b] = sums.map((sum) => Math.round(sum / rounds));
    const detail = (i) =>
      `p50/p99 ${(p50s[i] / rounds).toFixed(0)}/${(p99s[i] / rounds).toFixed(0)} ms, CPU/req ${(cpuAll[i] / requests[i]).toFixed(2)} ms (loop ${(cpuMain[i] / requests[i]).toFixed(2)})`;
    console.log(
      `${pair[0].name.padEnd(22)} A ${String(a).padStart(6)} req/s ${detail(0)}  B ${String(b).padStart(6)} req/s ${detail(1)}  B/A ${(b / a).toFixed(2)}`,
    );
  }
  for (const server of servers) {
    const peak = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, "utf8"))?.[1];
    console.log(`${server.name}: peak RSS ${(Number(peak) / 1024).toFixed(0)} MB`);
  }
  console.log(
    `load at the end ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  );
} finally {
  for (const server of servers) await stopServer(server.child);
  rmSync(work, { recursive: true, force: true });
}

/** "NAME=value,OTHER=x" as settings; a pair without "=" stops the run rather than set nothing. */
function settingsOf(list, option) {
  const pairs = (list ?? "").split(",").filter(Boolean);
  return Object.fromEntries(
    pairs.map((pair) => {
      // Split at the first "=" only: a value may hold one (NODE_OPTIONS=--flag=8).
      const at = pair.indexOf("=");
      if (at <= 0) {
        console.error(`${option}: "${pair}" is not NAME=value`);
        process.exit(2);
      }
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}
