// Members' API tokens (issue 29): `forum_pat_` and 256 random bits, base64url. Only the SHA-256 is
// stored, like sessions and mailed links, so a copy of the database cannot be replayed. A request
// with `Authorization: Bearer <token>` is that member, with the token's scope; the lookup is one
// primary-key read per request (nothing cached), so a revoke, a ban or a deleted account counts
// from the very next request on every instance.
import { randomBytes } from "node:crypto";
import {
  API_TOKEN_LAST_USED_EVERY_MS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  type ApiTokenExpiry,
  type ApiTokenView,
  MESSAGES,
} from "@forum/contracts";
import { type ApiTokenScope, compiledOnce, type ForumDb } from "@forum/db";
import { notFound } from "../errors";
import { iso } from "../services/mappers";
import type { SessionUser } from "./sessions";
import { tokenHash } from "./tokenHash";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a request's Bearer token gives it besides its member. */
export type ApiTokenAuth = { id: number; scope: ApiTokenScope };

export type ResolvedApiToken = { ok: true; user: SessionUser; token: ApiTokenAuth } | { ok: false; message: string };

/** The token of an `Authorization: Bearer …` header, or undefined when the header is not one. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

const tokenAndUser = compiledOnce(["hash"], (db, a: { hash: string }) =>
  db
    .selectFrom("api_tokens")
    .innerJoin("users", "users.id", "api_tokens.userId")
    .select([
      "api_tokens.id",
      "api_tokens.userId",
      "api_tokens.scope",
      "api_tokens.expiresAt",
      "api_tokens.lastUsedAt",
      "api_tokens.revokedAt",
      "users.username",
      "users.role",
      "users.banned",
      "users.totpEnabledAt",
    ])
    .where("api_tokens.tokenHash", "=", a.hash),
);

/**
 * The member and scope a Bearer token stands for, or why it does not work (401's message). Marks
 * it used when its last use was over a minute ago: at most one write a minute per token.
 */
export async function resolveApiToken(
  db: ForumDb,
  token: string,
  now: number,
  reader: ForumDb = db,
): Promise<ResolvedApiToken> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return { ok: false, message: API_TOKEN_MESSAGES.unknown };
  const [row] = (await reader.executeQuery(tokenAndUser(reader, { hash: tokenHash(token) }))).rows;
  if (!row) return { ok: false, message: API_TOKEN_MESSAGES.unknown };
  if (row.revokedAt !== null) return { ok: false, message: API_TOKEN_MESSAGES.revoked };
  if (row.expiresAt !== null && Number(row.expiresAt) <= now) return { ok: false, message: API_TOKEN_MESSAGES.expired };
  if (row.banned === 1) return { ok: false, message: MESSAGES.banned };
  if (row.lastUsedAt === null || now - Number(row.lastUsedAt) >= API_TOKEN_LAST_USED_EVERY_MS) {
    // Conditional, so two instances marking the same minute write once.
    await db
      .updateTable("api_tokens")
      .set({ lastUsedAt: now })
      .where("id", "=", row.id)
      .where((eb) => eb.or([eb("lastUsedAt", "is", null), eb("lastUsedAt", "<=", now - API_TOKEN_LAST_USED_EVERY_MS)]))
      .execute();
  }
  return {
    ok: true,
    user: {
      id: row.userId,
      username: row.username,
      role: row.role,
      banned: false,
      twoStep: row.totpEnabledAt !== null,
    },
    token: { id: row.id, scope: row.scope },
  };
}

const columns = ["id", "name", "scope", "createdAt", "expiresAt", "lastUsedAt", "revokedAt"] as const;

type TokenRow = {
  id: number;
  name: string;
  scope: ApiTokenScope;
  createdAt: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
  revokedAt: number | null;
};

const isoOrNull = (ms: number | null) => (ms === null ? null : iso(Number(ms)));

function toApiTokenView(row: TokenRow): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: iso(Number(row.createdAt)),
    expiresAt: isoOrNull(row.expiresAt),
    lastUsedAt: isoOrNull(row.lastUsedAt),
    revokedAt: isoOrNull(row.revokedAt),
  };
}

/** A new token for the member; its secret is in the answer and nowhere else. */
export async function createApiToken(
  db: ForumDb,
  userId: number,
  input: { name: string; scope: ApiTokenScope; expiresInDays: ApiTokenExpiry },
  now: number,
): Promise<ApiTokenView & { token: string }> {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const expiresAt = input.expiresInDays === "never" ? null : now + Number(input.expiresInDays) * DAY_MS;
  const row = await db
    .insertInto("api_tokens")
    .values({ userId, name: input.name, scope: input.scope, tokenHash: tokenHash(token), createdAt: now, expiresAt })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return { ...toApiTokenView(row), token };
}

/** A member's tokens, newest first, revoked ones included (the list says so). */
export async function listApiTokens(db: ForumDb, userId: number): Promise<ApiTokenView[]> {
  const rows = await db
    .selectFrom("api_tokens")
    .select(columns)
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toApiTokenView);
}

/**
 * Revokes a token (the member's own when `userId` is given, any for an admin). Revoking twice
 * keeps the first time. 404 when there is no such token (of that member).
 */
export async function revokeApiToken(
  db: ForumDb,
  id: number,
  userId: number | undefined,
  now: number,
): Promise<ApiTokenView> {
  let query = db.updateTable("api_tokens").set((eb) => ({ revokedAt: eb.fn.coalesce("revokedAt", eb.val(now)) }));
  query = query.where("id", "=", id);
  if (userId !== undefined) query = query.where("userId", "=", userId);
  const row = await query.returning(columns).executeTakeFirst();
  if (!row) throw notFound(API_TOKEN_MESSAGES.notFound);
  return toApiTokenView(row);
}
