// Worker thread entry (see checkpointer.ts): PASSIVE WAL checkpoints on a connection of its own.
// Built into the server bundle as dist/checkpointWorker.cjs; run from this source in tests.
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

export type CheckpointWorkerData = { path: string; intervalMs: number };
export type CheckpointWorkerMessage = { error: string };

const { path, intervalMs } = workerData as CheckpointWorkerData;
const db = new SQLite(path);
db.pragma("busy_timeout = 5000");

// While the writer keeps adding frames, pass again at once; when a pass finds nothing new, rest.
let timer: NodeJS.Timeout;
let lastFrames = -1;
function checkpoint(): void {
  let busy = false;
  try {
    const [result] = db.pragma("wal_checkpoint(PASSIVE)") as Array<{ log: number }>;
    const frames = result?.log ?? 0;
    busy = frames !== lastFrames && frames > 0;
    lastFrames = frames;
  } catch (error) {
    parentPort?.postMessage({ error: String(error) } satisfies CheckpointWorkerMessage);
  }
  timer = setTimeout(checkpoint, busy ? 0 : intervalMs);
}
timer = setTimeout(checkpoint, intervalMs);

parentPort?.on("message", () => {
  clearTimeout(timer);
  db.close();
  parentPort?.close();
});
