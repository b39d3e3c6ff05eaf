// Figures read from their sources when Prometheus scrapes, not counted per request: the
// database's connections, the caches' hit counts, the outboxes' rows and the open live streams.
import type { CacheCounts, LiveHub } from "@forum/api";
import {
  type DbHandle,
  type ForumDb,
  GROUP_COMMIT_BUCKETS,
  type MailState,
  type WebhookDeliveryState,
} from "@forum/db";
import type { Registry } from "prom-client";
import { histogramValues, registerSnapshot, type SnapshotValue as Value } from "./snapshot";

export type MetricSources = {
  database: DbHandle;
  /** Where the outboxes are counted (a read connection). */
  reader: ForumDb;
  cacheCounts: CacheCounts;
  live: LiveHub;
};

const MAIL_STATES: readonly MailState[] = ["kept", "queued", "sending", "sent", "failed"];
const DELIVERY_STATES: readonly WebhookDeliveryState[] = ["queued", "sending", "delivered", "failed"];

export function registerSources(registry: Registry, sources: MetricSources): void {
  const { database, reader, cacheCounts, live } = sources;

  registerSnapshot(
    registry,
    "forum_cache_hits_total",
    "counter",
    "Cache lookups answered from the cache, by cache",
    () => [...cacheCounts.entries()].map(([cache, count]) => ({ labels: { cache }, value: count.hits })),
  );
  registerSnapshot(registry, "forum_cache_misses_total", "counter", "Cache lookups that had to compute, by cache", () =>
    [...cacheCounts.entries()].map(([cache, count]) => ({ labels: { cache }, value: count.misses })),
  );

  registerSnapshot(registry, "forum_live_streams_open", "gauge", "Live event streams open on this instance", () => [
    { value: live.openStreams },
  ]);

  // A database that does not answer leaves these out: the rest of the figures still come.
  registerSnapshot(registry, "forum_outbox_items", "gauge", "Rows of the mail and webhook outboxes, by state", () =>
    outboxCounts(reader).catch(() => []),
  );

  if (database.engine === "sqlite") {
    registerSnapshot(
      registry,
      "forum_db_writer_queue",
      "gauge",
      "SQLite: statements and write procedures waiting for the writer thread",
      () => [{ value: database.usage().writerQueue ?? 0 }],
    );
    registerSnapshot(
      registry,
      "forum_db_group_commit_size",
      "histogram",
      "SQLite: write procedures committed together in one transaction by the writer thread",
      () => groupCommitValues(database),
    );
  } else {
    registerSnapshot(
      registry,
      "forum_db_pool_connections",
      "gauge",
      "PostgreSQL: the pool's connections, by state (in_use, idle), and its size (max)",
      () => {
        const pool = database.usage().pool;
        if (!pool) return [];
        return [
          { labels: { state: "in_use" }, value: pool.open - pool.idle },
          { labels: { state: "idle" }, value: pool.idle },
          { labels: { state: "max" }, value: pool.max },
        ];
      },
    );
    registerSnapshot(
      registry,
      "forum_db_pool_waiting",
      "gauge",
      "PostgreSQL: queries waiting for a connection of the pool",
      () => [{ value: database.usage().pool?.waiting ?? 0 }],
    );
  }
}

function groupCommitValues(database: DbHandle): Value[] {
  const commits = database.usage().groupCommits;
  if (!commits) return [];
  // The database counts cumulatively already; histogramValues adds up per-bucket counts.
  const perBucket = commits.buckets.map((below, index) => below - (commits.buckets[index - 1] ?? 0));
  return histogramValues("forum_db_group_commit_size", GROUP_COMMIT_BUCKETS, perBucket, commits.sum, commits.count);
}

/** Every state of each outbox, 0 included, so a graph shows the queue emptying rather than vanishing. */
async function outboxCounts(reader: ForumDb): Promise<Value[]> {
  const [mail, deliveries] = await Promise.all([
    reader
      .selectFrom("mail_outbox")
      .select((eb) => ["state", eb.fn.countAll<number>().as("count")])
      .groupBy("state")
      .execute(),
    reader
      .selectFrom("webhook_deliveries")
      .select((eb) => ["state", eb.fn.countAll<number>().as("count")])
      .groupBy("state")
      .execute(),
  ]);
  const counted = (outbox: string, states: readonly string[], rows: Array<{ state: string; count: number }>) =>
    states.map((state) => ({
      labels: { outbox, state },
      value: Number(rows.find((row) => row.state === state)?.count ?? 0),
    }));
  return [...counted("mail", MAIL_STATES, mail), ...counted("webhooks", DELIVERY_STATES, deliveries)];
}
