// When failed work of an outbox (a mail, a webhook delivery) is tried again: pauses that grow (1, 2, 4 … minutes, at most an hour, with
// some jitter so instances that failed together do not retry together), for at least a day.
// SMTP servers' own queues give up after days; a day covers a mail server's outage or a
// configuration fixed the next morning, and a reset link has long expired by then anyway.

const MINUTE_MS = 60_000;

/** A mail that still fails this long after it was queued is given up (state "failed"). */
export const GIVE_UP_AFTER_MS = 24 * 60 * MINUTE_MS;

/** The pause after the `attempts`-th failed attempt (1 for the first). */
export function retryPauseMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(60 * MINUTE_MS, MINUTE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + 0.2 * random()));
}
