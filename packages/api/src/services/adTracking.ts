// Ad impressions and clicks count once per client, ad and kind in each window, so one reader's
// page views (or a loop) cannot inflate an advertiser's figures. The windows are kept in the
// database like the abuse throttles (services/throttles.ts), so several app instances behind a
// load balancer count a repeat once, not once each. Unlike those throttles this stays on with
// FORUM_RATE_LIMITS=off: it protects the figures, not the server.
import type { ThrottleRule } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { Throttles } from "./throttles";

export class AdTracking {
  private readonly windows: Throttles;
  private readonly rule: ThrottleRule;

  constructor(db: ForumDb, limit: number, windowMs: number, now: () => number = Date.now) {
    this.windows = new Throttles(db, true, now);
    this.rule = { name: "ad-tracking", limit, windowMs };
  }

  /** Counts one event of `client` on an ad; false when it is a repeat within the window. */
  async allow(client: string, adId: number, kind: string): Promise<boolean> {
    return (await this.windows.take(this.rule, `${client}|${adId}|${kind}`)).allowed;
  }
}
