// What the weekly digest shows: the week's most active discussions, ranked once for everyone,
// and each member's list of them: those they neither started nor replied to, at most 10.
import { DELETED_MEMBER, isDeletedAccountName } from "@forum/contracts";
import { summaryOf } from "@forum/contracts/plain-text";
import type { ForumDb } from "@forum/db";
import type { MailItem } from "./content";
import type { Mailer } from "./mailer";
import { linkTo } from "./outbox";

export const DIGEST_ITEMS = 10;
/** Discussions ranked for everyone; each member's list is the first 10 of them they are not part of. */
const CANDIDATES = 100;

export type Discussion = MailItem & { id: number; authorId: number };

/**
 * The week's most active discussions, most active first: replies written in the week, a post
 * started in the week counting as one more; ties to the higher score, then the newer post.
 */
export async function weekDiscussions(db: ForumDb, mail: Mailer, from: number, to: number): Promise<Discussion[]> {
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
      byline: `by ${isDeletedAccountName(post.author) ? DELETED_MEMBER : `@${post.author}`}${count}`,
      excerpt: summaryOf(post.content, post.excerpt),
      url: linkTo(mail.site, `/posts/${encodeURIComponent(post.slug)}`),
    };
  });
}

/** Each member's list: the discussions they neither started nor replied to, at most 10. */
export async function digestLists(db: ForumDb, discussions: Discussion[], memberIds: number[]) {
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
