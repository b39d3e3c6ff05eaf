// One histogram observation per answered request, labelled by the route's template as Fastify
// matched it ("/api/posts/:id", never the address asked for: no ids, names or query strings in a
// label), its status class and its door. The series of each route are looked up once.
import { pageRoutePaths } from "@forum/contracts";
import type { FastifyInstance } from "fastify";
import type { ForumMetrics } from "./collector";
import type { TimingSeries } from "./timings";

export type Door = "rest" | "trpc" | "pages" | "other";

/** Requests that matched no route (a missing page or file, a made-up API path): one series for all. */
export const UNMATCHED_ROUTE = "(unmatched)";

export function doorOf(route: string, pages: ReadonlySet<string>): Door {
  if (route.startsWith("/api/")) return "rest";
  if (route.startsWith("/trpc/")) return "trpc";
  return pages.has(route) ? "pages" : "other";
}

export function observeRequests(app: FastifyInstance, metrics: ForumMetrics): void {
  const pages = new Set(pageRoutePaths());
  /** Per route template: its series by status class (1xx…5xx at 1…5), made when first seen. */
  const byRoute = new Map<string, Array<TimingSeries | undefined>>();
  const seriesOf = (route: string, statusClass: number): TimingSeries => {
    let classes = byRoute.get(route);
    if (!classes) {
      classes = [];
      byRoute.set(route, classes);
    }
    let series = classes[statusClass];
    if (!series) {
      series = metrics.requests.series({ route, status: `${statusClass}xx`, door: doorOf(route, pages) });
      classes[statusClass] = series;
    }
    return series;
  };
  app.addHook("onResponse", (request, reply, done) => {
    const statusClass = Math.min(5, Math.max(1, Math.floor(reply.statusCode / 100)));
    seriesOf(request.routeOptions.url ?? UNMATCHED_ROUTE, statusClass).observe(reply.elapsedTime / 1000);
    done();
  });
}
