// The REST door: every /api path of the API, as data. Each row names the procedure it calls and
// how the procedure's input is built from the path, the query string and the JSON body. The
// OpenAPI document (/api/openapi.json) is generated from these rows and the procedures' docs
// (packages/api/src/procedureDocs.ts): a new row needs nothing else.
import { type ApiCaller, AppError, type ProcedurePath } from "@forum/api";
import type { FastifyRequest } from "fastify";
import { avatarUploadForm } from "./avatarUpload";
import { bulkUploadForm } from "./bulkUpload";

type Method = "GET" | "POST" | "PUT" | "DELETE";
export type Input = Record<string, unknown>;

/** A request body that is not JSON (a multipart upload): how to read it, and what it holds. */
export type BodyReader = {
  contentType: string;
  /** The body's fields as JSON Schema, for the OpenAPI document. */
  schema: Record<string, unknown>;
  /** Builds the procedure's input from the request; may call the API first. */
  read: (request: FastifyRequest, api: ApiCaller) => Promise<Input>;
};

export type RestRoute = {
  method: Method;
  url: string;
  /** Status on success; 200 unless the call creates something. */
  status?: number;
  /** The procedure it calls ("posts.list"), the same the tRPC door serves under that name. */
  procedure: ProcedurePath;
  /** Which parts of the request make the input; "params" are always included. */
  from?: "query" | "body" | "none";
  /** Reads a body that is not JSON into the input instead. */
  body?: BodyReader;
};

export const restRoutes: RestRoute[] = [
  // Session and account
  { method: "GET", url: "/api/user", from: "none", procedure: "auth.me" },
  { method: "GET", url: "/api/auth/user", from: "none", procedure: "auth.me" },
  { method: "POST", url: "/api/login", procedure: "auth.login" },
  { method: "POST", url: "/api/register", status: 201, procedure: "auth.register" },
  { method: "POST", url: "/api/logout", from: "none", procedure: "auth.logout" },
  { method: "PUT", url: "/api/auth/change-password", procedure: "auth.changePassword" },

  // Profiles
  { method: "GET", url: "/api/users/:username", from: "none", procedure: "users.profile" },
  {
    method: "GET",
    url: "/api/users/:username/posts",
    from: "query",
    procedure: "users.posts",
  },
  {
    method: "GET",
    url: "/api/users/:username/replies",
    from: "query",
    procedure: "users.replies",
  },
  { method: "PUT", url: "/api/users/:id", procedure: "users.update" },
  { method: "GET", url: "/api/users/me/preferences", from: "none", procedure: "users.preferences" },
  { method: "PUT", url: "/api/users/me/preferences", procedure: "users.updatePreferences" },
  // The caller's avatar: a multipart form with the field avatar (see avatarUpload.ts)
  { method: "POST", url: "/api/users/me/avatar", body: avatarUploadForm, procedure: "users.setAvatar" },
  { method: "DELETE", url: "/api/users/me/avatar", from: "none", procedure: "users.deleteAvatar" },

  // Search
  { method: "GET", url: "/api/search", from: "query", procedure: "search.posts" },
  { method: "GET", url: "/api/search/count", from: "query", procedure: "search.count" },

  // Notifications (the caller's own)
  { method: "GET", url: "/api/notifications", from: "query", procedure: "notifications.list" },
  { method: "GET", url: "/api/notifications/unread-count", from: "none", procedure: "notifications.unreadCount" },
  { method: "POST", url: "/api/notifications/read", procedure: "notifications.markRead" },

  // Categories
  { method: "GET", url: "/api/categories", from: "none", procedure: "categories.list" },
  {
    method: "GET",
    url: "/api/categories/:slug",
    from: "none",
    procedure: "categories.bySlug",
  },
  { method: "POST", url: "/api/categories", status: 201, procedure: "categories.create" },
  { method: "PUT", url: "/api/categories/:id", procedure: "categories.update" },
  {
    method: "DELETE",
    url: "/api/categories/:id",
    from: "none",
    procedure: "categories.delete",
  },
  { method: "GET", url: "/api/trending-topics", from: "none", procedure: "categories.trendingTopics" },
  {
    method: "GET",
    url: "/api/rising-stars",
    from: "query",
    procedure: "users.risingStars",
  },

  // Posts
  { method: "GET", url: "/api/posts", from: "query", procedure: "posts.list" },
  { method: "POST", url: "/api/posts", status: 201, procedure: "posts.create" },
  { method: "GET", url: "/api/posts/:slug", from: "none", procedure: "posts.bySlug" },
  { method: "PUT", url: "/api/posts/:id", procedure: "posts.update" },
  { method: "DELETE", url: "/api/posts/:id", from: "none", procedure: "posts.delete" },

  // Replies
  {
    method: "GET",
    url: "/api/posts/:postId/replies",
    from: "query",
    procedure: "replies.byPost",
  },
  {
    method: "POST",
    url: "/api/posts/:postId/replies",
    status: 201,
    procedure: "replies.create",
  },
  { method: "PUT", url: "/api/replies/:id", procedure: "replies.update" },
  { method: "DELETE", url: "/api/replies/:id", from: "none", procedure: "replies.delete" },

  // Votes
  { method: "POST", url: "/api/votes", procedure: "votes.cast" },

  // Reports: members report; moderators and admins handle them
  { method: "POST", url: "/api/reports", status: 201, procedure: "reports.create" },
  { method: "GET", url: "/api/admin/reports", from: "none", procedure: "reports.open" },
  { method: "GET", url: "/api/admin/reports/count", from: "none", procedure: "reports.openCount" },
  { method: "POST", url: "/api/admin/reports/resolve", procedure: "reports.resolve" },

  // Ads
  { method: "GET", url: "/api/ads", from: "query", procedure: "ads.list" },
  { method: "POST", url: "/api/ads", status: 201, procedure: "ads.create" },
  { method: "PUT", url: "/api/ads/:id", procedure: "ads.update" },
  { method: "DELETE", url: "/api/ads/:id", from: "none", procedure: "ads.delete" },
  { method: "POST", url: "/api/ads/:id/track", status: 204, procedure: "ads.track" },
  { method: "GET", url: "/api/ad-settings", from: "none", procedure: "ads.settings" },
  { method: "POST", url: "/api/ad-settings", procedure: "ads.updateSettings" },

  // Admin
  { method: "GET", url: "/api/admin/stats", from: "none", procedure: "admin.stats" },
  { method: "GET", url: "/api/admin/activity", from: "none", procedure: "admin.activity" },
  { method: "GET", url: "/api/admin/recent-users", from: "none", procedure: "admin.recentUsers" },
  { method: "GET", url: "/api/admin/recent-posts", from: "none", procedure: "admin.recentPosts" },
  { method: "GET", url: "/api/admin/users", from: "query", procedure: "admin.users" },
  { method: "GET", url: "/api/admin/user-stats", from: "none", procedure: "admin.userStats" },
  { method: "GET", url: "/api/admin/limits", from: "none", procedure: "admin.limits" },
  { method: "PUT", url: "/api/admin/users/:id", procedure: "admin.updateUser" },
  { method: "PUT", url: "/api/admin/users/:id/ban", procedure: "admin.setBanned" },
  {
    method: "DELETE",
    url: "/api/admin/users/:id",
    from: "none",
    procedure: "admin.deleteUser",
  },

  // Bulk import: a multipart form with the fields file and type (see bulkUpload.ts)
  {
    method: "POST",
    url: "/api/bulk-upload",
    body: bulkUploadForm,
    procedure: "bulk.upload",
  },
];

/** Where a route's input comes from besides its path. */
export function inputSourceOf(route: RestRoute): "query" | "body" | "none" {
  return route.from ?? (route.method === "GET" || route.method === "DELETE" ? "query" : "body");
}

/** Path parameters win over body and query fields of the same name. */
export function inputOf(route: RestRoute, request: FastifyRequest): Input {
  const params = request.params as Input;
  const source = inputSourceOf(route);
  if (source === "none") return { ...params };
  const extra = source === "query" ? request.query : request.body;
  if (extra === undefined || extra === null) return { ...params };
  if (typeof extra !== "object" || Array.isArray(extra)) {
    throw new AppError("BAD_REQUEST", "The request body must be a JSON object");
  }
  return { ...(extra as Input), ...params };
}
