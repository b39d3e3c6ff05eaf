// The server's Prometheus registry: what is measured as it happens (requests, database
// statements) and what is read from its sources when scraped (sources.ts). Created only with
// FORUM_METRICS=true: before the database opens, so its connections can report their statements.
import type { QueryObserver } from "@forum/db";
import { collectDefaultMetrics, Histogram, Registry } from "prom-client";

export type ForumMetrics = {
  registry: Registry;
  /** Request durations by route template, status class and door (requests.ts observes them). */
  requests: Histogram<"route" | "status" | "door">;
  /** Give it to the database as `onQuery`: each statement's time by kind. */
  observeQuery: QueryObserver;
};

export function createMetrics(): ForumMetrics {
  const registry = new Registry();
  // The process's memory, CPU, handles, garbage collection and event-loop delay (nodejs_*, process_*).
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: "forum_http_request_duration_seconds",
    help: "HTTP requests by route template, status class and door (rest, trpc, pages, other), with their time to answer",
    labelNames: ["route", "status", "door"] as const,
    // Cached reads answer in well under a millisecond; pages and writes in tens of them.
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const queries = new Histogram({
    name: "forum_db_query_duration_seconds",
    help: "Database statements run from the event loop, by kind (select, insert, update, delete, raw), with their time",
    labelNames: ["kind"] as const,
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  const byKind = new Map<string, ReturnType<typeof queries.labels>>();
  const observeQuery: QueryObserver = (kind, durationMs) => {
    let series = byKind.get(kind);
    if (!series) {
      series = queries.labels(kind);
      byKind.set(kind, series);
    }
    series.observe(durationMs / 1000);
  };
  return { registry, requests, observeQuery };
}
