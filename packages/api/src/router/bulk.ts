import {
  BULK_COLUMNS,
  BULK_UPLOAD_TYPES,
  type BulkColumn,
  type BulkColumnsView,
  type BulkColumnView,
  bulkColumnsViewSchema,
  bulkImportResultSchema,
  bulkRefusalSchema,
  bulkUploadInput,
  MESSAGES,
} from "@forum/contracts";
import { answer } from "../describe";
import { importSpreadsheet } from "../services/bulk";
import { recordStaffActions, staffActor } from "../staffLog/record";
import { adminProcedure, router } from "../trpc";

const columnView = ({ name, required, type, examples }: BulkColumn): BulkColumnView => ({
  name,
  required,
  type,
  examples: [...examples],
});

export const bulkRouter = router({
  /** The column set of each upload type, for the admin screen's notes. */
  columns: adminProcedure
    .meta({ rest: "none", summary: "The columns of each upload type", cache: "never" })
    .output(answer(bulkColumnsViewSchema))
    .query(
      () =>
        Object.fromEntries(
          BULK_UPLOAD_TYPES.map((type) => [type, BULK_COLUMNS[type].map(columnView)]),
        ) as BulkColumnsView,
    ),
  // adminProcedure checks the caller before the input is even validated: 401/403 come before
  // the file is looked at.
  upload: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/bulk-upload", form: "multipart" },
      summary: "Import a spreadsheet: every row or none",
      failures: { 409: [MESSAGES.accountTaken, MESSAGES.categoryNameTaken], 413: MESSAGES.bulkFileTooLarge },
      refusal: bulkRefusalSchema,
      writes: ["users", "categories", "posts", "replies", "staffLog"],
    })
    .input(bulkUploadInput)
    .output(answer(bulkImportResultSchema))
    .mutation(({ ctx, input }) =>
      // The log's entry commits with the imported rows (services/bulk/onWritten.ts).
      importSpreadsheet(ctx.db, input.type, input.content, ctx.parseUpload, (trx, count) =>
        recordStaffActions(trx, staffActor(ctx.user), [
          { action: "import", targetType: "import", targetId: null, targetLabel: input.type, details: { rows: count } },
        ]),
      ),
    ),
});
