// Scheduled backups (FORUM_BACKUP_EVERY): time is cut into periods of that length since the epoch,
// and each period's backup is a periodic_runs row ("backup", period) whose primary key lets one
// instance of many take it: the one whose insert made the row. The period's name carries the
// length, so changing FORUM_BACKUP_EVERY starts a new series rather than skipping a period.

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "24h", "30m", "7d" in ms; null when the text is not such a length or is under a minute. */
export function parseBackupInterval(text: string): number | null {
  const match = /^\s*(\d+)\s*([mhd])\s*$/i.exec(text);
  if (!match) return null;
  const ms = Number(match[1]) * UNIT_MS[(match[2] ?? "h").toLowerCase() as keyof typeof UNIT_MS];
  return ms >= UNIT_MS.m && Number.isSafeInteger(ms) ? ms : null;
}

/** The period `now` falls in: "86400000:20421" (its length and its number since the epoch). */
export function backupPeriod(now: number, everyMs: number): string {
  return `${everyMs}:${Math.floor(now / everyMs)}`;
}
