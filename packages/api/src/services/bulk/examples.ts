// The example spreadsheets offered on the bulk-upload screen, written from the column sets
// themselves so they always match what the importer expects.
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { BULK_COLUMNS, BULK_UPLOAD_TYPES, type BulkUploadType, bulkExampleFileName } from "@forum/contracts";

export function exampleWorkbook(type: BulkUploadType): Buffer {
  const columns = BULK_COLUMNS[type];
  const rowCount = Math.max(...columns.map((c) => c.examples.length));
  const rows = Array.from({ length: rowCount }, (_, r) =>
    // A blank example ("") is a blank cell, not an empty text cell.
    columns.map((c) => (c.examples[r] === "" ? null : (c.examples[r] ?? null))),
  );
  const sheet = XLSX.utils.aoa_to_sheet([columns.map((c) => c.name), ...rows]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, type);
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}

/** Writes example_<type>.xlsx into `dir` for each upload type whose file is missing. */
export function writeBulkExampleFiles(dir: string): string[] {
  const written: string[] = [];
  for (const type of BULK_UPLOAD_TYPES) {
    const path = join(dir, bulkExampleFileName(type));
    if (existsSync(path)) continue;
    writeFileSync(path, exampleWorkbook(type));
    written.push(path);
  }
  return written;
}
