// Two senders on PostgreSQL never claim the same mail, even while one's claim is not yet
// committed: the other passes the locked rows over (FOR UPDATE SKIP LOCKED), and a claim that
// waited for a row re-checks that it is still due. Made deterministic by holding the first
// sender's claim (and its sends) inside an open transaction while the second one runs.
import { MailSender, smtpTransport } from "@forum/api";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { signedIn, startForum, type TestForum } from "../harness";
import { startSmtp, type TestSmtp } from "../smtp";

let smtp: TestSmtp;
let forum: TestForum;

beforeAll(async () => {
  smtp = await startSmtp();
  forum = await startForum({ mail: { smtpUrl: smtp.url, background: false } });
});
afterAll(async () => {
  await forum.close();
  await smtp.close();
});

it("sends each mail once when a second sender runs while the first one's claim is still open", async () => {
  const admin = await signedIn(forum, { role: "admin" });
  for (let i = 0; i < 5; i++) await admin.post("/api/admin/mail/test", { to: `claim${i}@example.org` });
  const second = await forum.startInstance();
  const secondSender = second.services.mail.sender as MailSender;

  let secondAttempted: Promise<number> | undefined;
  await forum.db.transaction().execute(async (trx) => {
    const first = new MailSender(trx, smtpTransport(smtp.url), "Tech Forum <forum@localhost>");
    expect(await first.sendDue()).toBe(5);
    // The first sender's claims are not committed yet: the second must not take those rows.
    let settled = false;
    secondAttempted = secondSender.sendDue().finally(() => {
      settled = true;
    });
    // The second claim has run: it passed the rows over (settled), or it waits for their locks.
    await vi.waitFor(
      async () => {
        if (settled) return;
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and query like '%mail_outbox%'`.execute(forum.db);
        expect(waiting.rows[0]?.n).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 10 },
    );
  });
  expect(await secondAttempted).toBe(0);
  await smtp.waitFor(5);
  expect(await secondSender.sendDue()).toBe(0);
  expect(smtp.received).toHaveLength(5);
  const states = await forum.db.selectFrom("mail_outbox").select(["state", "attempts"]).execute();
  expect(states).toEqual(Array.from({ length: 5 }, () => ({ state: "sent", attempts: 1 })));
});
