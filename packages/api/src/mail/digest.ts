// The weekly digest: at the admin's day and hour (schedule.ts), every member with Weekly Digest on,
// a confirmed address and no ban gets the week's most active discussions they have not replied to
// (nor started), up to 10; a member with nothing to show gets no mail.
// Exactly once per member per week, however many instances run and whenever one restarts: the
// week's run is a periodic_runs row (its key decides that one run exists), and members are mailed
// in batches by id. Each batch moves the run's cursor from the value it read to its last member,
// in the same transaction as its mails; a batch that finds the cursor moved (another instance did
// those members) rolls back. An instance that stopped mid-run leaves the rest to the next look,
// on any instance.
import { summaryOf } from "@forum/contracts/plain-text";
import type { ForumDb } from "@forum/db";
import { loadDigestSchedule } from "../services/digestSchedule";
import { preferencesOf } from "../services/mappers";
import type { MailItem } from "./content";
import type { Mailer } from "./mailer";
import { linkTo } from "./outbox";
import { latestDigestTime } from "./schedule";
import { issueUnsubscribeLink } from "./unsubscribe";

const WEEK_MS = 7 * 24 * 60 * 60_000;
/** A forum that was down when the digest was due sends it when it is back within a day; later, that week has none. */
export const DIGEST_CATCH_UP_MS = 24 * 60 * 60_000;
export const DIGEST_ITEMS = 10;
/** Discussions ranked for everyone; each member's list is the first 10 of them they are not part of. */
const CANDIDATES = 100;
const MEMBERS_PER_BATCH = 200;
const JOB = "digest";

type Discussion = MailItem & { id: number; authorId: number };

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

/**
 * The week's most active discussions, most active first: replies written in the week, a post
 * started in the week counting as one more; ties to the higher score, then the newer post.
 */
async function weekDiscussions(db: ForumDb, mail: Mailer, from: number, to: number): Promise<Discussion[]> {
  const replied = await db
    .selectFrom("replies")
    .select(["postId", (eb) => eb.fn.countAll<number>().as("n")])
    .where("createdAt", ">=", from)
    .where("createdAt", "<", to)
    .groupBy("postId")
    .orderBy("n", "desc")
    .limit(CANDIDATES)
    .execute();
  const started = await db
    .selectFrom("posts")
    .select("id")
    .where("createdAt", ">=", from)
    .where("createdAt", "<", to)
    .orderBy("score", "desc")
    .limit(CANDIDATES)
    .execute();
  const repliesInWeek = new Map<number, number>(replied.map((row) => [row.postId, Number(row.n)]));
  const activity = new Map(repliesInWeek);
  for (const { id } of started) activity.set(id, (activity.get(id) ?? 0) + 1);
  if (activity.size === 0) return [];
  const posts = await db
    .selectFrom("posts")
    .innerJoin("users as author", "author.id", "posts.authorId")
    .select([
      "posts.id",
      "posts.slug",
      "posts.title",
      "posts.content",
      "posts.excerpt",
      "posts.authorId",
      "posts.score",
      "author.username as author",
    ])
    .where("posts.id", "in", [...activity.keys()])
    .execute();
  const ranked = posts.sort(
    (a, b) => (activity.get(b.id) ?? 0) - (activity.get(a.id) ?? 0) || Number(b.score) - Number(a.score) || b.id - a.id,
  );
  return ranked.slice(0, CANDIDATES).map((post) => {
    const replies = repliesInWeek.get(post.id) ?? 0;
    const count = replies === 0 ? "" : replies === 1 ? ", 1 reply this week" : `, ${replies} replies this week`;
    return {
      id: post.id,
      authorId: post.authorId,
      title: post.title,
      byline: `by @${post.author}${count}`,
      excerpt: summaryOf(post.content, post.excerpt),
      url: linkTo(mail.site, `/posts/${encodeURIComponent(post.slug)}`),
    };
  });
}

/** Each member's list: the discussions they neither started nor replied to, at most 10. */
async function digestLists(db: ForumDb, discussions: Discussion[], memberIds: number[]) {
  const lists = new Map<number, MailItem[]>();
  if (discussions.length === 0 || memberIds.length === 0) return lists;
  const takenPart = await db
    .selectFrom("replies")
    .select(["authorId", "postId"])
    .distinct()
    .where("authorId", "in", memberIds)
    .where(
      "postId",
      "in",
      discussions.map((discussion) => discussion.id),
    )
    .execute();
  const part = new Set(takenPart.map((row) => `${row.authorId}:${row.postId}`));
  for (const memberId of memberIds) {
    const items = discussions
      .filter((discussion) => discussion.authorId !== memberId && !part.has(`${memberId}:${discussion.id}`))
      .slice(0, DIGEST_ITEMS)
      .map(({ id: _id, authorId: _authorId, ...item }) => item);
    lists.set(memberId, items);
  }
  return lists;
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
