// Frozen once landed: later changes go in a new numbered migration.
import { type Kysely, sql } from "kysely";
import { columnTypes } from "./columns";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("users")
    .addColumn("id", "integer", types.id)
    .addColumn("username", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("passwordHash", "text", (col) => col.notNull())
    .addColumn("firstName", "text")
    .addColumn("lastName", "text")
    .addColumn("bio", "text")
    .addColumn("website", "text")
    .addColumn("location", "text")
    .addColumn("role", "text", (col) =>
      col.notNull().defaultTo("user").check(sql`role in ('user', 'moderator', 'admin')`),
    )
    .addColumn("banned", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("profileImageUrl", "text")
    .addColumn("preferences", "text")
    .addColumn("createdAt", types.time, (col) => col.notNull())
    .execute();
  // Case-insensitive uniqueness: "Alice" and "alice" are the same member.
  await db.schema.createIndex("users_username_unique").on("users").unique().expression(sql`lower(username)`).execute();
  await db.schema.createIndex("users_email_unique").on("users").unique().expression(sql`lower(email)`).execute();
  await db.schema.createIndex("users_created").on("users").columns(["createdAt desc", "id desc"]).execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("userId", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expiresAt", types.time, (col) => col.notNull())
    .addColumn("createdAt", types.time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("userId").execute();

  await db.schema
    .createTable("categories")
    .addColumn("id", "integer", types.id)
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("description", "text")
    .addColumn("color", "text", (col) => col.notNull().defaultTo("#3b82f6"))
    .addColumn("postCount", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("createdAt", types.time, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("posts")
    .addColumn("id", "integer", types.id)
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("excerpt", "text")
    // No cascade: a category with posts cannot be deleted (the API answers 409).
    .addColumn("categoryId", "integer", (col) => col.notNull().references("categories.id"))
    .addColumn("authorId", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("featured", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("views", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("replyCount", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("upvotes", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("downvotes", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("score", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("hotScore", types.double, (col) => col.notNull())
    .addColumn("controversialScore", types.double, (col) => col.notNull().defaultTo(0))
    .addColumn("createdAt", types.time, (col) => col.notNull())
    .addColumn("updatedAt", types.time, (col) => col.notNull())
    .execute();
  // One index per sort, globally and within a category, so every list page is an index walk.
  const sorts = {
    hot: "hotScore",
    new: "createdAt",
    top: "score",
    controversial: "controversialScore",
    replies: "replyCount",
  };
  for (const [name, column] of Object.entries(sorts)) {
    await db.schema
      .createIndex(`posts_${name}`)
      .on("posts")
      .columns([`${column} desc`, "id desc"])
      .execute();
    await db.schema
      .createIndex(`posts_category_${name}`)
      .on("posts")
      .columns(["categoryId", `${column} desc`, "id desc"])
      .execute();
  }
  await db.schema.createIndex("posts_author").on("posts").columns(["authorId", "createdAt desc", "id desc"]).execute();

  await db.schema
    .createTable("replies")
    .addColumn("id", "integer", types.id)
    .addColumn("postId", "integer", (col) => col.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("authorId", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("upvotes", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("downvotes", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("createdAt", types.time, (col) => col.notNull())
    .addColumn("updatedAt", types.time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("replies_post").on("replies").columns(["postId", "createdAt", "id"]).execute();
  await db.schema
    .createIndex("replies_author")
    .on("replies")
    .columns(["authorId", "createdAt desc", "id desc"])
    .execute();

  await db.schema
    .createTable("votes")
    .addColumn("id", "integer", types.id)
    .addColumn("userId", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("postId", "integer", (col) => col.references("posts.id").onDelete("cascade"))
    .addColumn("replyId", "integer", (col) => col.references("replies.id").onDelete("cascade"))
    .addColumn("value", "integer", (col) => col.notNull().check(sql`value in (1, -1)`))
    .addColumn("createdAt", types.time, (col) => col.notNull())
    .addCheckConstraint("votes_one_target", sql`("postId" is null) <> ("replyId" is null)`)
    .execute();
  await db.schema
    .createIndex("votes_user_post")
    .on("votes")
    .columns(["userId", "postId"])
    .unique()
    .where(sql.ref("postId"), "is not", null)
    .execute();
  await db.schema
    .createIndex("votes_user_reply")
    .on("votes")
    .columns(["userId", "replyId"])
    .unique()
    .where(sql.ref("replyId"), "is not", null)
    .execute();
  await db.schema.createIndex("votes_post").on("votes").columns(["postId", "createdAt"]).execute();
  await db.schema.createIndex("votes_reply").on("votes").column("replyId").execute();

  await db.schema
    .createTable("advertisements")
    .addColumn("id", "integer", types.id)
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("placement", "text", (col) => col.notNull())
    .addColumn("dimensions", "text")
    .addColumn("active", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("impressions", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("clickCount", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("createdAt", types.time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("ads_placement").on("advertisements").columns(["placement", "active", "id"]).execute();

  await db.schema
    .createTable("adSettings")
    .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn("enableAds", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("adsensePubId", "text")
    .addColumn("adsBetweenPosts", "integer", (col) => col.notNull().defaultTo(3))
    .execute();
  await db.insertInto("adSettings").values({ id: 1, enableAds: 0, adsensePubId: null, adsBetweenPosts: 3 }).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "adSettings",
    "advertisements",
    "votes",
    "replies",
    "posts",
    "categories",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
