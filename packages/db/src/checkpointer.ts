// WAL checkpoints on a worker thread. SQLite's automatic checkpoint runs inside the COMMIT of
// whichever write crosses the threshold, on the event loop: measured here, that made a vote's
// transaction cost about 1.7 times as much on average and stalled every request queued behind
// it while a few megabytes of pages were copied and synced. The server's writer turns the
// automatic checkpoint off and this worker, with a connection of its own, copies the WAL back
// into the database every interval instead. A PASSIVE checkpoint never blocks the writer or a
// reader; the next write after a complete one starts the WAL from the beginning again.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const SQLite = require(workerData.driverPath);
const db = new SQLite(workerData.path);
db.pragma("busy_timeout = 5000");
// While the writer keeps adding frames, pass again at once; when a pass finds nothing new, rest.
let timer;
let lastFrames = -1;
const checkpoint = () => {
  let busy = false;
  try {
    const [result] = db.pragma("wal_checkpoint(PASSIVE)");
    busy = result.log !== lastFrames && result.log > 0;
    lastFrames = result.log;
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
  timer = setTimeout(checkpoint, busy ? 0 : workerData.intervalMs);
};
timer = setTimeout(checkpoint, workerData.intervalMs);
parentPort.on("message", () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

export type Checkpointer = { stop: () => Promise<void> };

export function startCheckpointer(
  path: string,
  options: { intervalMs?: number; onError?: (message: string) => void } = {},
): Checkpointer {
  // Without the worker the commit-time backstop still checkpoints: writes keep working.
  const onError =
    options.onError ??
    ((message: string) => process.emitWarning(`WAL checkpoints on a worker thread failed: ${message}`));
  const driverPath = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { path, driverPath, intervalMs: options.intervalMs ?? 250 },
  });
  worker.unref();
  let exited = false;
  const whenExited = new Promise<void>((resolve) =>
    worker.once("exit", () => {
      exited = true;
      resolve();
    }),
  );
  worker.on("message", (message: { error?: string }) => {
    if (message.error) onError(message.error);
  });
  worker.on("error", (error) => onError(String(error)));
  return {
    stop: async () => {
      if (exited) return;
      worker.postMessage("stop");
      // A worker stuck in a long checkpoint is not waited for past a second.
      const timer = setTimeout(() => void worker.terminate(), 1000);
      await whenExited;
      clearTimeout(timer);
    },
  };
}
