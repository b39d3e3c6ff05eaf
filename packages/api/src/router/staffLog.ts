import { staffLogActorsSchema, staffLogInput, staffLogPageSchema } from "@forum/contracts";
import { answer } from "../describe";
import { listStaffLog, staffLogActors } from "../staffLog/read";
import { adminProcedure, router } from "../trpc";

/**
 * Reads only: nothing in the forum edits or deletes the log (entries are written by the actions
 * themselves, staffLog/record.ts). Reads staff_log; never cached, so an action shows at once.
 */
export const staffLogRouter = router({
  list: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/admin/staff-log", from: "query" },
      summary: "What moderators and admins did, newest first: filter by staff member, action and target",
    })
    .input(staffLogInput)
    .output(answer(staffLogPageSchema))
    .query(({ ctx, input }) => listStaffLog(ctx.db, input)),
  actors: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/admin/staff-log/actors", from: "none" },
      summary: "The staff members who have entries in the staff log",
    })
    .output(answer(staffLogActorsSchema))
    .query(({ ctx }) => staffLogActors(ctx.db)),
});
