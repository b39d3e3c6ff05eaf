// Queuing an event: one webhook_deliveries row per enabled endpoint that wants it, inserted with
// the caller's connection, so inside the transaction of the write that causes it: the write and
// its deliveries commit together or not at all. The body is fixed here (the object as the REST
// API shows it at that moment), so a retry or a redelivery sends the same thing. The background
// sender (sender.ts) delivers it later.
import { randomUUID } from "node:crypto";
import type { WebhookEvent } from "@forum/contracts";
import type { ForumDb } from "@forum/db";

/** The endpoints (enabled) that want `event`; "ping" is asked for by id alone. */
async function endpointsWanting(db: ForumDb, event: WebhookEvent): Promise<number[]> {
  const rows = await db
    .selectFrom("webhooks")
    .select("id")
    .where("enabled", "=", 1)
    // events is a JSON array of names: each name is quoted, so "post.created" never matches "post.create".
    .where("events", "like", `%${JSON.stringify(event)}%`)
    .execute();
  return rows.map((row) => row.id);
}

/** The JSON body of a delivery: the event's own id, its name, when it happened and the object. */
export function webhookBody(event: WebhookEvent, data: unknown, now: number): string {
  return JSON.stringify({ id: randomUUID(), event, createdAt: new Date(now).toISOString(), data });
}

/**
 * Queues `event` for every endpoint that wants it. `data` is read only when one does (no cost
 * to a forum without webhooks beyond one indexed look-up of a tiny table).
 */
export async function queueWebhookEvent(
  db: ForumDb,
  event: WebhookEvent,
  data: () => unknown | Promise<unknown>,
  now: number,
): Promise<void> {
  const endpoints = await endpointsWanting(db, event);
  if (endpoints.length === 0) return;
  await queueDeliveries(db, endpoints, event, webhookBody(event, await data(), now), now);
}

/** Deliveries of one body to these endpoints (a test event, a redelivery). */
export async function queueDeliveries(
  db: ForumDb,
  webhookIds: readonly number[],
  event: string,
  body: string,
  now: number,
): Promise<number[]> {
  const rows = await db
    .insertInto("webhook_deliveries")
    .values(
      webhookIds.map((webhookId) => ({
        webhookId,
        event,
        body,
        state: "queued" as const,
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}
