// Read models of the admin dashboard and user management.
import { ADMIN_ACTIVITY_DAYS, type AdminActivityDay, type AdminStats, type UserStats } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { sql } from "kysely";

export async function adminStats(db: ForumDb): Promise<AdminStats> {
  // Whole tables' row counts, one statement (each walks an index, never the rows).
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom("posts").select(eb.fn.countAll<number>().as("n")).as("totalPosts"),
      eb.selectFrom("categories").select(eb.fn.countAll<number>().as("n")).as("totalCategories"),
    ])
    .executeTakeFirstOrThrow();
  // A deleted member who kept their posts is nobody: not a member any more.
  const users = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("deletedAt", "is", null)
    .executeTakeFirstOrThrow();
  return {
    totalUsers: Number(users.n ?? 0),
    totalPosts: Number(row.totalPosts ?? 0),
    totalCategories: Number(row.totalCategories ?? 0),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Posts, replies and new members per UTC day over the last `days` days (today last), from one
 * aggregate query: each table gives (day number, kind) rows for the window, counted together.
 * Days without activity are filled with zeros here, so the answer always has `days` entries.
 */
export async function adminActivity(
  db: ForumDb,
  now = Date.now(),
  days = ADMIN_ACTIVITY_DAYS,
): Promise<AdminActivityDay[]> {
  const start = Math.floor(now / DAY_MS) * DAY_MS - (days - 1) * DAY_MS;
  const end = start + days * DAY_MS;
  // Day numbers from plain arithmetic (no date functions), so they mean the same on any SQL engine;
  // the cast truncates, since the driver may bind the numbers as reals.
  const day = (table: "posts" | "replies" | "users", kind: string) =>
    sql`select cast((${sql.ref(`${table}.createdAt`)} - ${start}) / ${DAY_MS} as integer) as day, ${kind} as kind
        from ${sql.table(table)}
        where ${sql.ref(`${table}.createdAt`)} >= ${start} and ${sql.ref(`${table}.createdAt`)} < ${end}`;
  const { rows } = await sql<{ day: number; kind: "posts" | "replies" | "members"; n: number }>`
    select day, kind, count(*) as n
    from (${day("posts", "posts")} union all ${day("replies", "replies")} union all ${day("users", "members")}) as activity
    group by day, kind`.execute(db);

  const result: AdminActivityDay[] = Array.from({ length: days }, (_, index) => ({
    date: new Date(start + index * DAY_MS).toISOString().slice(0, 10),
    posts: 0,
    replies: 0,
    members: 0,
  }));
  for (const row of rows) {
    const entry = result[Number(row.day)];
    if (entry) entry[row.kind] = Number(row.n);
  }
  return result;
}

export async function userStats(db: ForumDb): Promise<UserStats> {
  const row = await db
    .selectFrom("users")
    .select((eb) => [
      eb.fn.countAll<number>().as("totalUsers"),
      sql<number>`coalesce(sum(case when banned = 1 then 1 else 0 end), 0)`.as("bannedUsers"),
      sql<number>`coalesce(sum(case when role = 'admin' then 1 else 0 end), 0)`.as("admins"),
    ])
    .where("deletedAt", "is", null)
    .executeTakeFirstOrThrow();
  const totalUsers = Number(row.totalUsers);
  const bannedUsers = Number(row.bannedUsers);
  return { totalUsers, activeUsers: totalUsers - bannedUsers, bannedUsers, admins: Number(row.admins) };
}

export async function listUsers(db: ForumDb, offset: number, limit: number) {
  return (
    db
      .selectFrom("users")
      .selectAll()
      // A deleted member who kept their posts is nobody: no row in User Management.
      .where("deletedAt", "is", null)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .offset(offset)
      .execute()
  );
}
