// The admin Webhooks screen's data: endpoints (the secret generated here, shown once, kept only
// sealed), their recent deliveries, a test event, and Redeliver (a new delivery of the same
// body, so a receiver that keeps delivery ids does not drop it as a repeat).
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import {
  type CreatedWebhook,
  type CreateWebhookInput,
  type UpdateWebhookInput,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_PREFIX,
  type WebhookDeliveryView,
  type WebhookView,
} from "@forum/contracts";
import type { ForumDb, WebhooksTable } from "@forum/db";
import type { Selectable } from "kysely";
import { badRequest, notFound } from "../errors";
import { seal } from "../secrets/sealed";
import { isForbiddenAddress } from "../webhooks/addresses";
import { queueDeliveries, webhookBody } from "../webhooks/queue";
import type { Webhooks } from "../webhooks/webhooks";

/** Deliveries the screen shows per endpoint. */
export const RECENT_DELIVERIES = 20;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function toView(row: Selectable<WebhooksTable>): WebhookView {
  const wanted = JSON.parse(row.events) as string[];
  return {
    id: row.id,
    url: row.url,
    events: WEBHOOK_EVENTS.filter((event) => wanted.includes(event)),
    enabled: Number(row.enabled) === 1,
    disabledReason: row.disabledReason,
    failingSince: iso(row.failingSince),
    createdAt: iso(row.createdAt) as string,
  };
}

/** What the operator allows of an endpoint's address (a name's addresses are checked at each delivery). */
function checkUrl(webhooks: Webhooks, url: string): void {
  const target = new URL(url);
  if (target.protocol === "http:" && !webhooks.allowHttp) throw badRequest(WEBHOOK_MESSAGES.httpRefused);
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  const local = host === "localhost" || host.endsWith(".localhost");
  if (!webhooks.allowPrivate && (local || (isIP(host) !== 0 && isForbiddenAddress(host)))) {
    throw badRequest(WEBHOOK_MESSAGES.privateRefused);
  }
}

export async function listWebhooks(db: ForumDb): Promise<WebhookView[]> {
  const rows = await db.selectFrom("webhooks").selectAll().orderBy("id").execute();
  return rows.map(toView);
}

export async function createWebhook(
  db: ForumDb,
  webhooks: Webhooks,
  adminId: number,
  input: CreateWebhookInput,
): Promise<CreatedWebhook> {
  checkUrl(webhooks, input.url);
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString("base64url")}`;
  const row = await db
    .insertInto("webhooks")
    .values({
      url: input.url,
      events: JSON.stringify([...new Set(input.events)]),
      secretSealed: seal(webhooks.serverKey, secret),
      createdBy: adminId,
      createdAt: webhooks.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...toView(row), secret };
}

export async function updateWebhook(db: ForumDb, webhooks: Webhooks, input: UpdateWebhookInput): Promise<WebhookView> {
  if (input.url !== undefined) checkUrl(webhooks, input.url);
  const row = await db
    .updateTable("webhooks")
    .set({
      ...(input.url === undefined ? {} : { url: input.url }),
      ...(input.events === undefined ? {} : { events: JSON.stringify([...new Set(input.events)]) }),
      // Turned on again by an admin: a fresh start, the forum's reason gone.
      ...(input.enabled === undefined
        ? {}
        : input.enabled
          ? { enabled: 1, disabledReason: null, failingSince: null }
          : { enabled: 0, disabledReason: null }),
    })
    .where("id", "=", input.id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return toView(row);
}

export async function deleteWebhook(db: ForumDb, id: number): Promise<void> {
  const deleted = await db.deleteFrom("webhooks").where("id", "=", id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(WEBHOOK_MESSAGES.notFound);
}

/** "Send test event": a ping to this endpoint alone, whatever events it wants. */
export async function queueTestEvent(db: ForumDb, webhooks: Webhooks, id: number, adminName: string): Promise<void> {
  const row = await db.selectFrom("webhooks").select("id").where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  const now = webhooks.now();
  const body = webhookBody("ping", { webhookId: id, sentBy: adminName }, now);
  await queueDeliveries(db, [id], "ping", body, now);
}

export async function listDeliveries(db: ForumDb, webhookId: number): Promise<WebhookDeliveryView[]> {
  const endpoint = await db.selectFrom("webhooks").select("id").where("id", "=", webhookId).executeTakeFirst();
  if (!endpoint) throw notFound(WEBHOOK_MESSAGES.notFound);
  const rows = await db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("webhookId", "=", webhookId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(RECENT_DELIVERIES)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    event: row.event,
    state: row.state,
    attempts: Number(row.attempts),
    lastStatus: row.lastStatus === null ? null : Number(row.lastStatus),
    lastError: row.lastError,
    lastResponse: row.lastResponse,
    createdAt: iso(row.createdAt) as string,
    lastAttemptAt: iso(row.lastAttemptAt),
    deliveredAt: iso(row.deliveredAt),
    nextAttemptAt: row.state === "queued" || row.state === "sending" ? iso(row.nextAttemptAt) : null,
  }));
}

/** Redeliver: the same body again, as a new delivery, now. */
export async function redeliver(db: ForumDb, webhooks: Webhooks, deliveryId: number): Promise<void> {
  const row = await db
    .selectFrom("webhook_deliveries")
    .select(["webhookId", "event", "body"])
    .where("id", "=", deliveryId)
    .executeTakeFirst();
  if (!row) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  await queueDeliveries(db, [row.webhookId], row.event, row.body, webhooks.now());
}
