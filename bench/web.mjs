// The web timing benchmark (issue 14): how long a first visit takes to show content, in Debian's
// Chromium driven through the DevTools protocol. `npm run bench -- --web [flags]` builds first and
// runs this; directly: node bench/web.mjs [flags]. See bench/README.md.
//
//   --scale <n>   data set scale (1 = 100,000 posts), the same sets as npm run bench   default 1
//   --runs <n>    first visits per page and profile; the median is reported              default 5
//   --out <file>  where to write the JSON                       default bench/results/web.json
//
// Profiles: "phone" (375 px, 150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower) and
// "laptop" (1280 px, the machine as it is). Each visit is a fresh browser context (nothing cached)
// against the production server (warm: the page was served once before). Measured from the
// navigation's start: the first post title on / and the post title on /posts/{slug} painted (the
// first animation frame in which the element is laid out, and not before the first contentful
// paint), the first contentful paint, and what was downloaded by then.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../apps/web/scripts/chromium.mjs";
import { PHONE } from "../apps/web/scripts/phone.mjs";
import { benchDir, ensureDataset } from "./lib/dataset.mjs";
import { startForumOnCopy } from "./lib/forumOnCopy.mjs";

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    runs: { type: "string", default: "5" },
    out: { type: "string", default: join(benchDir, "results", "web.json") },
    web: { type: "boolean", default: false },
  },
});
const scale = Number(values.scale);
const runs = Number(values.runs);

export const PROFILES = {
  phone: { ...PHONE, targetMs: 1200 },
  laptop: {
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
    network: null,
    cpuSlowdown: 1,
    targetMs: 250,
  },
};

/** Runs in the page before its own scripts: notes when `selector` is first laid out in a frame. */
function watchFor(selector) {
  const check = () => {
    const element = document.querySelector(selector);
    if (element && element.getBoundingClientRect().height > 0) {
      window.__contentAt = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

async function visit(browser, profile, url, selector) {
  const context = await browser.newContext({
    viewport: profile.viewport,
    isMobile: profile.isMobile,
    hasTouch: profile.hasTouch,
    deviceScaleFactor: profile.deviceScaleFactor,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (profile.network) await cdp.send("Network.emulateNetworkConditions", { offline: false, ...profile.network });
  if (profile.cpuSlowdown > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown });
  await page.addInitScript(watchFor, selector);
  const requests = [];
  page.on("request", (request) => requests.push({ url: request.url(), at: Date.now() }));
  await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  await page.waitForFunction(() => window.__contentAt !== undefined, null, { timeout: 60_000 });
  const figures = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0];
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    const before = performance.getEntriesByType("resource").filter((entry) => entry.responseEnd <= window.__contentAt);
    return {
      // Nothing is painted before the first contentful paint, even if laid out sooner.
      contentMs: Math.max(window.__contentAt, fcp?.startTime ?? 0),
      fcpMs: fcp?.startTime ?? null,
      htmlResponseEndMs: navigation?.responseEnd ?? null,
      // The whole stylesheet, linked for after the first paint (the page carries the rules it uses).
      cssResponseEndMs:
        performance.getEntriesByType("resource").find((entry) => /\/index-[\w-]+\.css$/.test(entry.name))
          ?.responseEnd ?? null,
      loadMs: navigation?.loadEventEnd ?? null,
      htmlKB: (navigation?.encodedBodySize ?? 0) / 1024,
      resourcesBeforeContent: before.length,
      kbBeforeContent: before.reduce((sum, entry) => sum + entry.encodedBodySize, 0) / 1024,
    };
  });
  const apiReads = requests.filter((request) => /\/(trpc|api)\//.test(new URL(request.url).pathname)).length;
  await context.close();
  return { ...figures, apiReads };
}

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value) => (value === null ? null : Math.round(value));

async function main() {
  const dataset = ensureDataset(scale);
  const forum = await startForumOnCopy(dataset, { name: "web-bench" });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    headless: true,
  });
  try {
    const first = (await (await fetch(`${forum.base}/api/posts?limit=1`)).json())[0];
    const pages = [
      { name: "home", path: "/", selector: "main article h2 a" },
      { name: "post", path: `/posts/${first.slug}`, selector: "main article h1" },
      { name: "post (500 replies)", path: `/posts/${dataset.summary.busyPost.slug}`, selector: "main article h1" },
    ];
    // Served once before: the figures are a visitor's, from a warm server.
    for (const page of pages) await (await fetch(forum.base + page.path)).arrayBuffer();
    const results = [];
    for (const [profileName, profile] of Object.entries(PROFILES)) {
      for (const page of pages) {
        const visits = [];
        for (let run = 0; run < runs; run++)
          visits.push(await visit(browser, profile, forum.base + page.path, page.selector));
        const pick = (key) => round(median(visits.map((one) => one[key]).filter((value) => value !== null)));
        const result = {
          profile: profileName,
          page: page.name,
          path: page.path,
          contentMs: pick("contentMs"),
          contentMsAll: visits.map((one) => round(one.contentMs)),
          fcpMs: pick("fcpMs"),
          htmlResponseEndMs: pick("htmlResponseEndMs"),
          cssResponseEndMs: pick("cssResponseEndMs"),
          loadMs: pick("loadMs"),
          htmlKB: Math.round(median(visits.map((one) => one.htmlKB)) * 10) / 10,
          resourcesBeforeContent: pick("resourcesBeforeContent"),
          kbBeforeContent: Math.round(median(visits.map((one) => one.kbBeforeContent)) * 10) / 10,
          apiReads: Math.max(...visits.map((one) => one.apiReads)),
          targetMs: profile.targetMs,
        };
        result.met = result.contentMs <= profile.targetMs;
        results.push(result);
        console.log(
          `${profileName.padEnd(7)} ${page.name.padEnd(19)} content ${String(result.contentMs).padStart(5)} ms ` +
            `(runs ${result.contentMsAll.join(", ")})  FCP ${result.fcpMs} ms  HTML ${result.htmlKB} KB ` +
            `(in at ${result.htmlResponseEndMs} ms, whole CSS at ${result.cssResponseEndMs} ms)  ` +
            `${result.resourcesBeforeContent} files / ${result.kbBeforeContent} KB before it  ` +
            `API reads ${result.apiReads}  target ≤${profile.targetMs} ${result.met ? "✓" : "✗"}`,
        );
      }
    }
    const report = {
      date: new Date().toISOString(),
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "unknown cpu",
      memoryMB: Math.round(totalmem() / 1024 / 1024),
      loadAverage: loadavg().map((value) => Math.round(value * 10) / 10),
      chromium: browser.version(),
      scale,
      runs,
      results,
    };
    mkdirSync(dirname(values.out), { recursive: true });
    writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nWritten to ${values.out}`);
  } finally {
    await browser.close();
    await forum.stop();
  }
}

await main();
