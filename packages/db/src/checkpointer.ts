// WAL checkpoints on a worker thread. SQLite's automatic checkpoint runs inside the COMMIT of
// whichever write crosses the threshold, on the event loop: measured here, that made a vote's
// transaction cost about 1.7 times as much on average and stalled every request queued behind
// it while a few megabytes of pages were copied and synced. The server's writer turns the
// automatic checkpoint off and this worker, with a connection of its own, copies the WAL back
// into the database every interval instead. A PASSIVE checkpoint never blocks the writer or a
// reader; the next write after a complete one starts the WAL from the beginning again.
import type { CheckpointWorkerData, CheckpointWorkerMessage } from "./checkpointWorker";
import { startPackageWorker } from "./packageWorker";
import { workerModule } from "./workerModules";

export type Checkpointer = { stop: () => Promise<void> };

export function startCheckpointer(
  path: string,
  options: { intervalMs?: number; onError?: (message: string) => void } = {},
): Checkpointer {
  // Without the worker the commit-time backstop still checkpoints: writes keep working.
  const onError =
    options.onError ??
    ((message: string) => process.emitWarning(`WAL checkpoints on a worker thread failed: ${message}`));
  const worker = startPackageWorker(workerModule("checkpointWorker"), {
    path,
    intervalMs: options.intervalMs ?? 250,
  } satisfies CheckpointWorkerData);
  worker.unref();
  let exited = false;
  const whenExited = new Promise<void>((resolve) =>
    worker.once("exit", () => {
      exited = true;
      resolve();
    }),
  );
  worker.on("message", (message: CheckpointWorkerMessage) => onError(message.error));
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
