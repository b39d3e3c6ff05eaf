// Read models of the admin dashboard and user management.
import type { AdminStats, UserStats } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { sql } from "kysely";

export async function adminStats(db: ForumDb): Promise<AdminStats> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom("users").select(eb.fn.countAll<number>().as("n")).as("totalUsers"),
      eb.selectFrom("posts").select(eb.fn.countAll<number>().as("n")).as("totalPosts"),
      eb.selectFrom("categories").select(eb.fn.countAll<number>().as("n")).as("totalCategories"),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalUsers: Number(row.totalUsers ?? 0),
    totalPosts: Number(row.totalPosts ?? 0),
    totalCategories: Number(row.totalCategories ?? 0),
  };
}

export async function userStats(db: ForumDb): Promise<UserStats> {
  const row = await db
    .selectFrom("users")
    .select((eb) => [
      eb.fn.countAll<number>().as("totalUsers"),
      sql<number>`coalesce(sum(case when banned = 1 then 1 else 0 end), 0)`.as("bannedUsers"),
      sql<number>`coalesce(sum(case when role = 'admin' then 1 else 0 end), 0)`.as("admins"),
    ])
    .executeTakeFirstOrThrow();
  const totalUsers = Number(row.totalUsers);
  const bannedUsers = Number(row.bannedUsers);
  return { totalUsers, activeUsers: totalUsers - bannedUsers, bannedUsers, admins: Number(row.admins) };
}

export async function listUsers(db: ForumDb, offset: number, limit: number) {
  return db
    .selectFrom("users")
    .selectAll()
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}
