// The server's backups: the folder it writes them to (FORUM_BACKUP_DIR), how many it keeps
// (FORUM_BACKUP_KEEP), the scheduled ones (FORUM_BACKUP_EVERY), claimed once per period across
// instances (schedule.ts), and "Back up now" from the admin Backups screen. One backup at a time
// per process. takeNow() is the one place a backup is taken for an admin: the staff log hooks there.
import type { ForumDb } from "@forum/db";
import { type BackupFile, listBackups, pruneBackups } from "./files";
import { backupPeriod } from "./schedule";
import type { BackupSource } from "./source";
import { takeBackup } from "./take";

const JOB = "backup";
/** A period's backup claimed this long ago and not finished: its instance died; another takes it. */
const STALE_CLAIM_MS = 60 * 60_000;

export type BackupSettings = {
  source: BackupSource;
  dir: string;
  keep: number;
  /** FORUM_BACKUP_EVERY as written ("24h") and in ms; null: no scheduled backups. */
  every: { text: string; ms: number } | null;
  /** How often the schedule looks (ms; default a minute, or the period when shorter). */
  pollMs?: number;
  clock?: () => number;
  /** Told of every backup written: by an admin (their id) or by the schedule. */
  onTaken?: (backup: BackupFile, by: { adminId: number } | "schedule") => void | Promise<void>;
  onError?: (error: unknown) => void;
};

export class BackupInProgress extends Error {}

export class Backups {
  private running: Promise<BackupFile> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  readonly now: () => number;

  constructor(
    private readonly db: ForumDb,
    readonly settings: BackupSettings,
  ) {
    this.now = settings.clock ?? Date.now;
  }

  list(): Promise<BackupFile[]> {
    return listBackups(this.settings.dir);
  }

  /** A finished backup of the folder by name, or undefined. */
  async find(name: string): Promise<BackupFile | undefined> {
    return (await this.list()).find((file) => file.name === name);
  }

  /** "Back up now": admin `adminId` asked. Throws BackupInProgress while another is being written here. */
  async takeNow(adminId: number): Promise<BackupFile> {
    if (this.running) throw new BackupInProgress();
    const backup = await this.take();
    await this.settings.onTaken?.(backup, { adminId });
    return backup;
  }

  /** The scheduled backup of the current period, if no instance has taken it: the file, or null. */
  async runDue(): Promise<BackupFile | null> {
    const every = this.settings.every;
    if (!every || this.running) return null;
    const now = this.now();
    const period = backupPeriod(now, every.ms);
    if (!(await this.claim(period, now))) return null;
    const backup = await this.take();
    await this.db
      .updateTable("periodic_runs")
      .set({ finishedAt: this.now() })
      .where("job", "=", JOB)
      .where("period", "=", period)
      .execute();
    await this.settings.onTaken?.(backup, "schedule");
    return backup;
  }

  start(): void {
    if (!this.settings.every) return;
    this.stopped = false;
    const pollMs = this.settings.pollMs ?? Math.min(60_000, this.settings.every.ms);
    const poll = () => {
      this.timer = setTimeout(async () => {
        try {
          await this.runDue();
        } catch (error) {
          this.settings.onError?.(error);
        }
        if (!this.stopped) poll();
      }, pollMs);
      this.timer.unref();
    };
    poll();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  private take(): Promise<BackupFile> {
    this.running ??= (async () => {
      try {
        const backup = await takeBackup(this.settings.source, {
          dir: this.settings.dir,
          db: this.db,
          now: new Date(this.now()),
        });
        await pruneBackups(this.settings.dir, this.settings.keep);
        return backup;
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** Makes this instance the one that takes `period`'s backup: true when its insert (or takeover) won. */
  private async claim(period: string, now: number): Promise<boolean> {
    const inserted = await this.db
      .insertInto("periodic_runs")
      .values({ job: JOB, period, startedAt: now })
      .onConflict((conflict) => conflict.columns(["job", "period"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
    // A claim whose instance stopped before finishing: taken over by whoever moves its start first.
    const takenOver = await this.db
      .updateTable("periodic_runs")
      .set({ startedAt: now })
      .where("job", "=", JOB)
      .where("period", "=", period)
      .where("finishedAt", "is", null)
      .where("startedAt", "<", now - STALE_CLAIM_MS)
      .executeTakeFirst();
    return Number(takenOver.numUpdatedRows) === 1;
  }
}
