// What one mutation tells the live streams. Its resolver says what happened as it goes
// (`ctx.announce`, `ctx.notified`); nothing is sent until the mutation has succeeded, so no
// stream hears of a write that was rolled back.
import type { ForumDb } from "@forum/db";
import type { HubMessage, LiveHub } from "./hub";

/** Says what a mutation changed that open streams show (sent once it has succeeded). */
export type Announce = (message: HubMessage) => void;
/** Says which members a mutation wrote notifications for (their streams hear the new count). */
export type Notified = (userIds: readonly number[]) => void;

export class Announcements {
  private readonly messages: HubMessage[] = [];
  private readonly members = new Set<number>();

  readonly announce: Announce = (message) => {
    this.messages.push(message);
  };

  readonly notified: Notified = (userIds) => {
    for (const id of userIds) this.members.add(id);
  };

  /**
   * Sends what was announced. The notified members' counts are read first (one query), after
   * the write committed, so each hears the count that includes it; then everything goes in one
   * publish (on PostgreSQL one NOTIFY to the other instances, not two).
   */
  async publish(hub: LiveHub, db: ForumDb): Promise<void> {
    if (this.members.size === 0) return hub.publish(this.messages);
    const ids = [...this.members];
    const rows = await db
      .selectFrom("notifications")
      .select((eb) => ["userId", eb.fn.countAll<number>().as("unread")])
      .where("userId", "in", ids)
      .where("read", "=", 0)
      .groupBy("userId")
      .execute()
      .catch((error: unknown) => {
        // The write's own messages are sent even when the counts cannot be read.
        hub.publish(this.messages);
        throw error;
      });
    const unread = new Map(rows.map((row) => [row.userId, Number(row.unread)]));
    hub.publish([
      ...this.messages,
      ...ids.map((userId): HubMessage => ({ type: "notifications", userId, unread: unread.get(userId) ?? 0 })),
    ]);
  }
}
