import type { ForumDb } from "@forum/db";

/**
 * Called by each importer inside its write transaction, with how many rows it wrote: the staff
 * log's entry for the import commits with the rows (or not at all).
 */
export type OnImportWritten = (trx: ForumDb, count: number) => Promise<void>;
