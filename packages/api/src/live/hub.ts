// The live streams of one server (GET /api/events) and the events they hear. A write's events
// are published here once it has committed: this instance delivers them at once and sends them
// to the other instances (`broadcast`, PostgreSQL's NOTIFY), whose hubs deliver them as their own.
//
// Who hears what: an event about a post goes to the streams that have that post open (any reader
// may read a post that exists; the stream is refused for one that does not); an event about a
// member goes to that member's own streams, unless they are banned (a banned member reads as a
// visitor does). A change of a member's access (banned, signed out, deleted) closes their streams:
// each reconnects and is let in again as what it now is.
//
// Resuming: every event delivered here gets an id "<hub epoch>.<sequence>" and is kept for a
// while (LIVE_LIMITS); a client that reconnects with Last-Event-ID hears what it missed. When
// that is no longer kept, or the id is another instance's or an earlier run's, it hears
// "resync" instead and reads its page again.

import { randomBytes } from "node:crypto";
import { LIVE_LIMITS, LIVE_READY_EVENT, LIVE_RESYNC_EVENT, type LiveEvent } from "@forum/contracts";

/** A change of a member's access: their streams close (not sent to any client). */
export type AccessChange = { type: "access"; userId: number };

export type HubMessage = LiveEvent | AccessChange;

/** One open stream, as the server's route gives it to the hub. */
export type LiveStream = {
  /** The signed-in member (banned ones too, so a change of access closes their streams); null: a visitor. */
  memberId: number | null;
  /** Whether it hears the member's own events (false for visitors and banned members). */
  hearsMember: boolean;
  /** The post the tab has open, if any. */
  postId: number | null;
  address: string;
  /** Writes a chunk of the stream; closes the stream itself when its client cannot keep up. */
  write: (chunk: string) => void;
  /** Ends the stream (the client reconnects). */
  end: () => void;
};

type Kept = { seq: number; at: number; event: LiveEvent; chunk: string };

export type LiveHubOptions = {
  /** Sends this instance's messages to the other instances (absent: one instance). */
  broadcast?: (messages: HubMessage[]) => void;
  clock?: () => number;
  /**
   * Off (FORUM_RATE_LIMITS=off): no limit per address, as for the other per-address limits (test
   * suites and benches open many tabs from one address). The limit per member stays.
   */
  limitAddresses?: boolean;
};

export class LiveHub {
  /** Tells this run's event ids from another instance's or an earlier run's. */
  readonly epoch = randomBytes(4).toString("hex");
  private seq = 0;
  private readonly kept: (Kept | undefined)[] = new Array(LIVE_LIMITS.keptEvents);
  private readonly byPost = new Map<number, Set<LiveStream>>();
  private readonly byMember = new Map<number, Set<LiveStream>>();
  private readonly byAddress = new Map<string, number>();
  private readonly streams = new Set<LiveStream>();
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly now: () => number;

  constructor(private readonly options: LiveHubOptions = {}) {
    this.now = options.clock ?? Date.now;
  }

  /** Open streams on this instance. */
  get openStreams(): number {
    return this.streams.size;
  }

  /** Why one more stream of this member or address is refused: it has as many open as allowed. */
  refusal(memberId: number | null, address: string): "member" | "address" | null {
    if (memberId !== null && (this.byMember.get(memberId)?.size ?? 0) >= LIVE_LIMITS.perMember) return "member";
    const limitAddresses = this.options.limitAddresses ?? true;
    if (limitAddresses && (this.byAddress.get(address) ?? 0) >= LIVE_LIMITS.perAddress) return "address";
    return null;
  }

  /**
   * Lets a stream in (`refusal` said yes, in the same turn) and sends it what it missed since
   * `lastEventId` (or "resync" when that is not kept here). Answers what forgets it again.
   */
  open(stream: LiveStream, lastEventId: string | null): () => void {
    this.streams.add(stream);
    if (stream.postId !== null) addTo(this.byPost, stream.postId, stream);
    if (stream.memberId !== null) addTo(this.byMember, stream.memberId, stream);
    this.byAddress.set(stream.address, (this.byAddress.get(stream.address) ?? 0) + 1);
    this.startHeartbeat();
    stream.write(`retry: ${LIVE_LIMITS.retryMs}\n\n`);
    if (lastEventId) this.replay(stream, lastEventId);
    // The current id, so a client that reconnects before hearing any event still resumes from
    // here; as an event ("ready"), so a browser's script sees it too (an id alone is not dispatched).
    stream.write(`id: ${this.currentId()}\nevent: ${LIVE_READY_EVENT}\ndata: {}\n\n`);
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      this.forget(stream);
    };
  }

  /**
   * A write of this instance committed: delivers its messages here and sends them to the other
   * instances.
   */
  publish(messages: HubMessage[]): void {
    if (messages.length === 0) return;
    this.deliver(messages);
    this.options.broadcast?.(messages);
  }

  /** Another instance's messages (they were delivered there already). */
  deliver(messages: HubMessage[]): void {
    for (const message of messages) {
      if (message.type === "access") {
        for (const stream of [...(this.byMember.get(message.userId) ?? [])]) stream.end();
        continue;
      }
      const kept = this.keep(message);
      for (const stream of this.audience(message)) stream.write(kept.chunk);
    }
  }

  /** Every stream hears "resync": events may have been missed (the other instances' channel was down). */
  resyncAll(): void {
    const chunk = this.resyncChunk();
    for (const stream of this.streams) stream.write(chunk);
  }

  /** Ends every stream (the server is stopping; clients reconnect to another instance). */
  closeAll(): void {
    for (const stream of [...this.streams]) stream.end();
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private currentId(): string {
    return `${this.epoch}.${this.seq}`;
  }

  private resyncChunk(): string {
    return `id: ${this.currentId()}\nevent: ${LIVE_RESYNC_EVENT}\ndata: {}\n\n`;
  }

  private audience(event: LiveEvent): Iterable<LiveStream> {
    if (event.type === "notifications") {
      return [...(this.byMember.get(event.userId) ?? [])].filter((stream) => stream.hearsMember);
    }
    return this.byPost.get(event.postId) ?? [];
  }

  private keep(event: LiveEvent): Kept {
    this.seq += 1;
    const kept: Kept = { seq: this.seq, at: this.now(), event, chunk: eventChunk(`${this.epoch}.${this.seq}`, event) };
    this.kept[this.seq % LIVE_LIMITS.keptEvents] = kept;
    return kept;
  }

  private replay(stream: LiveStream, lastEventId: string): void {
    const [epoch, seqText] = lastEventId.split(".");
    const from = Number(seqText);
    const oldestKept = Math.max(1, this.seq - LIVE_LIMITS.keptEvents + 1);
    const first = this.kept[(from + 1) % LIVE_LIMITS.keptEvents];
    const missedTooOld =
      from < this.seq &&
      (first === undefined || first.seq !== from + 1 || this.now() - first.at > LIVE_LIMITS.keptForMs);
    if (
      epoch !== this.epoch ||
      !Number.isSafeInteger(from) ||
      from > this.seq ||
      from + 1 < oldestKept ||
      missedTooOld
    ) {
      stream.write(this.resyncChunk());
      return;
    }
    for (let seq = from + 1; seq <= this.seq; seq += 1) {
      const kept = this.kept[seq % LIVE_LIMITS.keptEvents];
      if (kept && hears(stream, kept.event)) stream.write(kept.chunk);
    }
  }

  private forget(stream: LiveStream): void {
    this.streams.delete(stream);
    if (stream.postId !== null) removeFrom(this.byPost, stream.postId, stream);
    if (stream.memberId !== null) removeFrom(this.byMember, stream.memberId, stream);
    const count = (this.byAddress.get(stream.address) ?? 1) - 1;
    if (count > 0) this.byAddress.set(stream.address, count);
    else this.byAddress.delete(stream.address);
    if (this.streams.size === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  /** One timer for every stream: idle streams cost no timer of their own. */
  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) stream.write(": keep-alive\n\n");
    }, LIVE_LIMITS.heartbeatMs);
    this.heartbeat.unref();
  }
}

function hears(stream: LiveStream, event: LiveEvent): boolean {
  return event.type === "notifications"
    ? stream.hearsMember && stream.memberId === event.userId
    : stream.postId === event.postId;
}

function eventChunk(id: string, event: LiveEvent): string {
  return `id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

function addTo<K>(map: Map<K, Set<LiveStream>>, key: K, stream: LiveStream): void {
  const set = map.get(key);
  if (set) set.add(stream);
  else map.set(key, new Set([stream]));
}

function removeFrom<K>(map: Map<K, Set<LiveStream>>, key: K, stream: LiveStream): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(stream);
  if (set.size === 0) map.delete(key);
}
