import { BULK_COLUMNS, bulkUploadInput } from "@forum/contracts";
import { importSpreadsheet } from "../services/bulk";
import { adminProcedure, router } from "../trpc";

export const bulkRouter = router({
  /** The column set of each upload type, for the admin screen's notes. */
  columns: adminProcedure.query(() =>
    Object.fromEntries(
      Object.entries(BULK_COLUMNS).map(([type, columns]) => [
        type,
        columns.map(({ name, required, type: kind, examples }) => ({ name, required, type: kind, examples })),
      ]),
    ),
  ),
  // adminProcedure checks the caller before the input is even validated: 401/403 come before
  // the file is looked at.
  upload: adminProcedure
    .input(bulkUploadInput)
    .mutation(({ ctx, input }) => importSpreadsheet(ctx.db, input.type, input.content, ctx.parseUpload)),
});
