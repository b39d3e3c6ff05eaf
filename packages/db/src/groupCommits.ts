// How many write procedures each of the SQLite writer thread's group commits held
// (writerWorker.ts), counted in memory both threads share: the thread adds to it as it commits,
// with no message, and the metrics read it when scraped.

/** Upper bounds of the size buckets; the last is the writer's largest batch (MAX_BATCH). */
export const GROUP_COMMIT_BUCKETS = [1, 2, 4, 8, 16, 32, 64] as const;

const COUNT = GROUP_COMMIT_BUCKETS.length;
const SUM = COUNT + 1;

export type GroupCommitCounts = {
  /** Commits of at most each bucket's size (cumulative, as Prometheus's `le` buckets). */
  buckets: number[];
  /** Commits made. */
  count: number;
  /** Procedures committed in them. */
  sum: number;
};

export function createGroupCommitMemory(): SharedArrayBuffer {
  return new SharedArrayBuffer(BigInt64Array.BYTES_PER_ELEMENT * (SUM + 1));
}

/** The writer thread, after a group commit of `size` procedures. */
export function recordGroupCommit(memory: SharedArrayBuffer, size: number): void {
  const cells = new BigInt64Array(memory);
  const bucket = GROUP_COMMIT_BUCKETS.findIndex((bound) => size <= bound);
  Atomics.add(cells, bucket < 0 ? COUNT - 1 : bucket, 1n);
  Atomics.add(cells, COUNT, 1n);
  Atomics.add(cells, SUM, BigInt(size));
}

export function readGroupCommits(memory: SharedArrayBuffer): GroupCommitCounts {
  const cells = new BigInt64Array(memory);
  const buckets: number[] = [];
  let below = 0;
  for (let index = 0; index < COUNT; index++) {
    below += Number(Atomics.load(cells, index));
    buckets.push(below);
  }
  return { buckets, count: Number(Atomics.load(cells, COUNT)), sum: Number(Atomics.load(cells, SUM)) };
}
