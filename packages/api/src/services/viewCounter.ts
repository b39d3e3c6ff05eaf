// Post views are counted in memory and written at most once a second in one transaction, so
// reading a post never waits on a write and a popular post costs one UPDATE per second. Each
// write adds to the stored count (views = views + n), so app instances that each buffer their
// own views never overwrite one another. A flush that fails (the database is away) keeps its
// views for the next one and is reported, never fatal.
//
// A post shows its stored count plus the views not yet written. A flush's views count as not
// yet written until its transaction has committed and the answers that kept the old stored count
// are dropped (`onWritten`), in one step: so the figure never dips while they are on their way.
// Only a read of the stored count that overlaps a flush cannot tell whether it saw that flush;
// `readStored` runs such reads again once the flush is over.
import type { ForumDb } from "@forum/db";

export class ViewCounter {
  private pending = new Map<number, number>();
  /** The views of the flush under way: maybe committed already, not yet known to be. */
  private writing = new Map<number, number>();
  private flushesStarted = 0;
  /** Settles when the flush under way has ended, whatever its fate. */
  private flushEnded: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: ForumDb,
    private readonly intervalMs = 1000,
    /** Called after views were written (cached lists show view counts). */
    private readonly onWritten: () => void = () => undefined,
    /** Called when a timed flush failed; its views stay pending for the next one. */
    private readonly onFlushFailed: (error: unknown) => void = () => undefined,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush().catch(this.onFlushFailed), this.intervalMs);
    this.timer.unref();
  }

  /** Counts one view and answers how many views are not yet written for that post. */
  record(postId: number): number {
    this.pending.set(postId, (this.pending.get(postId) ?? 0) + 1);
    return this.pendingFor(postId);
  }

  /** The post's views that a stored count read by `readStored` (or kept since) does not hold. */
  pendingFor(postId: number): number {
    return (this.pending.get(postId) ?? 0) + (this.writing.get(postId) ?? 0);
  }

  /**
   * Runs `read`, which reads stored view counts, so that none of them is added to `pendingFor`
   * twice or missed: never across a flush (a read that overlapped one runs again after it).
   * The caller adds `pendingFor` in the same turn of the event loop as the read resolves.
   */
  async readStored<T>(read: () => Promise<T>): Promise<T> {
    for (;;) {
      await this.flushEnded;
      const started = this.flushesStarted;
      const value = await read();
      if (this.flushesStarted === started) return value;
    }
  }

  /** Forgets a deleted post's unwritten views. */
  discard(postId: number): void {
    this.pending.delete(postId);
    this.writing.delete(postId);
  }

  /** Writes the pending views; flushes run one after another, each whatever the last one's fate. */
  flush(): Promise<void> {
    const next = this.flushing.catch(() => undefined).then(() => this.writePending());
    this.flushing = next;
    return next;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush().catch(this.onFlushFailed);
  }

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.writing = batch;
    this.flushesStarted += 1;
    let ended = () => undefined as void;
    this.flushEnded = new Promise((resolve) => {
      ended = resolve;
    });
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const [postId, count] of batch) {
          await trx
            .updateTable("posts")
            .set((eb) => ({ views: eb("views", "+", count) }))
            .where("id", "=", postId)
            .execute();
        }
      });
      // Stored now: no longer added to the stored count, and no kept answer holds the old one.
      this.writing = new Map();
      this.onWritten();
    } catch (error) {
      // Not stored: the next flush tries again.
      this.writing = new Map();
      for (const [postId, count] of batch) this.pending.set(postId, (this.pending.get(postId) ?? 0) + count);
      throw error;
    } finally {
      ended();
    }
  }
}
