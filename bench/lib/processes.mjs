// Servers under test: each in its own Node process, started the same way, stopped at the end.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

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
 * Starts `node --enable-source-maps <script>` as the production image does (Dockerfile), with
 * NODE_ENV=production, and resolves once `readyPath` answers 200.
 */
export async function startNodeServer({ script, cwd, env, port, readyPath }) {
  const child = spawn(process.execPath, ["--enable-source-maps", script], {
    cwd,
    env: { ...env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
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
