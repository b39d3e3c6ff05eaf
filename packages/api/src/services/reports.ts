// Reports: members flag a post or reply for the moderators, once each. The Reports screen lists
// the open ones grouped by content; resolving closes every open report of that content at once
// (dismissed, content deleted, or author banned and content deleted) and records who and when.
import {
  type CreateReportInput,
  MESSAGES,
  type OpenReportsCount,
  type ReportAction,
  type ReportedContent,
  type ReportReceipt,
  type ReportResolution,
  type ReportResolutionView,
  shownUsername,
} from "@forum/contracts";
import { type ForumDb, inTransaction } from "@forum/db";
import { sql } from "kysely";
import type { SessionUser } from "../auth/sessions";
import { forbidden, notFound, withUniqueGuard } from "../errors";
import { queueWebhookEvent } from "../webhooks/queue";
import { iso } from "./mappers";
import { removePost } from "./posts";
import { removeReply } from "./replies";
import { writeBanned } from "./users";

export type ReportTarget = { postId: number } | { replyId: number };

const EXCERPT_LENGTH = 200;
/** Open reports the screen lists at most, oldest first (the rest show once these are handled). */
const OPEN_LIST_LIMIT = 1000;

export async function createReport(
  db: ForumDb,
  reporterId: number,
  input: CreateReportInput,
  now = Date.now(),
): Promise<ReportReceipt> {
  const target: ReportTarget = input.replyId !== undefined ? { replyId: input.replyId } : { postId: input.postId ?? 0 };
  return inTransaction(db, async (trx) => {
    await assertTargetExists(trx, target);
    const row = await withUniqueGuard(
      () =>
        trx
          .insertInto("reports")
          .values({
            reporterId,
            postId: "postId" in target ? target.postId : null,
            replyId: "replyId" in target ? target.replyId : null,
            reason: input.reason,
            text: input.text ?? null,
            createdAt: now,
          })
          .returning(["id", "postId", "replyId", "reason", "text", "createdAt"])
          .executeTakeFirstOrThrow(),
      MESSAGES.alreadyReported,
    );
    const receipt = { ...row, createdAt: iso(row.createdAt) };
    await queueWebhookEvent(trx, "report.created", () => receipt, now);
    return receipt;
  });
}

async function assertTargetExists(db: ForumDb, target: ReportTarget) {
  if ("postId" in target) {
    const post = await db.selectFrom("posts").select("id").where("id", "=", target.postId).executeTakeFirst();
    if (!post) throw notFound(MESSAGES.postNotFound);
  } else {
    const reply = await db.selectFrom("replies").select("id").where("id", "=", target.replyId).executeTakeFirst();
    if (!reply) throw notFound(MESSAGES.replyNotFound);
  }
}

/** Open reports whose content still exists (deleted content takes its open reports off the list). */
function openReports(db: ForumDb) {
  return db
    .selectFrom("reports")
    .where("reports.resolvedAt", "is", null)
    .where((eb) => eb.or([eb("reports.postId", "is not", null), eb("reports.replyId", "is not", null)]));
}

export async function countOpenReports(db: ForumDb): Promise<OpenReportsCount> {
  const row = await openReports(db)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return { count: Number(row.count) };
}

/** The open reports grouped by post or reply, the content reported first earliest first. */
export async function listOpenReports(db: ForumDb): Promise<ReportedContent[]> {
  const rows = await openReports(db)
    .innerJoin("users as reporter", "reporter.id", "reports.reporterId")
    .leftJoin("replies as reply", "reply.id", "reports.replyId")
    // The post reported, or the post of the reply reported; and who wrote the content.
    .innerJoin("posts as post", (join) => join.on(sql<boolean>`post.id = coalesce(reports."postId", reply."postId")`))
    .innerJoin("users as author", (join) =>
      join.on(sql<boolean>`author.id = coalesce(reply."authorId", post."authorId")`),
    )
    .select([
      "reports.id",
      "reports.postId",
      "reports.replyId",
      "reports.reason",
      "reports.text",
      "reports.createdAt",
      "reporter.id as reporterId",
      "reporter.username as reporterUsername",
      "post.id as postRef",
      "post.slug as postSlug",
      "post.title as postTitle",
      sql<string>`coalesce(reply.content, post.content)`.as("content"),
      sql<number>`coalesce(reply."createdAt", post."createdAt")`.as("contentCreatedAt"),
      "author.id as authorId",
      "author.username as authorUsername",
      "author.role as authorRole",
      "author.banned as authorBanned",
    ])
    .orderBy("reports.createdAt", "asc")
    .orderBy("reports.id", "asc")
    .limit(OPEN_LIST_LIMIT)
    .execute();

  const groups = new Map<string, ReportedContent>();
  for (const row of rows) {
    const kind = row.replyId === null ? "post" : "reply";
    const id = row.replyId ?? row.postRef;
    const key = `${kind}:${id}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        kind,
        id,
        post: { id: row.postRef, slug: row.postSlug, title: row.postTitle },
        excerpt: excerptOf(row.content),
        author: {
          id: row.authorId,
          username: shownUsername(row.authorUsername),
          role: row.authorRole,
          banned: row.authorBanned === 1,
        },
        createdAt: iso(Number(row.contentCreatedAt)),
        count: 0,
        reasons: [],
        reports: [],
      };
      groups.set(key, group);
    }
    group.count += 1;
    group.reports.push({
      id: row.id,
      reporter: { id: row.reporterId, username: shownUsername(row.reporterUsername) },
      reason: row.reason,
      text: row.text,
      createdAt: iso(row.createdAt),
    });
  }
  for (const group of groups.values()) group.reasons = reasonsByCount(group);
  return [...groups.values()];
}

function excerptOf(content: string): string {
  const flat = content.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
}

function reasonsByCount(group: ReportedContent): ReportedContent["reasons"] {
  const counts = new Map<ReportedContent["reasons"][number], number>();
  for (const report of group.reports) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([reason]) => reason);
}

const RESOLUTION_OF: Record<ReportAction, ReportResolution> = {
  dismiss: "dismissed",
  delete: "deleted",
  ban: "banned",
};

/**
 * Resolves every open report of a post or reply. "delete" deletes the content (a post with its
 * replies, whose open reports are resolved with it); "ban" (admins only) bans its author, ending
 * their sessions, and deletes it too. One transaction: all of it happens or none.
 */
export async function resolveReports(
  db: ForumDb,
  resolver: SessionUser,
  target: ReportTarget,
  action: ReportAction,
  now = Date.now(),
): Promise<ReportResolutionView> {
  if (action === "ban" && resolver.role !== "admin") throw forbidden(MESSAGES.banNeedsAdmin);
  const resolution = RESOLUTION_OF[action];
  return inTransaction(db, async (trx) => {
    const author = await contentAuthor(trx, target);
    if (action === "ban") {
      if (author.id === resolver.id) throw forbidden(MESSAGES.cannotBanSelf);
      if (author.role === "admin") throw forbidden(MESSAGES.cannotBanAdmin);
    }
    const resolved = { resolvedAt: now, resolvedById: resolver.id, resolution };
    let query = trx.updateTable("reports").set(resolved).where("resolvedAt", "is", null);
    query =
      "postId" in target ? query.where("postId", "=", target.postId) : query.where("replyId", "=", target.replyId);
    const closed = Number((await query.executeTakeFirst()).numUpdatedRows);
    if (closed === 0) throw notFound(MESSAGES.nothingToResolve);
    if (action !== "dismiss") {
      if ("postId" in target) {
        // The post's replies go with it: their open reports are settled the same way.
        await trx
          .updateTable("reports")
          .set(resolved)
          .where("resolvedAt", "is", null)
          .where("replyId", "in", (eb) =>
            eb.selectFrom("replies").select("replies.id").where("replies.postId", "=", target.postId),
          )
          .execute();
        await removePost(trx, target.postId, now);
      } else {
        await removeReply(trx, target.replyId, now);
      }
    }
    if (action === "ban") await writeBanned(trx, author.id, true);
    return {
      resolution,
      resolved: closed,
      resolvedBy: { id: resolver.id, username: resolver.username },
      resolvedAt: iso(now),
    };
  });
}

async function contentAuthor(db: ForumDb, target: ReportTarget) {
  const author =
    "postId" in target
      ? await db
          .selectFrom("posts")
          .innerJoin("users", "users.id", "posts.authorId")
          .select(["users.id", "users.role"])
          .where("posts.id", "=", target.postId)
          .executeTakeFirst()
      : await db
          .selectFrom("replies")
          .innerJoin("users", "users.id", "replies.authorId")
          .select(["users.id", "users.role"])
          .where("replies.id", "=", target.replyId)
          .executeTakeFirst();
  if (!author) throw notFound("postId" in target ? MESSAGES.postNotFound : MESSAGES.replyNotFound);
  return author;
}
