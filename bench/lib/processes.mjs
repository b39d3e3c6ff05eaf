// Servers under test: each in its own Node process, started the same way, stopped at the end.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "../../apps/server/processSettings.mjs";

const LOOP_DELAY_PRELOAD = fileURLToPath(new URL("./loopDelay.cjs", import.meta.url));

/** Starts a new event-loop delay measurement in a server started with `loopDelay`. */
export function resetLoopDelay(child) {
  child.send?.("loop-delay:reset");
}

/** The server's event-loop delay since the last reset: { p50Ms, p99Ms, maxMs }, or null. */
export function readLoopDelay(child) {
  if (!child.send) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 5_000);
    child.once("message", (message) => {
      clearTimeout(timer);
      resolve(message?.loopDelay ?? null);
    });
    child.send("loop-delay:read");
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const running = new Set();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    for (const child of running) child.kill("SIGTERM");
    process.exit(130);
  });
}

/**
 * Starts `node <SERVER_NODE_FLAGS> <script>` as production does (the Docker image, `npm start`),
 * with NODE_ENV=production, and resolves once `readyPath` answers 200. The roof is started the
 * same way. `loopDelay`: the server measures its own event-loop delay (loopDelay.cjs); read it
 * with `readLoopDelay(child)`. `extraNodeFlags` come after production's, so they can undo one
 * (`--allocation-site-pretenuring` after `--no-allocation-site-pretenuring`).
 */
export async function startNodeServer({ script, cwd, env, port, readyPath, loopDelay = false, extraNodeFlags = [] }) {
  const preload = loopDelay ? ["--require", LOOP_DELAY_PRELOAD] : [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...extraNodeFlags, ...preload, script], {
    cwd,
    env: { ...SERVER_ENV, ...env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit", ...(loopDelay ? ["ipc"] : [])],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}${readyPath}`);
      await response.arrayBuffer();
      if (response.ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`${script} did not answer ${readyPath} within 60 s`);
}

export async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

/** Peak (VmHWM) and current (VmRSS) resident memory of a live process, in MB, from /proc. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1] ?? Number.NaN);
  return { peakMB: kb("VmHWM") / 1024, currentMB: kb("VmRSS") / 1024 };
}

/** CPU time a live process has used so far (all its threads, user and system), in ms, from /proc. */
export function cpuTimeOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name (which may hold spaces) start at its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Linux's USER_HZ: the unit of /proc's CPU times, 100 on every common build. */
const CLOCK_TICKS_PER_SECOND = 100;
