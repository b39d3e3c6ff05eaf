// Rising Stars: members by upvotes received on their posts and replies within a time range.
import { type RisingStar, TIME_RANGE_MS, type TimeRange } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { sql } from "kysely";

export async function risingStars(
  db: ForumDb,
  range: TimeRange,
  limit: number,
  now = Date.now(),
): Promise<RisingStar[]> {
  const since = now - TIME_RANGE_MS[range];
  const result = await sql<{
    id: number;
    username: string;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
    gained: number;
  }>`
    select u.id, u.username, u."firstName", u."lastName", u."profileImageUrl", count(*) as gained
    from (
      select p."authorId" as "authorId" from votes v join posts p on p.id = v."postId"
      where v."createdAt" >= ${since} and v.value = 1
      union all
      select r."authorId" as "authorId" from votes v join replies r on r.id = v."replyId"
      where v."createdAt" >= ${since} and v.value = 1
    ) received
    join users u on u.id = received."authorId"
    where u.banned = 0 and u."deletedAt" is null
    group by u.id
    order by gained desc, u.username asc
    limit ${limit}
  `.execute(db);
  return result.rows.map(({ gained, ...author }) => ({ ...author, reputationGained: Number(gained) }));
}
