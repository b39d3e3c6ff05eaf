// Webhooks (issue 29): the events an endpoint may want, what the admin Webhooks screen sends and
// shows, and the messages the server answers with. The signing secret is shown once, on creation.
import { z } from "zod";
import { idField } from "./fields";

/** Every event a webhook can ask for; "ping" is the screen's "Send test event" alone. */
export const WEBHOOK_EVENTS = [
  "post.created",
  "post.updated",
  "post.deleted",
  "reply.created",
  "reply.updated",
  "reply.deleted",
  "user.created",
  "report.created",
] as const;
/** An event an endpoint may ask for. */
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];
/** Any event a delivery may carry. */
export type WebhookEvent = WebhookEventName | "ping";

/** Headers of every delivery (the README shows how to check the signature). */
export const WEBHOOK_HEADERS = {
  event: "X-Forum-Event",
  delivery: "X-Forum-Delivery",
  timestamp: "X-Forum-Timestamp",
  /** "sha256=" + hex HMAC-SHA256 of `${timestamp}.${body}` with the endpoint's secret. */
  signature: "X-Forum-Signature",
} as const;

/** A delivery counts when a 2xx comes back within this time. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Secrets are shown with this prefix, so scanners recognise a leaked one. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";
export const WEBHOOK_URL_MAX = 2000;

export const WEBHOOK_MESSAGES = {
  urlInvalid: "Enter the endpoint's full address, starting with https://",
  httpRefused:
    "The endpoint must use https:// (plain http:// is allowed only when the operator sets FORUM_WEBHOOKS_ALLOW_HTTP=true)",
  privateRefused:
    "The endpoint's address is private, loopback or link-local: deliveries go only to public addresses (unless the operator sets FORUM_WEBHOOKS_ALLOW_PRIVATE=true)",
  eventsRequired: "Choose at least one event",
  notFound: "Webhook not found",
  deliveryNotFound: "Delivery not found",
  created: "Webhook added",
  deleted: "Webhook deleted",
  testQueued: "Test event queued",
  redeliverQueued: "The delivery will be sent again now",
  disabledForFailing: "Disabled by the forum: every delivery failed for 24 hours",
} as const;

const eventList = z
  .array(z.enum(WEBHOOK_EVENTS, { error: "Unknown event" }), { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, WEBHOOK_MESSAGES.eventsRequired);
const url = z
  .string({ error: WEBHOOK_MESSAGES.urlInvalid })
  .trim()
  .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlInvalid)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), WEBHOOK_MESSAGES.urlInvalid);

export const createWebhookInput = z.object({ url, events: eventList });
export type CreateWebhookInput = z.infer<typeof createWebhookInput>;

export const updateWebhookInput = z.object({
  id: idField("id"),
  url: url.optional(),
  events: eventList.optional(),
  enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookInput>;

const timestamp = z.iso.datetime();

export const webhookViewSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why the forum turned it off; null when on, or an admin turned it off. */
  disabledReason: z.string().nullable(),
  /** Since when every delivery has failed; null while they succeed. */
  failingSince: timestamp.nullable(),
  createdAt: timestamp,
});
export type WebhookView = z.infer<typeof webhookViewSchema>;

/** The answer to adding one: the only time its secret is shown. */
export const createdWebhookSchema = webhookViewSchema.extend({
  secret: z.string().describe(`The signing secret (${WEBHOOK_SECRET_PREFIX}…): shown this once`),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliveryViewSchema = z.object({
  id: z.number().int(),
  event: z.string(),
  state: z.enum(["queued", "sending", "delivered", "failed"]),
  attempts: z.number().int(),
  /** The HTTP status of the last attempt; null when none came back (refused, timed out). */
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** The start of the last response's body, as text (shown escaped). */
  lastResponse: z.string().nullable(),
  createdAt: timestamp,
  lastAttemptAt: timestamp.nullable(),
  deliveredAt: timestamp.nullable(),
  nextAttemptAt: timestamp.nullable(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;

export const webhookIdInput = z.object({ id: idField("id") });
export const webhookDeliveryIdInput = z.object({ id: idField("id") });
