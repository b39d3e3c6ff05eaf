// The webhook outbox's sender (outbox/worker.ts claims, leases and runs): each due delivery of an
// enabled endpoint is signed with the endpoint's secret and POSTed (http.ts). A 2xx is delivered;
// anything else waits a growing pause (outbox/retry.ts) and is retried until a day has passed,
// then it is "failed". An endpoint whose deliveries have all failed for a day is disabled, and
// says why.
import { WEBHOOK_HEADERS, WEBHOOK_MESSAGES } from "@forum/contracts";
import { claimingRows, type ForumDb } from "@forum/db";
import { GIVE_UP_AFTER_MS, retryPauseMs } from "../outbox/retry";
import { OutboxWorker, type OutboxWorkerOptions } from "../outbox/worker";
import { unseal } from "../secrets/sealed";
import { postWebhook, type WebhookResponse } from "./http";
import { webhookSignature } from "./signature";

/** Longer than a call can take, so a lease never ends mid-call. */
export const WEBHOOK_LEASE_MS = 60_000;
const BATCH = 10;

export type WebhookSenderOptions = OutboxWorkerOptions & {
  /** The server key the secrets are sealed with. */
  serverKey: Buffer;
  /** FORUM_WEBHOOKS_ALLOW_PRIVATE: deliveries may go to private and loopback addresses (tests). */
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Told each failed attempt (the server logs it; the delivery keeps the last error). */
  onFailure?: (failure: { id: number; webhookId: number; attempts: number; error: string }) => void;
};

type ClaimedDelivery = {
  id: number;
  webhookId: number;
  event: string;
  body: string;
  attempts: number;
  createdAt: number;
  retriedAt: number | null;
};

export class WebhookSender extends OutboxWorker<ClaimedDelivery> {
  constructor(
    private readonly db: ForumDb,
    private readonly options: WebhookSenderOptions,
  ) {
    super(options);
  }

  /** Due deliveries of enabled endpoints, leased to this sender. */
  protected async claim(): Promise<ClaimedDelivery[]> {
    const now = this.now();
    const due = claimingRows(
      this.db,
      this.db
        .selectFrom("webhook_deliveries")
        .select("id")
        .where("state", "in", ["queued", "sending"])
        .where("nextAttemptAt", "<=", now)
        .where("webhookId", "in", (eb) => eb.selectFrom("webhooks").select("id").where("enabled", "=", 1))
        .orderBy("nextAttemptAt")
        .orderBy("id")
        .limit(BATCH),
    );
    const rows = await this.db
      .updateTable("webhook_deliveries")
      .set((eb) => ({ state: "sending", nextAttemptAt: now + WEBHOOK_LEASE_MS, attempts: eb("attempts", "+", 1) }))
      .where("id", "in", due)
      // Checked again on the row itself: a row another sender claimed meanwhile is no longer due.
      .where("state", "in", ["queued", "sending"])
      .where("nextAttemptAt", "<=", now)
      .returning(["id", "webhookId", "event", "body", "attempts", "createdAt", "retriedAt"])
      .execute();
    return rows.map((row) => ({
      ...row,
      attempts: Number(row.attempts),
      createdAt: Number(row.createdAt),
      retriedAt: row.retriedAt === null ? null : Number(row.retriedAt),
    }));
  }

  protected async deliver(delivery: ClaimedDelivery): Promise<void> {
    let response: WebhookResponse | undefined;
    let error: string | undefined;
    try {
      const endpoint = await this.db
        .selectFrom("webhooks")
        .select(["url", "secretSealed"])
        .where("id", "=", delivery.webhookId)
        .executeTakeFirstOrThrow();
      const timestamp = Math.floor(this.now() / 1000);
      response = await postWebhook(
        endpoint.url,
        delivery.body,
        {
          "Content-Type": "application/json",
          "User-Agent": "TechForum-Webhooks/1",
          [WEBHOOK_HEADERS.event]: delivery.event,
          [WEBHOOK_HEADERS.delivery]: String(delivery.id),
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: webhookSignature(
            unseal(this.options.serverKey, endpoint.secretSealed),
            timestamp,
            delivery.body,
          ),
        },
        { allowPrivate: this.options.allowPrivate, timeoutMs: this.options.timeoutMs },
      );
      if (response.status < 200 || response.status > 299) error = `answered HTTP ${response.status}`;
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    const now = this.now();
    const outcome = {
      lastAttemptAt: now,
      lastStatus: response?.status ?? null,
      lastResponse: response?.body ?? null,
    };
    if (error === undefined) {
      await this.db.transaction().execute(async (trx) => {
        await this.leased(trx, delivery)
          .set({ ...outcome, state: "delivered", deliveredAt: now, lastError: null })
          .execute();
        await trx.updateTable("webhooks").set({ failingSince: null }).where("id", "=", delivery.webhookId).execute();
      });
      return;
    }
    const gaveUp = now - (delivery.retriedAt ?? delivery.createdAt) >= GIVE_UP_AFTER_MS;
    await this.db.transaction().execute(async (trx) => {
      await this.leased(trx, delivery)
        .set({
          ...outcome,
          state: gaveUp ? "failed" : "queued",
          nextAttemptAt: now + retryPauseMs(delivery.attempts),
          lastError: error.slice(0, 1000),
        })
        .execute();
      // The first failure of a run starts the endpoint's day; a day of nothing but failures ends it.
      await trx
        .updateTable("webhooks")
        .set((eb) => ({ failingSince: eb.fn.coalesce("failingSince", eb.val(now)) }))
        .where("id", "=", delivery.webhookId)
        .execute();
      await trx
        .updateTable("webhooks")
        .set({ enabled: 0, disabledReason: WEBHOOK_MESSAGES.disabledForFailing })
        .where("id", "=", delivery.webhookId)
        .where("enabled", "=", 1)
        .where("failingSince", "<=", now - GIVE_UP_AFTER_MS)
        .execute();
    });
    this.options.onFailure?.({ id: delivery.id, webhookId: delivery.webhookId, attempts: delivery.attempts, error });
  }

  /** The row, only while this sender's claim (its attempt number) still holds it. */
  private leased(db: ForumDb, lease: { id: number; attempts: number }) {
    return db
      .updateTable("webhook_deliveries")
      .where("id", "=", lease.id)
      .where("state", "=", "sending")
      .where("attempts", "=", lease.attempts);
  }
}
