// Inserts go in multi-row batches: one statement per BATCH_ROWS rows instead of one per row,
// and each batch's row objects are built just before it is sent, so 100,000 rows never exist
// as 100,000 objects at once. Between two batches the event loop gets a turn: the import's
// transaction holds the writer, but reads run on their own connection and are answered in between
// instead of waiting for the whole import (measured with bench/bulk-import.mjs).

/** Rows per INSERT; x 13 columns at most stays far below SQLite's 32,766 bound parameters. */
export const BATCH_ROWS = 500;

/** Calls `insert` with the rows [start, end) of each batch, in order. */
export async function inBatches(count: number, insert: (start: number, end: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < count; start += BATCH_ROWS) {
    await insert(start, Math.min(count, start + BATCH_ROWS));
    await new Promise((resolve) => setImmediate(resolve));
  }
}
