// API tokens (issue 29): what a member chooses when making one, what the list shows, and the
// messages the server answers with. The token itself is shown once, on creation.
import { z } from "zod";
import { enumField, idField, requiredText } from "./fields";

/** Leaked tokens are recognisable by this prefix (secret scanners look for it). */
export const API_TOKEN_PREFIX = "forum_pat_";
export const API_TOKEN_SCOPES = ["read", "write"] as const;
export type ApiTokenScopeName = (typeof API_TOKEN_SCOPES)[number];
/** Expiry choices in days; "never" is a token without an expiry. */
export const API_TOKEN_EXPIRIES = ["30", "90", "365", "never"] as const;
export type ApiTokenExpiry = (typeof API_TOKEN_EXPIRIES)[number];
export const API_TOKEN_NAME_MAX = 60;
/** "last used" is written at most this often per token: a script's every call is not a write. */
export const API_TOKEN_LAST_USED_EVERY_MS = 60_000;

export const API_TOKEN_MESSAGES = {
  nameRequired: "Please give the token a name",
  unknown: "This API token is not valid",
  expired: "This API token has expired",
  revoked: "This API token has been revoked",
  readOnly: "This API token is read-only: it cannot make changes",
  sessionOnly:
    "API tokens cannot sign in, sign out, change a password, make API tokens or download your data: use the website",
  notFound: "API token not found",
} as const;

export const createApiTokenInput = z.object({
  name: requiredText("Name", API_TOKEN_MESSAGES.nameRequired, API_TOKEN_NAME_MAX),
  scope: enumField("scope", API_TOKEN_SCOPES),
  expiresInDays: enumField("expiresInDays", API_TOKEN_EXPIRIES),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenInput>;

export const apiTokenIdInput = z.object({ id: idField("id") });
export const userApiTokensInput = z.object({ userId: idField("userId") });

const timestamp = z.iso.datetime();

export const apiTokenViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  createdAt: timestamp,
  /** Null: never expires. */
  expiresAt: timestamp.nullable(),
  /** Null: never used. Updated at most once a minute. */
  lastUsedAt: timestamp.nullable(),
  revokedAt: timestamp.nullable(),
});
export type ApiTokenView = z.infer<typeof apiTokenViewSchema>;

/** The answer to creating a token: the only time its secret is shown. */
export const createdApiTokenSchema = apiTokenViewSchema.extend({
  token: z.string().describe(`The token (${API_TOKEN_PREFIX}…): shown this once, the forum keeps only its hash`),
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
