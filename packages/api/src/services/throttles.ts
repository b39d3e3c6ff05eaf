// Throttles kept in the database, so every app instance counts against the same numbers. A
// subject's events are counted in a window that starts with its first event (the count starts
// over once the window has passed). Each event is counted by one atomic upsert that returns the
// new count, so two instances (or two requests at once) never lose a count and never both see
// room for the last allowed event: the check and the count are the same statement.
import type { ThrottleRule } from "@forum/contracts";
import type { ForumDb } from "@forum/db";

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/** How often, at most, one instance deletes expired windows. */
const SWEEP_EVERY_MS = 60_000;

export class Throttles {
  private lastSweep = 0;

  /**
   * `enabled: false` (FORUM_RATE_LIMITS=off) lets everything through without touching the
   * database. `now` is the clock (tests move it instead of waiting).
   */
  constructor(
    private readonly db: ForumDb,
    readonly enabled: boolean,
    readonly now: () => number = Date.now,
  ) {}

  /** Counts one event of `subject` under `rule`; refused once the window holds more than the limit. */
  async take(rule: ThrottleRule, subject: string): Promise<ThrottleVerdict> {
    if (!this.enabled) return { allowed: true };
    const now = this.now();
    await this.sweep(now);
    const expiresAt = now + rule.windowMs;
    const row = await this.db
      .insertInto("throttles")
      .values({ key: keyOf(rule, subject), windowStart: now, expiresAt, count: 1 })
      .onConflict((conflict) =>
        conflict.column("key").doUpdateSet((eb) => {
          // An expired window starts over with this event; otherwise the event adds one.
          const expired = eb("throttles.expiresAt", "<=", eb.ref("excluded.windowStart"));
          const column = (name: "windowStart" | "expiresAt") =>
            eb
              .case()
              .when(expired)
              .then(eb.ref(`excluded.${name}`))
              .else(eb.ref(`throttles.${name}`))
              .end();
          return {
            count: eb
              .case()
              .when(expired)
              .then(eb.ref("excluded.count"))
              .else(eb("throttles.count", "+", 1))
              .end(),
            windowStart: column("windowStart"),
            expiresAt: column("expiresAt"),
          };
        }),
      )
      .returning(["count", "expiresAt"])
      .executeTakeFirstOrThrow();
    // PostgreSQL's driver may hand bigints back as strings.
    if (Number(row.count) <= rule.limit) return { allowed: true };
    return { allowed: false, retryAfterMs: Math.max(0, Number(row.expiresAt) - now) };
  }

  /** How long until `subject` may have another event under `rule`; null when it may now. */
  async waitOf(rule: ThrottleRule, subject: string): Promise<number | null> {
    if (!this.enabled) return null;
    const now = this.now();
    const row = await this.db
      .selectFrom("throttles")
      .select(["count", "expiresAt"])
      .where("key", "=", keyOf(rule, subject))
      .executeTakeFirst();
    if (!row || Number(row.expiresAt) <= now || Number(row.count) < rule.limit) return null;
    return Number(row.expiresAt) - now;
  }

  /** Takes back an event counted by take() that did not happen after all (a refused sign-up). */
  async giveBack(rule: ThrottleRule, subject: string): Promise<void> {
    if (!this.enabled) return;
    await this.db
      .updateTable("throttles")
      .set((eb) => ({ count: eb("count", "-", 1) }))
      .where("key", "=", keyOf(rule, subject))
      .where("count", ">", 0)
      .execute();
  }

  /** Forgets the subject's count (a successful sign-in clears the account's failures). */
  async clear(rule: ThrottleRule, subject: string): Promise<void> {
    if (!this.enabled) return;
    await this.db.deleteFrom("throttles").where("key", "=", keyOf(rule, subject)).execute();
  }

  /** Expired windows are deleted now and then, so rows do not pile up (a count starts over anyway). */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS && now >= this.lastSweep) return;
    this.lastSweep = now;
    await this.db.deleteFrom("throttles").where("expiresAt", "<=", now).execute();
  }
}

function keyOf(rule: ThrottleRule, subject: string): string {
  return `${rule.name}:${subject}`;
}
