// The background half of a durable outbox (mail, webhook deliveries, data exports): claims due rows, does the
// work outside any transaction and records the outcome. A claim is a lease: the row is "sending"
// until its `nextAttemptAt`, after which any worker may claim it again, so a process killed
// mid-work loses nothing. Several instances on PostgreSQL claim different rows (FOR UPDATE SKIP
// LOCKED, and the claiming UPDATE re-checks that the row is still due, so a row is never claimed
// twice); SQLite's writes run one at a time, so the same UPDATE does it there. The subclass says
// how rows are claimed and what delivering one means.

export type OutboxWorkerOptions = {
  clock?: () => number;
  /** How often to look for due rows when not woken (ms). */
  pollMs?: number;
  onError?: (error: unknown) => void;
};

export abstract class OutboxWorker<Row> {
  protected readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private stopped = true;

  constructor(private readonly workerOptions: OutboxWorkerOptions) {
    this.now = workerOptions.clock ?? Date.now;
  }

  /** Due rows, leased to this worker (their attempt counted). */
  protected abstract claim(): Promise<Row[]>;
  /** Does one row's work and records how it went; never throws for the work's own failure. */
  protected abstract deliver(row: Row): Promise<void>;
  /** After the last run, when stopped (close a connection). */
  protected closed(): void {}
  /** Once at the start of each run, before the claims: housekeeping such as deleting what expired. */
  protected async tidy(): Promise<void> {}

  /** Works through everything due now; resolves the number of rows attempted. One run at a time. */
  sendDue(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let attempted = 0;
      try {
        await this.tidy();
        do {
          this.again = false;
          for (;;) {
            const claimed = await this.claim();
            if (claimed.length === 0) break;
            for (const row of claimed) await this.deliver(row);
            attempted += claimed.length;
          }
        } while (this.again);
      } finally {
        this.running = undefined;
      }
      return attempted;
    })();
    return this.running;
  }

  /** Looks for due rows soon (one was just queued). */
  wake(): void {
    if (this.stopped) return;
    setImmediate(() => void this.sendDue().catch((error) => this.workerOptions.onError?.(error)));
  }

  start(): void {
    this.stopped = false;
    const poll = () => {
      this.timer = setTimeout(async () => {
        try {
          await this.sendDue();
        } catch (error) {
          this.workerOptions.onError?.(error);
        }
        if (!this.stopped) poll();
      }, this.workerOptions.pollMs ?? 5_000);
      this.timer.unref();
    };
    poll();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    this.closed();
  }
}
