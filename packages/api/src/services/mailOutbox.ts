// The outbox as the admin Mail screen reads it, and what an admin does to it (retry a mail).
import { MAIL_STATES, type MailStateName, type MailStatus, type OutboxMail } from "@forum/contracts";
import type { ForumDb } from "@forum/db";

export async function mailStatus(db: ForumDb, smtpConfigured: boolean): Promise<MailStatus> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["state", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("state")
    .execute();
  const counts = Object.fromEntries(MAIL_STATES.map((state) => [state, 0])) as Record<MailStateName, number>;
  for (const row of rows) counts[row.state] = Number(row.count);
  // The newest attempt that failed; a later success clears its own row's error.
  const failed = await db
    .selectFrom("mail_outbox")
    .select(["lastError", "lastErrorAt"])
    .where("lastError", "is not", null)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return {
    smtpConfigured,
    lastError: failed?.lastError ?? null,
    lastErrorAt: failed && failed.lastErrorAt !== null ? Number(failed.lastErrorAt) : null,
    counts,
  };
}

/** Newest first, all states or one. */
export async function listOutbox(
  db: ForumDb,
  page: { state?: MailStateName | undefined; offset: number; limit: number },
): Promise<{ mails: OutboxMail[]; total: number }> {
  let query = db.selectFrom("mail_outbox");
  if (page.state) query = query.where("state", "=", page.state);
  const rows = await query
    .select([
      "id",
      "kind",
      "toAddress",
      "subject",
      "text",
      "state",
      "attempts",
      "lastError",
      "lastErrorAt",
      "nextAttemptAt",
      "createdAt",
      "sentAt",
    ])
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const total = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  return {
    total: Number(total.total),
    mails: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      to: row.toAddress,
      subject: row.subject,
      text: row.text,
      state: row.state,
      attempts: Number(row.attempts),
      lastError: row.lastError,
      lastErrorAt: row.lastErrorAt === null ? null : Number(row.lastErrorAt),
      nextAttemptAt: row.state === "queued" || row.state === "sending" ? Number(row.nextAttemptAt) : null,
      createdAt: Number(row.createdAt),
      sentAt: row.sentAt === null ? null : Number(row.sentAt),
    })),
  };
}

/**
 * A failed mail (or one waiting for its next attempt) is due again now. Kept mail stays kept: it
 * is there to be read, and without SMTP there is nothing to send it with. False: no such mail.
 */
export async function retryMail(db: ForumDb, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({ state: "queued", nextAttemptAt: now, retriedAt: now })
    .where("id", "=", id)
    .where("state", "in", ["failed", "queued"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
