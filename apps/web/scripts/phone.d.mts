// Types of phone.mjs for the TypeScript browser tests.
export declare const PHONE: {
  viewport: { width: number; height: number };
  isMobile: boolean;
  hasTouch: boolean;
  deviceScaleFactor: number;
  network: { latency: number; downloadThroughput: number; uploadThroughput: number };
  cpuSlowdown: number;
};
export declare function throttleLikePhone(cdp: {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
}): Promise<void>;
