// The admin Webhooks screen (issue 29): endpoints (the secret shown once, on creation), their
// recent deliveries, "Send test event", Redeliver, enable, disable and delete.
import {
  createdWebhookSchema,
  createWebhookInput,
  messageViewSchema,
  updateWebhookInput,
  WEBHOOK_MESSAGES,
  webhookDeliveryIdInput,
  webhookDeliveryViewSchema,
  webhookIdInput,
  webhookViewSchema,
} from "@forum/contracts";
import { z } from "zod";
import { answer } from "../describe";
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  queueTestEvent,
  redeliver,
  updateWebhook,
} from "../services/webhooks";
import { changeRow, type RowChange } from "../staffLog/rowChange";
import { adminProcedure, router } from "../trpc";

// The signing secret is never logged: only where deliveries go and what they carry.
const WEBHOOK_FIELDS = ["url", "events", "enabled"] as const;
const webhookChange = <T>(action: RowChange<T>["action"], id: RowChange<T>["id"]): RowChange<T> => ({
  action,
  targetType: "webhook",
  table: "webhooks",
  id,
  fields: WEBHOOK_FIELDS,
  label: (row) => String(row.url),
});

export const webhooksRouter = router({
  list: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/admin/webhooks", from: "none" },
      summary: "Every webhook endpoint (never their secrets)",
    })
    .output(answer(z.array(webhookViewSchema)))
    .query(({ ctx }) => listWebhooks(ctx.db)),

  create: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/admin/webhooks", status: 201 },
      summary: "Add an endpoint: its signing secret is in this answer only",
      writes: ["webhooks", "staffLog"],
    })
    .input(createWebhookInput)
    .output(answer(createdWebhookSchema))
    .mutation(({ ctx, input }) =>
      changeRow(
        ctx,
        webhookChange("webhook.create", (created: { id: number }) => created.id),
        (trx) => createWebhook(trx, ctx.webhooks, ctx.user.id, input),
      ),
    ),

  update: adminProcedure
    .meta({
      rest: { method: "PUT", path: "/api/admin/webhooks/:id" },
      summary: "Change an endpoint's address or events, or turn it on or off (on again clears a failing day)",
      failures: { 404: WEBHOOK_MESSAGES.notFound },
      writes: ["webhooks", "staffLog"],
    })
    .input(updateWebhookInput)
    .output(answer(webhookViewSchema))
    .mutation(({ ctx, input }) =>
      changeRow(ctx, webhookChange("webhook.edit", input.id), (trx) => updateWebhook(trx, ctx.webhooks, input)),
    ),

  delete: adminProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/admin/webhooks/:id", from: "none" },
      summary: "Delete an endpoint and its deliveries",
      failures: { 404: WEBHOOK_MESSAGES.notFound },
      writes: ["webhooks", "staffLog"],
    })
    .input(webhookIdInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      await changeRow(ctx, webhookChange("webhook.delete", input.id), (trx) => deleteWebhook(trx, input.id));
      return { message: WEBHOOK_MESSAGES.deleted };
    }),

  sendTest: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/admin/webhooks/:id/test", from: "none" },
      summary: 'Queue a "ping" event to this endpoint alone',
      failures: { 404: WEBHOOK_MESSAGES.notFound },
      writes: ["webhooks"],
    })
    .input(webhookIdInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      await queueTestEvent(ctx.db, ctx.webhooks, input.id, ctx.user.username);
      return { message: WEBHOOK_MESSAGES.testQueued };
    }),

  deliveries: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/admin/webhooks/:id/deliveries", from: "none" },
      summary: "An endpoint's 20 most recent deliveries, newest first",
      failures: { 404: WEBHOOK_MESSAGES.notFound },
    })
    .input(webhookIdInput)
    .output(answer(z.array(webhookDeliveryViewSchema)))
    .query(({ ctx, input }) => listDeliveries(ctx.db, input.id)),

  redeliver: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/admin/webhook-deliveries/:id/redeliver", from: "none" },
      summary: "Send a delivery's body again, now, as a new delivery",
      failures: { 404: WEBHOOK_MESSAGES.deliveryNotFound },
      writes: ["webhooks"],
    })
    .input(webhookDeliveryIdInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      await redeliver(ctx.db, ctx.webhooks, input.id);
      return { message: WEBHOOK_MESSAGES.redeliverQueued };
    }),
});
