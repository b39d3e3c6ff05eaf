// Spreadsheet uploads are parsed on a worker thread of their own (one per upload, gone with its
// memory once done), so a 100,000-row file no longer holds every other request for seconds.
// The worker runs the bundle's dist/bulkParserWorker.cjs; when the server runs from its sources
// (tests), there is no such file and uploads are parsed on the calling thread, by the same code.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { ParsedUpload, UploadParser } from "@forum/api";

const WORKER_FILE = join(dirname(fileURLToPath(import.meta.url)), "bulkParserWorker.cjs");

export function workerUploadParser(): UploadParser | undefined {
  if (!existsSync(WORKER_FILE)) return undefined;
  return (type, bytes) =>
    new Promise<ParsedUpload>((resolve, reject) => {
      const worker = new Worker(WORKER_FILE, { workerData: { type, bytes } });
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`the upload parser stopped (exit code ${code})`)));
    });
}
