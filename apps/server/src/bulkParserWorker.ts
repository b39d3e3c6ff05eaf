// Worker thread entry (built to dist/bulkParserWorker.cjs): parses one uploaded spreadsheet and
// posts the result back. See plugins/uploadParser.ts.
import { parentPort, workerData } from "node:worker_threads";
import { parseUpload } from "@forum/api/bulk-parse";

const { type, bytes } = workerData as { type: Parameters<typeof parseUpload>[0]; bytes: Uint8Array };
parentPort?.postMessage(parseUpload(type, bytes));
