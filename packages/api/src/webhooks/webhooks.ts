// The forum's webhooks, as the procedures see them: the operator's settings (plain http, private
// addresses), the server key that seals each endpoint's secret, and the background sender, woken
// after a write that queued deliveries (trpc.ts wakes it for every mutation that declares it
// writes "webhooks").
import type { ForumDb } from "@forum/db";
import { WebhookSender, type WebhookSenderOptions } from "./sender";

export type WebhooksOptions = {
  serverKey: Buffer;
  /** FORUM_WEBHOOKS_ALLOW_HTTP: endpoints may use plain http://. */
  allowHttp: boolean;
  /** FORUM_WEBHOOKS_ALLOW_PRIVATE: deliveries may go to private and loopback addresses. */
  allowPrivate: boolean;
  clock?: () => number;
  sender?: Omit<WebhookSenderOptions, "clock" | "serverKey" | "allowPrivate">;
};

export class Webhooks {
  readonly serverKey: Buffer;
  readonly allowHttp: boolean;
  readonly allowPrivate: boolean;
  readonly now: () => number;
  readonly sender: WebhookSender;

  constructor(db: ForumDb, options: WebhooksOptions) {
    this.serverKey = options.serverKey;
    this.allowHttp = options.allowHttp;
    this.allowPrivate = options.allowPrivate;
    this.now = options.clock ?? Date.now;
    this.sender = new WebhookSender(db, {
      ...options.sender,
      clock: this.now,
      serverKey: options.serverKey,
      allowPrivate: options.allowPrivate,
    });
  }

  /** After a transaction that queued deliveries committed: send them now rather than at the next poll. */
  wake(): void {
    this.sender.wake();
  }
}
