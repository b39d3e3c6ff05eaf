// A metric whose values are read at scrape time, all at once, from whatever keeps them: prom-client
// asks each registered metric for its values, and this one answers them from `values`.
import type { Metric, MetricValue, Registry } from "prom-client";

export type SnapshotValue = { value: number; labels?: Record<string, string>; metricName?: string };

export function registerSnapshot(
  registry: Registry,
  name: string,
  type: "counter" | "gauge" | "histogram",
  help: string,
  values: () => SnapshotValue[] | Promise<SnapshotValue[]>,
): void {
  const metric = {
    name,
    help,
    type,
    aggregator: "sum",
    get: async () => ({ name, help, type, aggregator: "sum", values: (await values()) as MetricValue<string>[] }),
  };
  registry.registerMetric(metric as unknown as Metric);
}

/** A histogram's values in Prometheus's form: cumulative `le` buckets, then `_sum` and `_count`. */
export function histogramValues(
  name: string,
  bounds: readonly number[],
  counts: ArrayLike<number>,
  sum: number,
  count: number,
  labels: Record<string, string> = {},
): SnapshotValue[] {
  const values: SnapshotValue[] = [];
  let below = 0;
  for (let index = 0; index < bounds.length; index++) {
    below += counts[index] ?? 0;
    values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: String(bounds[index]) }, value: below });
  }
  values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: "+Inf" }, value: count });
  values.push({ metricName: `${name}_sum`, labels, value: sum });
  values.push({ metricName: `${name}_count`, labels, value: count });
  return values;
}
