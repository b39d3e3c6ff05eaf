// Downloads one export with fetch, reading the answer as it arrives so that the screen can show
// the rows received out of the total, then hands the file to the browser to save under the name
// the server gave it.
import {
  type BulkUploadType,
  EXPORT_ROWS_HEADER,
  type SpreadsheetExportFormat,
  spreadsheetExportUrl,
} from "@forum/contracts";
import { csvRowCounter, type RowCounter, xlsxRowCounter } from "./rowCounters";

export type ExportProgress = { rows: number; total: number; bytes: number };

const FILE_NAME = /filename="([^"]+)"/;

async function failureMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === "string" ? body.message : `The export failed (${response.status})`;
}

/** Resolves once the browser was handed the file; throws with the server's message if refused. */
export async function downloadExport(
  type: BulkUploadType,
  format: SpreadsheetExportFormat,
  onProgress: (progress: ExportProgress) => void,
): Promise<{ fileName: string; rows: number }> {
  const response = await fetch(spreadsheetExportUrl(type, format), { credentials: "same-origin" });
  if (!response.ok || !response.body) throw new Error(await failureMessage(response));
  const total = Number(response.headers.get(EXPORT_ROWS_HEADER) ?? 0);
  const fileName = FILE_NAME.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? `forum-${type}.${format}`;
  const counter: RowCounter = format === "csv" ? csvRowCounter() : xlsxRowCounter();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    counter.push(value, false);
    onProgress({ rows: counter.rows(), total, bytes });
  }
  counter.push(new Uint8Array(0), true);
  const rows = counter.rows();
  onProgress({ rows, total, bytes });
  saveFile(new Blob(chunks as BlobPart[], { type: response.headers.get("content-type") ?? "" }), fileName);
  return { fileName, rows };
}

function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
