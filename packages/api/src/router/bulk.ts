import { MESSAGES } from "@forum/contracts";
import { notImplemented } from "../errors";
import { adminProcedure, router } from "../trpc";

export const bulkRouter = router({
  // The spreadsheet importer arrives with the admin back-office; until then the call answers
  // 501 to admins (and 401/403 to everyone else, like every admin call).
  upload: adminProcedure.mutation(() => {
    throw notImplemented(MESSAGES.bulkNotAvailable);
  }),
});
