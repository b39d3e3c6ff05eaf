// The server's Prometheus registry: what is measured as it happens (requests, database
// statements) and what is read from its sources when scraped (sources.ts). Created only with
// FORUM_METRICS=true: before the database opens, so its connections can report their statements.
import type { QueryKind, QueryObserver } from "@forum/db";
import { collectDefaultMetrics, Registry } from "prom-client";
import { type TimingSeries, Timings } from "./timings";

export type ForumMetrics = {
  registry: Registry;
  /** Request durations by route template, status class and door (requests.ts observes them). */
  requests: Timings;
  /** Give it to the database as `onQuery`: each statement's time by kind. */
  observeQuery: QueryObserver;
};

export function createMetrics(): ForumMetrics {
  const registry = new Registry();
  // The process's memory, CPU, handles, garbage collection and event-loop delay (nodejs_*, process_*).
  collectDefaultMetrics({ register: registry });
  const requests = new Timings(
    registry,
    "forum_http_request_duration_seconds",
    "HTTP requests by route template, status class and door (rest, trpc, pages, other), with their time to answer",
    // Cached reads answer in well under a millisecond; pages and writes in tens of them.
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  const queries = new Timings(
    registry,
    "forum_db_query_duration_seconds",
    "Database statements the server sent, by kind (select, insert, update, delete, raw, other), with their time",
    [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  );
  const byKind = new Map<QueryKind, TimingSeries>();
  const observeQuery: QueryObserver = (kind, durationMs) => {
    let series = byKind.get(kind);
    if (!series) {
      series = queries.series({ kind });
      byKind.set(kind, series);
    }
    series.observe(durationMs / 1000);
  };
  return { registry, requests, observeQuery };
}
