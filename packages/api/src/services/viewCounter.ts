// Post views are counted in memory and written at most once a second in one transaction, so
// reading a post never waits on a write and a popular post costs one UPDATE per second. Each
// write adds to the stored count (views = views + n), so app instances that each buffer their
// own views never overwrite one another. A flush that fails (the database is away) keeps its
// views for the next one and is reported, never fatal.
import type { ForumDb } from "@forum/db";

export class ViewCounter {
  private pending = new Map<number, number>();
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
    const count = (this.pending.get(postId) ?? 0) + 1;
    this.pending.set(postId, count);
    return count;
  }

  pendingFor(postId: number): number {
    return this.pending.get(postId) ?? 0;
  }

  /** Forgets a deleted post's unwritten views. */
  discard(postId: number): void {
    this.pending.delete(postId);
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
      this.onWritten();
    } catch (error) {
      // Put the views back so the next flush tries again.
      for (const [postId, count] of batch) this.pending.set(postId, (this.pending.get(postId) ?? 0) + count);
      throw error;
    }
  }
}
