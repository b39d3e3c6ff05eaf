// The REST door: every documented /api path, as data. Each row names the procedure it calls and
// how the procedure's input is built from the path, the query string and the JSON body.
import type { ApiCaller } from "@forum/api";
import type { FastifyRequest } from "fastify";
import { readBulkUpload } from "./bulkUpload";

type Method = "GET" | "POST" | "PUT" | "DELETE";
export type Input = Record<string, unknown>;

export type RestRoute = {
  method: Method;
  url: string;
  /** Status on success; 200 unless the call creates something. */
  status?: number;
  call: (api: ApiCaller, input: Input) => Promise<unknown>;
  /** Which parts of the request make the input; "params" are always included. */
  from?: "query" | "body" | "none";
  /** Builds the input itself instead (a multipart upload); may call the API first. */
  read?: (request: FastifyRequest, api: ApiCaller) => Promise<Input>;
};

export const restRoutes: RestRoute[] = [
  // Session and account
  { method: "GET", url: "/api/user", from: "none", call: (api) => api.auth.me() },
  { method: "GET", url: "/api/auth/user", from: "none", call: (api) => api.auth.me() },
  { method: "POST", url: "/api/login", call: (api, input) => api.auth.login(input as never) },
  { method: "POST", url: "/api/register", status: 201, call: (api, input) => api.auth.register(input as never) },
  { method: "POST", url: "/api/logout", from: "none", call: (api) => api.auth.logout() },
  { method: "PUT", url: "/api/auth/change-password", call: (api, input) => api.auth.changePassword(input as never) },

  // Profiles
  { method: "GET", url: "/api/users/:username", from: "none", call: (api, input) => api.users.profile(input as never) },
  {
    method: "GET",
    url: "/api/users/:username/posts",
    from: "query",
    call: (api, input) => api.users.posts(input as never),
  },
  {
    method: "GET",
    url: "/api/users/:username/replies",
    from: "query",
    call: (api, input) => api.users.replies(input as never),
  },
  { method: "PUT", url: "/api/users/:id", call: (api, input) => api.users.update(input as never) },

  // Categories
  { method: "GET", url: "/api/categories", from: "none", call: (api) => api.categories.list() },
  {
    method: "GET",
    url: "/api/categories/:slug",
    from: "none",
    call: (api, input) => api.categories.bySlug(input as never),
  },
  { method: "POST", url: "/api/categories", status: 201, call: (api, input) => api.categories.create(input as never) },
  { method: "PUT", url: "/api/categories/:id", call: (api, input) => api.categories.update(input as never) },
  {
    method: "DELETE",
    url: "/api/categories/:id",
    from: "none",
    call: (api, input) => api.categories.delete(input as never),
  },
  { method: "GET", url: "/api/trending-topics", from: "none", call: (api) => api.categories.trendingTopics() },
  {
    method: "GET",
    url: "/api/rising-stars",
    from: "query",
    call: (api, input) => api.users.risingStars(input as never),
  },

  // Posts
  { method: "GET", url: "/api/posts", from: "query", call: (api, input) => api.posts.list(input as never) },
  { method: "POST", url: "/api/posts", status: 201, call: (api, input) => api.posts.create(input as never) },
  { method: "GET", url: "/api/posts/:slug", from: "none", call: (api, input) => api.posts.bySlug(input as never) },
  { method: "PUT", url: "/api/posts/:id", call: (api, input) => api.posts.update(input as never) },
  { method: "DELETE", url: "/api/posts/:id", from: "none", call: (api, input) => api.posts.delete(input as never) },

  // Replies
  {
    method: "GET",
    url: "/api/posts/:postId/replies",
    from: "query",
    call: (api, input) => api.replies.byPost(input as never),
  },
  {
    method: "POST",
    url: "/api/posts/:postId/replies",
    status: 201,
    call: (api, input) => api.replies.create(input as never),
  },
  { method: "PUT", url: "/api/replies/:id", call: (api, input) => api.replies.update(input as never) },
  { method: "DELETE", url: "/api/replies/:id", from: "none", call: (api, input) => api.replies.delete(input as never) },

  // Votes
  { method: "POST", url: "/api/votes", call: (api, input) => api.votes.cast(input as never) },

  // Ads
  { method: "GET", url: "/api/ads", from: "query", call: (api, input) => api.ads.list(input as never) },
  { method: "POST", url: "/api/ads", status: 201, call: (api, input) => api.ads.create(input as never) },
  { method: "PUT", url: "/api/ads/:id", call: (api, input) => api.ads.update(input as never) },
  { method: "DELETE", url: "/api/ads/:id", from: "none", call: (api, input) => api.ads.delete(input as never) },
  { method: "POST", url: "/api/ads/:id/track", call: (api, input) => api.ads.track(input as never) },
  { method: "GET", url: "/api/ad-settings", from: "none", call: (api) => api.ads.settings() },
  { method: "POST", url: "/api/ad-settings", call: (api, input) => api.ads.updateSettings(input as never) },

  // Admin
  { method: "GET", url: "/api/admin/stats", from: "none", call: (api) => api.admin.stats() },
  { method: "GET", url: "/api/admin/activity", from: "none", call: (api) => api.admin.activity() },
  { method: "GET", url: "/api/admin/recent-users", from: "none", call: (api) => api.admin.recentUsers() },
  { method: "GET", url: "/api/admin/recent-posts", from: "none", call: (api) => api.admin.recentPosts() },
  { method: "GET", url: "/api/admin/users", from: "query", call: (api, input) => api.admin.users(input as never) },
  { method: "GET", url: "/api/admin/user-stats", from: "none", call: (api) => api.admin.userStats() },
  { method: "PUT", url: "/api/admin/users/:id", call: (api, input) => api.admin.updateUser(input as never) },
  { method: "PUT", url: "/api/admin/users/:id/ban", call: (api, input) => api.admin.setBanned(input as never) },
  {
    method: "DELETE",
    url: "/api/admin/users/:id",
    from: "none",
    call: (api, input) => api.admin.deleteUser(input as never),
  },

  // Bulk import: a multipart form with the fields file and type (see bulkUpload.ts)
  {
    method: "POST",
    url: "/api/bulk-upload",
    read: readBulkUpload,
    call: (api, input) => api.bulk.upload(input as never),
  },
];

/** Path parameters win over body and query fields of the same name. */
export function inputOf(route: RestRoute, request: FastifyRequest): Input {
  const params = request.params as Input;
  const source = route.from ?? (route.method === "GET" || route.method === "DELETE" ? "query" : "body");
  if (source === "none") return { ...params };
  const extra = source === "query" ? request.query : request.body;
  if (extra === undefined || extra === null) return { ...params };
  if (typeof extra !== "object" || Array.isArray(extra)) {
    throw Object.assign(new Error("The request body must be a JSON object"), { statusCode: 400 });
  }
  return { ...(extra as Input), ...params };
}
