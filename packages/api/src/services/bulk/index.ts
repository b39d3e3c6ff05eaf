// The spreadsheet bulk import, all or nothing: read the first sheet, check every row (cells,
// then the database), and only when nothing is wrong write every row in one transaction.
import { BULK_MAX_FILE_BYTES, type BulkImportResult, type BulkUploadType, MESSAGES } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { payloadTooLarge } from "../../errors";
import { importCategories } from "./categories";
import type { OnImportWritten } from "./onWritten";
import { parseOnThisThread, tableOf, type UploadParser } from "./parse";
import { importPosts } from "./posts";
import type { Problems } from "./problems";
import { importReplies } from "./replies";
import type { Table } from "./table";
import { importUsers } from "./users";

type Importer = (
  db: ForumDb,
  table: Table,
  problems: Problems,
  onWritten: OnImportWritten,
) => Promise<BulkImportResult["data"]>;

const IMPORTERS: Record<BulkUploadType, Importer> = {
  users: importUsers,
  categories: importCategories,
  posts: importPosts,
  replies: importReplies,
};

/** Answers { data } listing each imported item (small: ids and names), or throws 400 with every problem. */
export async function importSpreadsheet(
  db: ForumDb,
  type: BulkUploadType,
  bytes: Uint8Array,
  parse: UploadParser = parseOnThisThread,
  onWritten: OnImportWritten = async () => {},
): Promise<BulkImportResult> {
  // The REST door's multipart limit already refuses these; this guards every other caller.
  if (bytes.byteLength > BULK_MAX_FILE_BYTES) throw payloadTooLarge(MESSAGES.bulkFileTooLarge);
  const { table, problems } = tableOf(type, await parse(type, bytes));
  const data = await IMPORTERS[type](db, table, problems, onWritten);
  return { data };
}
