import {
  BULK_COLUMNS,
  BULK_UPLOAD_TYPES,
  type BulkColumn,
  type BulkColumnsView,
  type BulkColumnView,
  bulkUploadInput,
} from "@forum/contracts";
import { importSpreadsheet } from "../services/bulk";
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
    .meta({ cache: "never" })
    .query(
      () =>
        Object.fromEntries(
          BULK_UPLOAD_TYPES.map((type) => [type, BULK_COLUMNS[type].map(columnView)]),
        ) as BulkColumnsView,
    ),
  // adminProcedure checks the caller before the input is even validated: 401/403 come before
  // the file is looked at.
  upload: adminProcedure
    .meta({ writes: ["users", "categories", "posts", "replies"] })
    .input(bulkUploadInput)
    .mutation(({ ctx, input }) => importSpreadsheet(ctx.db, input.type, input.content, ctx.parseUpload)),
});
