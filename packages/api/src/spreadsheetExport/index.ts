// The admin's spreadsheet export (issue 32): members, categories, posts or replies in exactly the
// bulk import's columns, as .xlsx or .csv, produced while it is sent. Importing the four files
// into an empty forum, in that order, gives back the same content (ids.ts says how the ids
// line up); passwords are never exported (users' password_exported column says so).
import type { BulkUploadType, SpreadsheetExportFormat } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { csvBytes } from "./csv";
import { exportRows } from "./rows";
import { xlsxBytes } from "./xlsx";

const CONTENT_TYPES: Record<SpreadsheetExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

export type SpreadsheetExport = {
  /** forum-<type>-<yyyy-mm-dd>.<format>, the name the browser saves. */
  fileName: string;
  contentType: string;
  /** Rows below the header: what the browser's progress bar counts towards. */
  total: number;
  /** The file's bytes, read from the database as they are asked for. */
  body: AsyncIterable<Uint8Array>;
};

export function spreadsheetExportFileName(type: BulkUploadType, format: SpreadsheetExportFormat, now: number): string {
  return `forum-${type}-${new Date(now).toISOString().slice(0, 10)}.${format}`;
}

/**
 * Counts the rows and returns the file to stream. The acting admin is in the caller's hands:
 * the staff log records the export there, with `total`.
 */
export async function spreadsheetExport(
  db: ForumDb,
  type: BulkUploadType,
  format: SpreadsheetExportFormat,
  now: number,
): Promise<SpreadsheetExport> {
  const { header, total, rows } = await exportRows(db, type);
  const body = format === "xlsx" ? xlsxBytes(type, header, rows, now) : csvBytes(header, rows);
  return { fileName: spreadsheetExportFileName(type, format, now), contentType: CONTENT_TYPES[format], total, body };
}
