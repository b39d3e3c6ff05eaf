// A histogram of durations kept as plain numbers per series: observing is a bucket search and
// three additions, where prom-client's Histogram hashes the labels on every observation (about
// 1-3 µs each on this machine, measured: too much for every request of a read answered from the
// cache in ~100 µs). The series are made once per label set by their callers and kept.
import type { Registry } from "prom-client";
import { histogramValues, registerSnapshot } from "./snapshot";

export class TimingSeries {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    private readonly bounds: readonly number[],
    readonly labels: Record<string, string>,
  ) {
    this.counts = new Float64Array(bounds.length);
  }

  observe(seconds: number): void {
    const { bounds } = this;
    let index = 0;
    while (index < bounds.length && seconds > (bounds[index] as number)) index++;
    // Past the last bound: counted in +Inf only (the count).
    if (index < bounds.length) this.counts[index] = (this.counts[index] as number) + 1;
    this.sum += seconds;
    this.count++;
  }
}

export class Timings {
  private readonly all: TimingSeries[] = [];

  constructor(
    registry: Registry,
    private readonly name: string,
    help: string,
    private readonly bounds: readonly number[],
  ) {
    registerSnapshot(registry, name, "histogram", help, () =>
      this.all.flatMap((series) =>
        histogramValues(this.name, this.bounds, series.counts, series.sum, series.count, series.labels),
      ),
    );
  }

  /** A new series with these labels: call once per label set and keep it. */
  series(labels: Record<string, string>): TimingSeries {
    const series = new TimingSeries(this.bounds, labels);
    this.all.push(series);
    return series;
  }
}
