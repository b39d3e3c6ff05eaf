// The weekly digest: at the admin's day and hour (schedule.ts), every member with Weekly Digest on,
// a confirmed address and no ban gets the week's most active discussions they have not replied to
// (nor started), up to 10; a member with nothing to show gets no mail.
// Exactly once per member per week, however many instances run and whenever one restarts: the
// week's run is a periodic_runs row (its key decides that one run exists), and members are mailed
// in batches by id. Each batch moves the run's cursor from the value it read to its last member,
// in the same transaction as its mails; a batch that finds the cursor moved (another instance did
// those members) mails nothing. An instance that stopped mid-run leaves the rest to the next look,
// on any instance.
import type { ForumDb } from "@forum/db";
import { loadDigestSchedule } from "../services/digestSchedule";
import { preferencesOf } from "../services/mappers";
import type { MailItem } from "./content";
import { type Discussion, digestLists, weekDiscussions } from "./digestDiscussions";
import type { Mailer } from "./mailer";
import { linkTo } from "./outbox";
import { latestDigestTime } from "./schedule";
import { issueUnsubscribeLink } from "./unsubscribe";

const WEEK_MS = 7 * 24 * 60 * 60_000;
/** A forum that was down when the digest was due sends it when it is back within a day; later, that week has none. */
export const DIGEST_CATCH_UP_MS = 24 * 60 * 60_000;
const MEMBERS_PER_BATCH = 200;
const JOB = "digest";

/** Sends the week's digest when it is due and not yet (wholly) sent; resolves the number of mails queued. */
export async function sendDueDigest(db: ForumDb, mail: Mailer): Promise<number> {
  if (!mail.site.sending) return 0;
  const now = mail.now();
  const run = await currentRun(db, mail, now);
  if (!run) return 0;
  const discussions = await weekDiscussions(db, mail, run.at - WEEK_MS, run.at);
  let cursor = run.cursor;
  let queued = 0;
  for (;;) {
    const members = await db
      .selectFrom("users")
      .select(["id", "username", "email", "preferences"])
      .where("id", ">", cursor)
      .where("banned", "=", 0)
      .where("emailConfirmedAt", "is not", null)
      .orderBy("id")
      .limit(MEMBERS_PER_BATCH)
      .execute();
    const mailed = await mailBatch(db, mail, { period: run.period, cursor, now }, members, discussions);
    if (mailed === "moved") {
      // Another instance did this batch: go on from where it got to.
      const current = await findRun(db, run.period);
      if (!current || current.finishedAt !== null) return queued;
      cursor = Number(current.cursor);
      continue;
    }
    queued += mailed;
    const last = members.at(-1);
    if (!last) return queued;
    cursor = last.id;
  }
}

/** This week's run when the digest is due and the run not finished: started here if no instance has. */
async function currentRun(db: ForumDb, mail: Mailer, now: number) {
  const schedule = await loadDigestSchedule(db);
  const due = latestDigestTime(now, schedule.digestWeekday, schedule.digestHour, mail.timeZone);
  let run = await findRun(db, due.period);
  if (!run) {
    if (now - due.at >= DIGEST_CATCH_UP_MS) return undefined;
    // The primary key decides: of instances starting it together, one row is made.
    await db
      .insertInto("periodic_runs")
      .values({ job: JOB, period: due.period, startedAt: now })
      .onConflict((conflict) => conflict.columns(["job", "period"]).doNothing())
      .execute();
    run = await findRun(db, due.period);
  }
  if (!run || run.finishedAt !== null) return undefined;
  return { ...due, cursor: Number(run.cursor) };
}

type Member = { id: number; username: string; email: string; preferences: string | null };

/**
 * Mails one batch of members (none: marks the run finished) in one transaction that also moves
 * the run's cursor past them, but only from the value this batch started at: "moved" when another
 * instance moved it first (nothing is mailed then).
 */
async function mailBatch(
  db: ForumDb,
  mail: Mailer,
  run: { period: string; cursor: number; now: number },
  members: Member[],
  discussions: Discussion[],
): Promise<number | "moved"> {
  const wanting = members.filter((member) => preferencesOf(member.preferences).weeklyDigest);
  const lists = await digestLists(
    db,
    discussions,
    wanting.map((member) => member.id),
  );
  const last = members.at(-1);
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable("periodic_runs")
      .set(last ? { cursor: last.id } : { finishedAt: run.now })
      .where("job", "=", JOB)
      .where("period", "=", run.period)
      .where("cursor", "=", run.cursor)
      .where("finishedAt", "is", null)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return "moved";
    let mailed = 0;
    for (const member of wanting) {
      const items = lists.get(member.id) ?? [];
      if (items.length === 0) continue;
      await queueDigest(trx, mail, member, items, run.now);
      mailed += 1;
    }
    return mailed;
  });
}

function findRun(db: ForumDb, period: string) {
  return db
    .selectFrom("periodic_runs")
    .select(["cursor", "finishedAt"])
    .where("job", "=", JOB)
    .where("period", "=", period)
    .executeTakeFirst();
}

async function queueDigest(
  trx: ForumDb,
  mail: Mailer,
  member: { id: number; username: string; email: string },
  items: MailItem[],
  now: number,
): Promise<void> {
  const unsubscribeUrl = await issueUnsubscribeLink(trx, mail.site, member.id, "digest", now);
  await mail.queue(trx, {
    kind: "digest",
    to: member.email,
    userId: member.id,
    unsubscribeUrl,
    content: {
      subject: "This week's most active discussions",
      paragraphs: [
        `Hello ${member.username},`,
        "Here is what people talked about most this week that you have not joined yet:",
      ],
      items,
      footer: [
        "You get this email because Weekly Digest is on in your settings:",
        linkTo(mail.site, "/settings?tab=preferences"),
        `Unsubscribe from the weekly digest: ${unsubscribeUrl}`,
      ],
    },
  });
}
