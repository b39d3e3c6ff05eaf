// Spreadsheet uploads are parsed on a worker thread of their own (one per upload, gone with its
// memory once done), so a 100,000-row file no longer holds every other request for seconds.
// The worker runs the bundle's dist/bulkParserWorker.cjs; when the server runs from its sources
// (tests), there is no such file and uploads are parsed on the calling thread, by the same code.
import { Worker } from "node:worker_threads";
import type { ParsedUpload, UploadParser } from "@forum/api";
import { serverModulePath, workerModule } from "@forum/db";

export function workerUploadParser(): UploadParser | undefined {
  const { name, sourceDir } = workerModule("bulkParserWorker");
  const WORKER_FILE = serverModulePath(name, sourceDir);
  if (WORKER_FILE.endsWith(".ts")) return undefined;
  return (type, bytes) =>
    new Promise<ParsedUpload>((resolve, reject) => {
      const worker = new Worker(WORKER_FILE, { workerData: { type, bytes } });
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`the upload parser stopped (exit code ${code})`)));
    });
}
