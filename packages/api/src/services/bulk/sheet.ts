// Reads the first sheet of an uploaded .xlsx or .xls file with SheetJS. Anything that is not
// such a workbook, or that SheetJS cannot read, is a 400 with a message, never a 500.

import * as XLSX from "@e965/xlsx";
import { BULK_MAX_ROWS, MESSAGES } from "@forum/contracts";
import { badRequest } from "../../errors";
import { checkUnpackedSize } from "./zip";

/** One cell as SheetJS gives it in dense mode. */
type Cell = { t: string; v?: unknown; w?: string } | undefined;

export type Sheet = {
  /** The cells of spreadsheet row 1, the column names. */
  header: Cell[];
  /** Rows by 0-based index (index 0 is the header row); a blank row may be missing. */
  rows: Cell[][];
};

// .xlsx is a ZIP archive; .xls (BIFF8) is an OLE compound file. SheetJS would also read a
// renamed text, CSV or HTML file as a one-column sheet, so the signature decides first.
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

const READ_OPTIONS: XLSX.ParsingOptions = {
  type: "buffer",
  // Rows as arrays: much less memory and time than an object keyed by "A1" addresses.
  dense: true,
  // Only the first sheet is imported; the others are not even parsed.
  sheets: 0,
  // One row past the limit is enough to know the sheet is too long; SheetJS then stops
  // storing rows (the header is row 1, hence + 2).
  sheetRows: BULK_MAX_ROWS + 2,
  // Values only: no formatted text, formulas, rich-text HTML or styles.
  cellText: false,
  cellFormula: false,
  cellHTML: false,
  cellNF: false,
  cellStyles: false,
  cellDates: false,
  bookVBA: false,
};

export function readFirstSheet(bytes: Uint8Array): Sheet {
  if (!startsWith(bytes, ZIP) && !startsWith(bytes, COMPOUND_FILE)) throw badRequest(MESSAGES.bulkNotSpreadsheet);
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (startsWith(bytes, ZIP)) checkUnpackedSize(buffer);
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(buffer, READ_OPTIONS);
  } catch (error) {
    // SheetJS throws plain Errors (and RangeErrors for absurd sizes) for anything it cannot read.
    if (error instanceof Error && /password|encrypt/i.test(error.message)) {
      throw badRequest(MESSAGES.bulkPasswordProtected);
    }
    throw badRequest(MESSAGES.bulkNotSpreadsheet);
  }
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  const ref = sheet?.["!ref"];
  const rows = sheet?.["!data"] as Cell[][] | undefined;
  if (!sheet || !ref || !rows) throw badRequest(MESSAGES.bulkEmptySheet);
  // "!fullref" is the sheet's real extent when sheetRows cut it short.
  const lastRow = XLSX.utils.decode_range(sheet["!fullref"] ?? ref).e.r;
  if (lastRow > BULK_MAX_ROWS) throw badRequest(MESSAGES.bulkTooManyRows(BULK_MAX_ROWS));
  return { header: rows[0] ?? [], rows };
}

/**
 * A cell as trimmed text, the form every column schema reads: numbers as written ("1", not
 * "1.0"), TRUE/FALSE cells as "true"/"false", blank or missing cells as "".
 * Error cells (#N/A, #REF!) answer null.
 */
export function cellText(cell: Cell): string | null {
  if (!cell || cell.v === undefined || cell.v === null || cell.t === "z") return "";
  if (cell.t === "e") return null;
  if (typeof cell.v === "string") return cell.v.trim();
  if (cell.v instanceof Date) return cell.v.toISOString();
  return String(cell.v);
}

export type { Cell };
