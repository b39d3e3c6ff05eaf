// The forum's data exports, as the procedures see them: the background worker that builds them,
// woken after a request is committed (the procedure wakes it) and polling for the rest (a lease
// that ran out, a retry, an expiry).
import type { ForumDb } from "@forum/db";
import type { Mailer } from "../mail/mailer";
import { DataExportWorker, type DataExportWorkerOptions } from "./worker";

export type DataExportsOptions = {
  clock?: () => number;
  worker?: Omit<DataExportWorkerOptions, "clock">;
};

export class DataExports {
  readonly now: () => number;
  readonly worker: DataExportWorker;

  constructor(db: ForumDb, mail: Mailer, options: DataExportsOptions = {}) {
    this.now = options.clock ?? Date.now;
    this.worker = new DataExportWorker(db, mail, { ...options.worker, clock: this.now });
  }

  /** After the transaction that queued an export committed: build it now rather than at the next poll. */
  wake(): void {
    this.worker.wake();
  }
}
