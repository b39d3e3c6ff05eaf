// The live streams' hub of this server (packages/api live/hub.ts), joined to the other instances'
// hubs through the database when there are others (PostgreSQL's NOTIFY).
import { type HubMessage, LiveHub } from "@forum/api";
import type { AppOptions, ForumApp } from "./app";

/**
 * The live streams' hub. With several instances (PostgreSQL), a write's events go to the others
 * through the database: the messages of one turn of the event loop together (at a thousand votes
 * a second, a few NOTIFYs instead of a thousand), in payloads NOTIFY takes (under 8,000 bytes).
 */
export function startLiveHub(app: ForumApp, options: AppOptions): LiveHub {
  const broadcast = options.database.broadcast;
  let waiting: HubMessage[] = [];
  const sendWaiting = () => {
    const messages = waiting;
    waiting = [];
    for (const payload of livePayloads(messages)) {
      void broadcast?.(payload).catch((error: unknown) =>
        app.log.warn({ err: error }, "live events not sent to the other instances"),
      );
    }
  };
  return new LiveHub({
    limitAddresses: options.rateLimits,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(broadcast
      ? {
          broadcast: (messages) => {
            if (waiting.length === 0) setImmediate(sendWaiting);
            waiting.push(...messages);
          },
        }
      : {}),
  });
}

/** Messages as JSON arrays of at most about 7,000 bytes (one message is far smaller). */
function livePayloads(messages: HubMessage[]): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  let size = 2;
  for (const message of messages) {
    const json = JSON.stringify(message);
    if (batch.length > 0 && size + json.length + 1 > 7_000) {
      payloads.push(`[${batch.join(",")}]`);
      batch = [];
      size = 2;
    }
    batch.push(json);
    size += json.length + 1;
  }
  if (batch.length > 0) payloads.push(`[${batch.join(",")}]`);
  return payloads;
}
