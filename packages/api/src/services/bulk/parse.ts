// Reading an upload into checked columns, with an answer made of plain data so that it can be
// done on a worker thread: SheetJS reading 100,000 rows takes seconds, and on the event loop it
// held every other request for that long (measured with bench/bulk-import.mjs).
import { BULK_COLUMNS, type BulkUploadType } from "@forum/contracts";
import { AppError, type ErrorKind } from "../../errors";
import { Problems, type ProblemsState } from "./problems";
import { readFirstSheet } from "./sheet";
import { readTable, type Table } from "./table";

export type ParsedUpload =
  | { ok: true; rowNumbers: number[]; columns: Array<[string, unknown[]]>; problems: ProblemsState }
  | { ok: false; kind: ErrorKind; message: string; details?: Record<string, unknown> };

/** Parses the file; a refused file (400, 413) is an answer too, since errors do not cross threads whole. */
export function parseUpload(type: BulkUploadType, bytes: Uint8Array): ParsedUpload {
  try {
    const { table, problems } = readTable(readFirstSheet(bytes), BULK_COLUMNS[type]);
    return { ok: true, rowNumbers: table.rowNumbers, columns: [...table.values], problems: problems.toState() };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, kind: error.kind, message: error.message, details: error.details };
  }
}

/** Where uploads are parsed: on this thread by default; the server passes a worker thread's. */
export type UploadParser = (type: BulkUploadType, bytes: Uint8Array) => Promise<ParsedUpload>;

export const parseOnThisThread: UploadParser = async (type, bytes) => parseUpload(type, bytes);

/** The table and its problems, or the refusal thrown again as the error it was. */
export function tableOf(type: BulkUploadType, parsed: ParsedUpload): { table: Table; problems: Problems } {
  if (!parsed.ok) {
    throw new AppError(parsed.kind, parsed.message, parsed.details ? { details: parsed.details } : {});
  }
  const columnOrder = BULK_COLUMNS[type].map((column) => column.name);
  return {
    table: { rowNumbers: parsed.rowNumbers, values: new Map(parsed.columns) },
    problems: Problems.fromState(columnOrder, parsed.problems),
  };
}
