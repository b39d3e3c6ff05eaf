// Checks the header row and every cell of the first sheet against the column set of the upload
// type, and keeps the parsed values column by column (one array per column, not one object per
// row: 100,000 rows stay a handful of arrays).
import { type BulkColumn, MESSAGES } from "@forum/contracts";
import { badRequest } from "../../errors";
import { Problems } from "./problems";
import { cellText, type Sheet } from "./sheet";

export type Table = {
  /** The spreadsheet row number (header = 1) of each row to import. */
  rowNumbers: number[];
  /** Parsed values by column name, one per row to import; a blank optional cell is null. */
  values: Map<string, unknown[]>;
};

/** The column's values; the column set guarantees their type (see BULK_COLUMNS). */
export function column<T>(table: Table, name: string): T[] {
  const values = table.values.get(name);
  if (!values) throw new Error(`no column ${name}`);
  return values as T[];
}

function headerIndexes(sheet: Sheet, columns: readonly BulkColumn[], problems: Problems): Array<number | undefined> {
  const names = columns.map((c) => c.name);
  const found = new Map<string, number>();
  for (const [index, cell] of sheet.header.entries()) {
    const name = cellText(cell);
    if (!name) continue;
    if (found.has(name)) problems.add(1, name, `Column ${name} appears more than once`);
    else if (!names.includes(name)) {
      // Strict on purpose: a misspelt optional column ("Excerpt") would otherwise be dropped silently.
      problems.add(1, name, `Unknown column ${name}: the columns are ${names.join(", ")} (case-sensitive)`);
    }
    found.set(name, index);
  }
  if (found.size === 0) throw badRequest(MESSAGES.bulkNoHeader(names));
  for (const { name, required } of columns) {
    if (!required || found.has(name)) continue;
    const lookalike = [...found.keys()].find((other) => other.toLowerCase() === name.toLowerCase());
    const hint = lookalike ? ` (found ${lookalike}: column names are case-sensitive)` : "";
    problems.add(1, name, `Missing required column ${name}${hint}`);
  }
  return columns.map((c) => found.get(c.name));
}

/** Whether the row's cell in column `name` reads as false (by that column's own schema). */
function isFalse(columns: readonly BulkColumn[], texts: ReadonlyArray<string | null>, name: string): boolean {
  const index = columns.findIndex((c) => c.name === name);
  const text = texts[index];
  if (index < 0 || !text) return false;
  const parsed = (columns[index] as BulkColumn).schema.safeParse(text);
  return parsed.success && parsed.data === false;
}

/**
 * Reads every row below the header. Wholly blank rows are skipped; every problem is recorded
 * with its row and column. A problem in the header row refuses the file before any row is read.
 */
export function readTable(sheet: Sheet, columns: readonly BulkColumn[]): { table: Table; problems: Problems } {
  const problems = new Problems(columns.map((c) => c.name));
  const indexes = headerIndexes(sheet, columns, problems);
  problems.throwIfAny();

  const table: Table = { rowNumbers: [], values: new Map(columns.map((c) => [c.name, []])) };
  const targets = columns.map((c) => column<unknown>(table, c.name));
  const texts: Array<string | null> = new Array(columns.length);
  for (let r = 1; r < sheet.rows.length; r++) {
    const cells = sheet.rows[r];
    if (!cells) continue;
    let blank = true;
    for (let c = 0; c < columns.length; c++) {
      const index = indexes[c];
      const text = index === undefined ? "" : cellText(cells[index]);
      texts[c] = text;
      if (text !== "") blank = false;
    }
    if (blank) continue;

    const rowNumber = r + 1;
    table.rowNumbers.push(rowNumber);
    for (let c = 0; c < columns.length; c++) {
      const { name, required, schema, blankWhenFalse } = columns[c] as BulkColumn;
      const text = texts[c];
      const target = targets[c] as unknown[];
      if (text === null) {
        problems.add(rowNumber, name, `${name} holds a spreadsheet error value`);
        target.push(null);
      } else if (text === "") {
        if (required && !(blankWhenFalse && isFalse(columns, texts, blankWhenFalse))) {
          problems.add(rowNumber, name, `${name} is required`);
        }
        target.push(null);
      } else {
        const parsed = schema.safeParse(text);
        if (parsed.success) target.push(parsed.data);
        else {
          problems.add(rowNumber, name, parsed.error.issues[0]?.message ?? `${name} is not valid`);
          target.push(null);
        }
      }
    }
  }
  if (table.rowNumbers.length === 0 && !problems.any) throw badRequest(MESSAGES.bulkNoRows);
  return { table, problems };
}
