// The open-loop load generator (issue 24), in its own process so its work does not stall the
// clock it measures with. Requests leave on a schedule, evenly spaced at the given rate, whatever
// the server is doing; a request's latency counts from its scheduled start (as wrk2 does), so a
// server that stalls is charged for every request that should have left meanwhile, not only for
// the few a closed loop would have sent (coordinated omission).
//   node bench/open-loop-client.mjs <settings.json>
// settings: { base, rate, seconds, warmupSeconds, connections, stallMs, mix } and the mix's own
// settings: openLoopMix's (issue 24, the default) or busyHourMix's (mix "busy-hour", issue 33).
// Prints the figures as one JSON line.
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { busyHourMix } from "./lib/busyHourMix.mjs";
import { openLoopMix } from "./lib/openLoopMix.mjs";

const settings = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { base, rate, seconds, warmupSeconds, connections, acceptEncoding, stallMs = 100 } = settings;
const next = settings.mix === "busy-hour" ? busyHourMix(settings) : openLoopMix(settings);
const url = new URL(base);
const agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });

const interval = 1000 / rate;
const warmupCount = Math.round(warmupSeconds * rate);
const total = warmupCount + Math.round(seconds * rate);
/** Latencies (ms) by kind of request, measured requests only. */
const latencies = new Map();
/** Per measured second: [count, max latency]. */
const perSecond = Array.from({ length: Math.ceil(seconds) }, () => [0, 0]);
const failures = new Map();
let sent = 0;
let done = 0;
let start = 0;

function record(index, kind, scheduledAt, failure) {
  done++;
  if (index < warmupCount) return;
  const latency = performance.now() - scheduledAt;
  if (failure) failures.set(`${kind} ${failure}`, (failures.get(`${kind} ${failure}`) ?? 0) + 1);
  const list = latencies.get(kind) ?? [];
  if (list.length === 0) latencies.set(kind, list);
  list.push(latency);
  const second = perSecond[Math.floor((scheduledAt - start) / 1000 - warmupSeconds)];
  if (second) {
    second[0]++;
    second[1] = Math.max(second[1], latency);
  }
}

function send(index, scheduledAt) {
  const { kind, method, path, headers, body } = next();
  const outgoing = request(
    {
      agent,
      host: url.hostname,
      port: url.port,
      method,
      path,
      // As a browser asks (the answer is counted, not decoded), unless the run says "identity".
      headers: { ...headers, host: url.host, "accept-encoding": acceptEncoding },
    },
    (response) => {
      response.on("data", () => {});
      response.once("end", () =>
        record(index, kind, scheduledAt, response.statusCode >= 400 ? String(response.statusCode) : null),
      );
    },
  );
  outgoing.once("error", (error) => record(index, kind, scheduledAt, error.code ?? "error"));
  outgoing.end(body);
}

/** Sends every request whose time has come, then waits for the next one's time. */
function tick() {
  const now = performance.now();
  while (sent < total && start + sent * interval <= now) {
    send(sent, start + sent * interval);
    sent++;
  }
  if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const round = (value) => Math.round(value * 10) / 10;
function figures(list) {
  const sorted = Float64Array.from(list).sort();
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 0.5)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}

start = performance.now();
tick();
// Requests still out when the schedule ends are waited for (at most a minute): they count too.
const deadline = start + (warmupSeconds + seconds + 60) * 1000;
await new Promise((resolve) => {
  const wait = () => (done >= total || performance.now() > deadline ? resolve() : setTimeout(wait, 10));
  wait();
});
const lost = total - done;
if (lost > 0) failures.set("no answer within a minute", lost);
agent.destroy();

const byKind = Object.fromEntries([...latencies].map(([kind, list]) => [kind, figures(list)]));
const stalls = perSecond
  .map(([count, maxMs], second) => ({ second, count, maxMs: round(maxMs) }))
  .filter((window) => window.maxMs > stallMs);
console.log(
  JSON.stringify({
    overall: figures([...latencies.values()].flat()),
    byKind,
    errors: [...failures.values()].reduce((sum, count) => sum + count, 0),
    failures: Object.fromEntries(failures),
    stallMs,
    stalls,
    lateSchedule: round(performance.now() - start - (warmupSeconds + seconds) * 1000),
  }),
);
