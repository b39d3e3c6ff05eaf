// Counts the rows of an export as its bytes arrive, for the progress bar: the server gives the
// total first (X-Export-Rows) but cannot give a length, since the file is made while it is sent.
// A CSV record ends at a line break outside quotes; an .xlsx sheet's rows are counted in the
// inflated sheet XML (fflate's streaming unzip, the same library the server zips with).
import { Unzip, UnzipInflate } from "fflate";

export type RowCounter = {
  /** Feeds the next bytes; `last` with the final ones. */
  push: (bytes: Uint8Array, last: boolean) => void;
  /** Rows seen so far, the header row not counted. */
  rows: () => number;
};

const LINE_FEED = 0x0a;
const QUOTE = 0x22;

export function csvRowCounter(): RowCounter {
  let records = 0;
  let quoted = false;
  return {
    push(bytes) {
      // Byte by byte is safe in UTF-8: a quote or a line feed byte is never part of another character.
      for (const byte of bytes) {
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === LINE_FEED && !quoted) records += 1;
      }
    },
    rows: () => Math.max(0, records - 1),
  };
}

const SHEET = "xl/worksheets/sheet1.xml";
const ROW_END = "</row>";

export function xlsxRowCounter(): RowCounter {
  let rows = 0;
  // A row's end may be cut between two pieces: the last few characters wait for the next one.
  let carry = "";
  const decoder = new TextDecoder();
  const unzip = new Unzip((file) => {
    if (file.name !== SHEET) return;
    file.ondata = (error, data) => {
      if (error) return;
      const text = carry + decoder.decode(data, { stream: true });
      let at = text.indexOf(ROW_END);
      let counted = 0;
      while (at >= 0) {
        rows += 1;
        counted = at + ROW_END.length;
        at = text.indexOf(ROW_END, counted);
      }
      carry = text.slice(Math.max(counted, text.length - ROW_END.length + 1));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  return {
    push: (bytes, last) => unzip.push(bytes, last),
    rows: () => Math.max(0, rows - 1),
  };
}
