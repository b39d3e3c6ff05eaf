// The mid-range phone of the browser measurements and tests: a 375 px touch screen, 150 ms round
// trips, 1.6 Mbps down, 750 kbps up and a CPU 4× slower than this machine's (the mobile profile
// Lighthouse simulates). bench/web.mjs times first visits in it; e2e/early-taps.spec.ts taps in it.
export const PHONE = {
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  network: { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
  cpuSlowdown: 4,
};

/** Applies the phone's network and CPU to a page through a DevTools session (`cdp`). */
export async function throttleLikePhone(cdp) {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...PHONE.network });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown });
}
