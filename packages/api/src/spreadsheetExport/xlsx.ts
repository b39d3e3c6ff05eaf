// Rows as an .xlsx workbook of one sheet, produced as they are read: SheetJS builds a whole
// workbook in memory (100,000 posts would be hundreds of MB), so the zip is written here
// (zipStream.ts). The sheet's XML is deflated a chunk at a time, with inline strings (no
// shared-strings table to hold), and each compressed piece is handed on at once.
import type { ExportCell } from "./rows";
import { ZipStream } from "./zipStream";

const CHUNK_CHARS = 64 * 1024;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="1"><xf xfId="0"/></cellXfs></styleSheet>`;

const workbook = (sheetName: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

const SHEET_START = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`;
const SHEET_END = "</sheetData></worksheet>";

/**
 * Text as XML character data. Characters XML cannot hold (control characters) and carriage
 * returns (which an XML reader would turn into line feeds) are written the way Excel writes them,
 * _xHHHH_; a literal "_x0041_" in the text is itself escaped (_x005F_), so it reads back as typed.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000D\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, "_x005F_$1")
    .replace(NOT_XML, (char) => {
      return `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}_`;
    })
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function cellXml(cell: ExportCell, reference: string): string {
  if (cell === null) return "";
  if (typeof cell === "number") return `<c r="${reference}"><v>${cell}</v></c>`;
  if (typeof cell === "boolean") return `<c r="${reference}" t="b"><v>${cell ? 1 : 0}</v></c>`;
  return `<c r="${reference}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`;
}

function rowXml(cells: readonly ExportCell[], rowNumber: number, letters: readonly string[]): string {
  let xml = `<row r="${rowNumber}">`;
  for (let c = 0; c < cells.length; c++) xml += cellXml(cells[c] ?? null, `${letters[c]}${rowNumber}`);
  return `${xml}</row>`;
}

/** The sheet's XML, a chunk of about CHUNK_CHARS at a time. */
async function* sheetXml(header: readonly string[], rows: AsyncIterable<ExportCell[]>): AsyncGenerator<Buffer> {
  const letters = header.map((_, index) => columnLetters(index));
  let xml = SHEET_START + rowXml(header, 1, letters);
  let rowNumber = 1;
  for await (const row of rows) {
    xml += rowXml(row, ++rowNumber, letters);
    if (xml.length >= CHUNK_CHARS) {
      yield Buffer.from(xml, "utf8");
      xml = "";
    }
  }
  yield Buffer.from(xml + SHEET_END, "utf8");
}

export async function* xlsxBytes(
  sheetName: string,
  header: readonly string[],
  rows: AsyncIterable<ExportCell[]>,
  mtime: number,
): AsyncGenerator<Buffer> {
  const zip = new ZipStream(mtime);
  yield* zip.file("[Content_Types].xml", [Buffer.from(CONTENT_TYPES)]);
  yield* zip.file("_rels/.rels", [Buffer.from(ROOT_RELS)]);
  yield* zip.file("xl/workbook.xml", [Buffer.from(workbook(sheetName))]);
  yield* zip.file("xl/_rels/workbook.xml.rels", [Buffer.from(WORKBOOK_RELS)]);
  yield* zip.file("xl/styles.xml", [Buffer.from(STYLES)]);
  yield* zip.file("xl/worksheets/sheet1.xml", sheetXml(header, rows));
  yield zip.end();
}
