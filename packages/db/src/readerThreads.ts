// Reads that cost milliseconds of SQLite work (search), on worker threads of their own. The
// server's read connection runs every statement synchronously on the event loop: while ten
// searches of ~3 ms each queued there, every other request (home feed, post pages, answered
// from memory in under a millisecond) waited behind them. Each thread here opens its own
// read-only connection to the same WAL file (it sees every write committed before a call starts)
// and runs whole calls of the code its entry serves (readerThreadHost.ts): one message in, the
// call's structured answer out, so the event loop is free meanwhile and the threads use the
// other cores. The threads start with the first call, so a server that is never searched pays
// nothing for them.
import type { ResourceLimits, Worker } from "node:worker_threads";
import { startPackageWorker } from "./packageWorker";
import { type CrossingError, errorFromCrossing } from "./threadErrors";

/** Which worker to run, and how many of it at most. */
export type ReaderThreadEntry = {
  /** The worker's file name without extension: dist/<name>.cjs in the bundle, <name>.ts in sources. */
  name: string;
  /** The folder of its TypeScript source. */
  sourceDir: string;
  size: number;
  /**
   * Each thread's heap limits. Left alone, V8 lets a busy thread's heap grow to 100-200 MB of
   * garbage between major collections, and every thread adds that to the server's resident size;
   * caps make it collect sooner, on its own thread.
   */
  resourceLimits?: ResourceLimits;
  /** Each thread's SQLite page cache in MB (default: the server reader's 32). */
  pageCacheMb?: number;
};

export type ReaderThreads = {
  /** Runs `method` of the worker's calls with `input` on the least busy thread. */
  call: <T>(method: string, input: unknown) => Promise<T>;
  stop: () => Promise<void>;
};

export type ReaderThreadData = { path: string; reportStatements: boolean; pageCacheMb: number | undefined };
export type ReaderCallRequest = { id: number; method: string; input: unknown };
export type ReaderCallResponse =
  | { id: number; result: unknown }
  | { id: number; error: CrossingError }
  | { statement: string };

type Pending = { resolve: (result: unknown) => void; reject: (error: Error) => void };

/** One worker and the calls it has not answered yet. */
class ReaderThread {
  readonly pending = new Map<number, Pending>();
  private readonly exited: Promise<void>;
  dead = false;

  constructor(
    private readonly worker: Worker,
    onStatement: ((sql: string) => void) | undefined,
    onDeath: (thread: ReaderThread) => void,
  ) {
    // Idle, it never keeps a process alive; with a call under way it does, like any pending I/O.
    worker.unref();
    worker.on("message", (response: ReaderCallResponse) => {
      if ("statement" in response) onStatement?.(response.statement);
      else this.settle(response);
    });
    const die = (error: Error) => {
      if (this.dead) return;
      this.dead = true;
      onDeath(this);
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on("error", die);
    this.exited = new Promise((resolve) =>
      worker.once("exit", () => {
        die(new Error("a SQLite reader thread has stopped"));
        resolve();
      }),
    );
  }

  call(id: number, method: string, input: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, method, input } satisfies ReaderCallRequest);
    });
  }

  async stop(): Promise<void> {
    this.worker.postMessage("stop");
    const timer = setTimeout(() => void this.worker.terminate(), 2000);
    await this.exited;
    clearTimeout(timer);
  }

  private settle(response: Exclude<ReaderCallResponse, { statement: string }>): void {
    const waiting = this.pending.get(response.id);
    if (!waiting) return;
    this.pending.delete(response.id);
    if (this.pending.size === 0) this.worker.unref();
    if ("error" in response) {
      waiting.reject(errorFromCrossing(response.error));
    } else {
      waiting.resolve(response.result);
    }
  }
}

export function startReaderThreads(options: {
  path: string;
  worker: ReaderThreadEntry;
  onNewStatement?: ((sql: string) => void) | undefined;
}): ReaderThreads {
  const { worker: entry, onNewStatement } = options;
  const data: ReaderThreadData = {
    path: options.path,
    reportStatements: onNewStatement !== undefined,
    pageCacheMb: entry.pageCacheMb,
  };
  let threads: ReaderThread[] = [];
  let stopped = false;
  let nextId = 1;
  // The same SQL text prepared on several threads is reported once, as one connection would.
  const seen = new Set<string>();
  const onStatement = onNewStatement
    ? (sql: string) => {
        if (seen.has(sql)) return;
        seen.add(sql);
        onNewStatement(sql);
      }
    : undefined;

  const start = () => {
    const thread = new ReaderThread(
      startPackageWorker(entry, data, entry.resourceLimits),
      onStatement,
      // A thread that died is replaced by the next call that needs one.
      (dead) => {
        threads = threads.filter((thread) => thread !== dead);
      },
    );
    threads.push(thread);
    return thread;
  };

  /** An idle thread, else a new one while there is room, else the one with the fewest calls. */
  const pick = () => {
    let best: ReaderThread | undefined;
    for (const thread of threads) if (!best || thread.pending.size < best.pending.size) best = thread;
    if (best && (best.pending.size === 0 || threads.length >= entry.size)) return best;
    return start();
  };

  return {
    call: async <T>(method: string, input: unknown) => {
      if (stopped) throw new Error("the SQLite reader threads have stopped");
      return (await pick().call(nextId++, method, input)) as T;
    },
    stop: async () => {
      stopped = true;
      const running = threads;
      threads = [];
      await Promise.all(running.map((thread) => thread.stop()));
    },
  };
}
