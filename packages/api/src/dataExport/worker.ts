// The data exports' builder (outbox/worker.ts claims, leases and runs): each due export is built
// (content.ts) outside any transaction and stored in its row, once, whichever instance claims it:
// the claim is a lease, and the result is written only while this worker's claim (its attempt
// number) still holds the row. A build that fails is tried again after a growing pause, three
// times in all, then the export is "failed" and the member may ask again. Each run first deletes
// the files whose week is over.
import { DATA_EXPORT_KEPT_MS } from "@forum/contracts";
import { claimingRows, type ForumDb } from "@forum/db";
import type { Mailer } from "../mail/mailer";
import { linkTo } from "../mail/outbox";
import { retryPauseMs } from "../outbox/retry";
import { OutboxWorker, type OutboxWorkerOptions } from "../outbox/worker";
import { siteName } from "../services/site";
import { buildDataExport } from "./content";

/** Longer than a build can take, so a lease never ends mid-build. */
export const DATA_EXPORT_LEASE_MS = 10 * 60_000;
/** Builds tried before an export is given up. */
export const DATA_EXPORT_MAX_ATTEMPTS = 3;

export type DataExportWorkerOptions = OutboxWorkerOptions & {
  /** Told each failed build (the server logs it). */
  onFailure?: (failure: { id: number; userId: number; attempts: number; error: string }) => void;
};

type ClaimedExport = { id: number; userId: number; attempts: number };

export class DataExportWorker extends OutboxWorker<ClaimedExport> {
  constructor(
    private readonly db: ForumDb,
    private readonly mail: Mailer,
    private readonly options: DataExportWorkerOptions = {},
  ) {
    super(options);
  }

  /** Ready exports whose week is over lose their file; the row stays, so the member sees "expired". */
  protected override async tidy(): Promise<void> {
    await this.db
      .updateTable("data_exports")
      .set({ state: "expired", file: null })
      .where("state", "=", "ready")
      .where("expiresAt", "<=", this.now())
      .execute();
  }

  /** One due export at a time (a build reads all of a member's writing), leased to this worker. */
  protected async claim(): Promise<ClaimedExport[]> {
    const now = this.now();
    const due = claimingRows(
      this.db,
      this.db
        .selectFrom("data_exports")
        .select("id")
        .where("state", "in", ["queued", "building"])
        .where("nextAttemptAt", "<=", now)
        .orderBy("nextAttemptAt")
        .orderBy("id")
        .limit(1),
    );
    const rows = await this.db
      .updateTable("data_exports")
      .set((eb) => ({ state: "building", nextAttemptAt: now + DATA_EXPORT_LEASE_MS, attempts: eb("attempts", "+", 1) }))
      .where("id", "in", due)
      // Checked again on the row itself: a row another worker claimed meanwhile is no longer due.
      .where("state", "in", ["queued", "building"])
      .where("nextAttemptAt", "<=", now)
      .returning(["id", "userId", "attempts"])
      .execute();
    return rows.map((row) => ({ id: row.id, userId: row.userId, attempts: Number(row.attempts) }));
  }

  protected async deliver(claimed: ClaimedExport): Promise<void> {
    let built: Awaited<ReturnType<typeof buildDataExport>>;
    try {
      built = await buildDataExport(this.db, claimed.userId, this.now(), this.mail.site.linkBase);
    } catch (failure) {
      const error = failure instanceof Error ? failure.message : String(failure);
      const gaveUp = claimed.attempts >= DATA_EXPORT_MAX_ATTEMPTS;
      await this.leased(this.db, claimed)
        .set({
          state: gaveUp ? "failed" : "queued",
          nextAttemptAt: this.now() + retryPauseMs(claimed.attempts),
          lastError: error.slice(0, 1000),
        })
        .execute();
      this.options.onFailure?.({ ...claimed, error });
      return;
    }
    const now = this.now();
    const mailed = await this.db.transaction().execute(async (trx) => {
      const stored = await this.leased(trx, claimed)
        .set({
          state: "ready",
          file: built.zip,
          fileName: built.fileName,
          sizeBytes: built.zip.byteLength,
          readyAt: now,
          expiresAt: now + DATA_EXPORT_KEPT_MS,
          lastError: null,
        })
        .executeTakeFirst();
      // Replaced by a newer request, or claimed again after this lease ran out: nothing to tell.
      if (Number(stored.numUpdatedRows) === 0) return false;
      return this.queueReadyMail(trx, claimed.userId, now + DATA_EXPORT_KEPT_MS);
    });
    if (mailed) this.mail.wake();
  }

  /** "Your data is ready", to a confirmed address only, with a link to Settings (not to the file). */
  private async queueReadyMail(trx: ForumDb, userId: number, expiresAt: number): Promise<boolean> {
    const user = await trx
      .selectFrom("users")
      .select(["username", "email", "emailConfirmedAt"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user || user.emailConfirmedAt === null) return false;
    const site = await siteName(trx);
    const until = new Date(expiresAt).toUTCString().replace(/:\d\d GMT$/, " UTC");
    await this.mail.queue(trx, {
      kind: "data-export",
      to: user.email,
      userId,
      content: {
        subject: "Your data is ready",
        paragraphs: [
          `Hello ${user.username},`,
          `The copy of your data you asked for on ${site} is ready. Download it from your account settings (signed in) until ${until}.`,
        ],
        action: { label: "Open your settings", url: linkTo(this.mail.site, "/settings") },
        footer: ["You get this email because you asked for your data. If you did not, change your password."],
      },
    });
    return true;
  }

  /** The row, only while this worker's claim (its attempt number) still holds it. */
  private leased(db: ForumDb, lease: { id: number; attempts: number }) {
    return db
      .updateTable("data_exports")
      .where("id", "=", lease.id)
      .where("state", "=", "building")
      .where("attempts", "=", lease.attempts);
  }
}
