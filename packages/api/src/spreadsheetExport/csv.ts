// Rows as CSV (RFC 4180), produced as they are read: a cell with a comma, a quote, a line break
// or spaces at either end is quoted, quotes doubled. A byte-order mark first, so that Excel reads
// the file as UTF-8.
import type { ExportCell } from "./rows";

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
/** Text gathered before it is handed on: a few dozen writes per MB instead of one per row. */
const CHUNK_CHARS = 64 * 1024;

export function csvCell(cell: ExportCell): string {
  if (cell === null) return "";
  const text = String(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: readonly ExportCell[]) => `${cells.map(csvCell).join(",")}\r\n`;

export async function* csvBytes(header: readonly string[], rows: AsyncIterable<ExportCell[]>): AsyncGenerator<Buffer> {
  let text = `\uFEFF${csvLine(header)}`;
  for await (const row of rows) {
    text += csvLine(row);
    if (text.length >= CHUNK_CHARS) {
      yield Buffer.from(text, "utf8");
      text = "";
    }
  }
  yield Buffer.from(text, "utf8");
}
