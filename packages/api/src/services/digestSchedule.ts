// The admin's choice of when the weekly digest goes out (mail_settings, one row; migration 0021).
import type { DigestSchedule } from "@forum/contracts";
import type { ForumDb } from "@forum/db";

export async function loadDigestSchedule(db: ForumDb): Promise<DigestSchedule> {
  return db
    .selectFrom("mail_settings")
    .select(["digestWeekday", "digestHour"])
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
}

export async function saveDigestSchedule(db: ForumDb, schedule: DigestSchedule): Promise<DigestSchedule> {
  await db
    .updateTable("mail_settings")
    .set({ digestWeekday: schedule.digestWeekday, digestHour: schedule.digestHour })
    .where("id", "=", 1)
    .execute();
  return loadDigestSchedule(db);
}
