// HTTP bodies of reads that are the same for every visitor, kept until the next write. A hit is
// answered before any context, session lookup, tRPC call or validation: measured with npm run
// bench, that pipeline cost more than the query itself once the read cache held the data.
// Invalidation is the read cache's: an entry is served only while no write happened since the
// moment its computation started (and within the same minute, for reads over moving windows).

import type { ReadCache } from "@forum/api";
import { SESSION_COOKIE } from "@forum/contracts";
import type { FastifyRequest } from "fastify";
import type { Bodies } from "./jsonBody";
import { isSameForEveryVisitor } from "./procedures";

/** The data's state when an answer's computation started. */
export type Stamp = { version: number; minute: number };

const currentMinute = () => Math.floor(Date.now() / 60_000);

export class SharedAnswers {
  private readonly entries = new Map<string, { bodies: Bodies; bytes: number }>();
  /** The state every kept entry was computed at: entries of any other state are dropped together. */
  private kept: Stamp = { version: -1, minute: -1 };
  private bytes = 0;

  /**
   * `maxBytes` bounds the memory the kept bodies take (the oldest go first). `versions`: "all"
   * drops them at any write; "content" at any write but the view counter's (server-rendered
   * pages, see ReadCache.contentVersion), and still at the minute's end.
   */
  constructor(
    private readonly readCache: ReadCache,
    private readonly maxBytes = 16 * 1024 * 1024,
    private readonly versions: "all" | "content" = "all",
  ) {}

  /** The key a request is kept under, or null when its answer may differ per caller. */
  keyOf(request: FastifyRequest, procedureNames: readonly string[]): string | null {
    if (request.method !== "GET" || request.cookies[SESSION_COOKIE] !== undefined) return null;
    return procedureNames.every(isSameForEveryVisitor) ? request.url : null;
  }

  stamp(): Stamp {
    const version = this.versions === "content" ? this.readCache.contentVersion : this.readCache.version;
    return { version, minute: currentMinute() };
  }

  /** `T`: what the caller kept under that key (a page keeps its status with its bodies). */
  get<T extends Bodies = Bodies>(key: string): T | undefined {
    if (!this.readCache.enabled) return undefined;
    this.dropIfStale(this.stamp());
    return this.entries.get(key)?.bodies as T | undefined;
  }

  /** Keeps the bodies of an answer computed from the data as it was at `stamp`. */
  set(key: string, stamp: Stamp, bodies: Bodies): void {
    if (!this.readCache.enabled) return;
    const now = this.stamp();
    this.dropIfStale(now);
    if (stamp.version !== now.version || stamp.minute !== now.minute) return; // stale already
    const bytes = bodies.identity.length;
    if (bytes > this.maxBytes / 4) return;
    this.remove(key);
    this.entries.set(key, { bodies, bytes });
    this.bytes += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private dropIfStale(now: Stamp): void {
    if (now.version === this.kept.version && now.minute === this.kept.minute) return;
    this.entries.clear();
    this.bytes = 0;
    this.kept = now;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
