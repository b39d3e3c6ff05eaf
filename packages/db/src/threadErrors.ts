// What crosses between the server's threads (the writer thread, the reader threads) besides plain
// data: errors and blobs. postMessage copies only plain data, so a thrown error goes as its message, name and the fields
// callers read — SQLite's code (isUniqueViolation), an AppError's kind, details and wait — and
// comes back as an Error with those fields (packages/api rebuilds an AppError from them).
export type CrossingError = { message: string; name: string } & Record<string, unknown>;

const CARRIED_FIELDS = ["code", "kind", "details", "retryAfterSeconds"];

export function crossingErrorOf(error: unknown): CrossingError {
  if (!(error instanceof Error)) return { message: String(error), name: "Error" };
  const crossing: CrossingError = { message: error.message, name: error.name };
  for (const key of CARRIED_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (value !== undefined) crossing[key] = structuredClone(value);
  }
  return crossing;
}

export function errorFromCrossing({ message, ...fields }: CrossingError): Error {
  return Object.assign(new Error(message), fields);
}

/** A blob crosses threads as a Uint8Array; on this side it is a Buffer again, as better-sqlite3 gives it. */
export function withBuffers(row: unknown): unknown {
  if (typeof row !== "object" || row === null) return row;
  const record = row as Record<string, unknown>;
  for (const key in record) {
    const value = record[key];
    if (value instanceof Uint8Array && !Buffer.isBuffer(value)) {
      record[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
  return record;
}
