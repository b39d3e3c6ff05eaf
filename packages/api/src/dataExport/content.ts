// What a member's "Download my data" zip holds: one JSON file per kind of thing the forum keeps of
// them, with the fields a member would look for (ids, titles, texts, dates as ISO strings,
// category names, the post a reply or vote belongs to), and their avatar image. Never a secret:
// no password hash, session or token hash, two-step secret or recovery code is read here at all
// (the columns are named, never `selectAll`), so a new secret column cannot slip in.
import type { DATA_EXPORT_FILES } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { type AsyncZippable, strToU8, zip } from "fflate";
import { iso, preferencesOf } from "../services/mappers";

const isoOrNull = (ms: number | null) => (ms === null ? null : iso(Number(ms)));
const flag = (value: number) => Number(value) === 1;

export type BuiltExport = { fileName: string; zip: Uint8Array };

/** The file name a member's browser saves: forum-data-<username>-<yyyy-mm-dd>.zip. */
export function exportFileName(username: string, now: number): string {
  const safe = username.replace(/[^A-Za-z0-9_-]/g, "_");
  return `forum-data-${safe}-${iso(now).slice(0, 10)}.zip`;
}

/** Reads everything of the member's and zips it; `linkBase` makes each post's address absolute. */
export async function buildDataExport(
  db: ForumDb,
  userId: number,
  now: number,
  linkBase: string,
): Promise<BuiltExport> {
  const files = await exportFiles(db, userId, now, linkBase);
  const zippable: AsyncZippable = {};
  for (const [name, content] of Object.entries(files.json)) {
    zippable[name] = strToU8(`${JSON.stringify(content, null, 2)}\n`);
  }
  if (files.avatar) zippable[files.avatar.name] = [files.avatar.bytes, { level: 0 }];
  return { fileName: exportFileName(files.username, now), zip: await zipped(zippable, now) };
}

/**
 * fflate's asynchronous zip: small files are deflated at once, large ones (from 160 kB) on worker
 * threads, so a prolific member's export does not hold up this instance's requests meanwhile.
 */
function zipped(files: AsyncZippable, mtime: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    zip(files, { level: 6, mtime }, (error, data) => (error ? reject(error) : resolve(data)));
  });
}

type ExportFiles = {
  username: string;
  json: Record<(typeof DATA_EXPORT_FILES)[number], unknown>;
  avatar: { name: string; bytes: Uint8Array } | null;
};

async function exportFiles(db: ForumDb, userId: number, now: number, linkBase: string): Promise<ExportFiles> {
  const user = await db
    .selectFrom("users")
    .select([
      "id",
      "username",
      "email",
      "emailConfirmedAt",
      "pendingEmail",
      "firstName",
      "lastName",
      "bio",
      "website",
      "location",
      "role",
      "banned",
      "profileImageUrl",
      "preferences",
      "createdAt",
      "totpEnabledAt",
    ])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();

  const posts = await db
    .selectFrom("posts")
    .innerJoin("categories", "categories.id", "posts.categoryId")
    .select([
      "posts.id",
      "posts.slug",
      "posts.title",
      "posts.content",
      "posts.excerpt",
      "posts.categoryId",
      "categories.name as categoryName",
      "posts.createdAt",
      "posts.updatedAt",
      "posts.editedAt",
      "posts.upvotes",
      "posts.downvotes",
      "posts.replyCount",
      "posts.views",
      "posts.pinned",
      "posts.locked",
    ])
    .where("posts.authorId", "=", userId)
    .orderBy("posts.id")
    .execute();

  const replies = await db
    .selectFrom("replies")
    .innerJoin("posts", "posts.id", "replies.postId")
    .select([
      "replies.id",
      "replies.postId",
      "posts.title as postTitle",
      "posts.slug as postSlug",
      "replies.replyToId",
      "replies.content",
      "replies.createdAt",
      "replies.updatedAt",
      "replies.editedAt",
      "replies.upvotes",
      "replies.downvotes",
    ])
    .where("replies.authorId", "=", userId)
    .orderBy("replies.id")
    .execute();

  const votes = await db
    .selectFrom("votes")
    .leftJoin("replies", "replies.id", "votes.replyId")
    .leftJoin("posts", (join) => join.on((eb) => eb("posts.id", "=", eb.fn.coalesce("votes.postId", "replies.postId"))))
    .select([
      "votes.id",
      "votes.value",
      "votes.postId",
      "votes.replyId",
      "posts.id as onPostId",
      "posts.title as postTitle",
      "votes.createdAt",
    ])
    .where("votes.userId", "=", userId)
    .orderBy("votes.id")
    .execute();

  const notifications = await db
    .selectFrom("notifications")
    .innerJoin("users as actor", "actor.id", "notifications.actorId")
    .innerJoin("posts", "posts.id", "notifications.postId")
    .select([
      "notifications.id",
      "notifications.type",
      "actor.username as actorUsername",
      "notifications.postId",
      "posts.title as postTitle",
      "notifications.replyId",
      "notifications.read",
      "notifications.createdAt",
    ])
    .where("notifications.userId", "=", userId)
    .orderBy("notifications.id")
    .execute();

  const avatar = await db
    .selectFrom("avatars")
    .select(["image", "contentType"])
    .where("userId", "=", userId)
    .executeTakeFirst();

  const postUrl = (slug: string) => `${linkBase}/posts/${slug}`;
  return {
    username: user.username,
    json: {
      "profile.json": {
        exportedAt: iso(now),
        id: user.id,
        username: user.username,
        email: user.email,
        emailConfirmedAt: isoOrNull(user.emailConfirmedAt),
        pendingEmail: user.pendingEmail,
        firstName: user.firstName,
        lastName: user.lastName,
        bio: user.bio,
        website: user.website,
        location: user.location,
        role: user.role,
        banned: flag(user.banned),
        avatar: user.profileImageUrl,
        createdAt: iso(Number(user.createdAt)),
        twoStepSignIn: { enabled: user.totpEnabledAt !== null, since: isoOrNull(user.totpEnabledAt) },
      },
      "preferences.json": preferencesOf(user.preferences),
      "posts.json": posts.map((post) => ({
        id: post.id,
        title: post.title,
        url: postUrl(post.slug),
        content: post.content,
        excerpt: post.excerpt,
        category: { id: post.categoryId, name: post.categoryName },
        createdAt: iso(Number(post.createdAt)),
        updatedAt: iso(Number(post.updatedAt)),
        editedAt: isoOrNull(post.editedAt),
        upvotes: Number(post.upvotes),
        downvotes: Number(post.downvotes),
        replyCount: Number(post.replyCount),
        views: Number(post.views),
        pinned: flag(post.pinned),
        locked: flag(post.locked),
      })),
      "replies.json": replies.map((reply) => ({
        id: reply.id,
        post: { id: reply.postId, title: reply.postTitle, url: postUrl(reply.postSlug) },
        replyToId: reply.replyToId,
        content: reply.content,
        createdAt: iso(Number(reply.createdAt)),
        updatedAt: iso(Number(reply.updatedAt)),
        editedAt: isoOrNull(reply.editedAt),
        upvotes: Number(reply.upvotes),
        downvotes: Number(reply.downvotes),
      })),
      "votes.json": votes.map((vote) => ({
        id: vote.id,
        vote: Number(vote.value) === 1 ? "up" : "down",
        on: vote.replyId === null ? "post" : "reply",
        postId: vote.onPostId,
        postTitle: vote.postTitle,
        replyId: vote.replyId,
        createdAt: iso(Number(vote.createdAt)),
      })),
      "notifications.json": notifications.map((notification) => ({
        id: notification.id,
        type: notification.type,
        from: notification.actorUsername,
        post: { id: notification.postId, title: notification.postTitle },
        replyId: notification.replyId,
        read: flag(notification.read),
        createdAt: iso(Number(notification.createdAt)),
      })),
    },
    avatar: avatar ? { name: `avatar.${extensionOf(avatar.contentType)}`, bytes: bytesOf(avatar.image) } : null,
  };
}

function extensionOf(contentType: string): string {
  const subtype = contentType.split("/")[1]?.split(";")[0]?.trim() ?? "";
  return /^[a-z0-9]+$/.test(subtype) ? (subtype === "jpeg" ? "jpg" : subtype) : "bin";
}

/** Both drivers hand back a Buffer; a plain Uint8Array view is what the zip writer takes. */
function bytesOf(image: Uint8Array): Uint8Array {
  return new Uint8Array(image.buffer, image.byteOffset, image.byteLength);
}
