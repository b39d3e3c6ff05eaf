// Where a first visit's main-thread time goes before the page is live (issue 26): a Chromium
// performance trace of one visit on the phone profile (apps/web/scripts/phone.mjs), from the
// navigation until <html data-hydrated> (or the load event, for a build without the mark), read as
// the main thread's tasks: each task of 50 ms or more is listed with what ran in it.
//
//   node bench/trace.mjs --path /posts/some-slug [--base http://127.0.0.1:4520] [--runs 3]
//
// Against a running server (the production build on the bench data set; bench/README.md says how).
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../apps/web/scripts/chromium.mjs";
import { PHONE, throttleLikePhone } from "../apps/web/scripts/phone.mjs";

const { values } = parseArgs({
  options: {
    base: { type: "string", default: "http://127.0.0.1:4520" },
    path: { type: "string", default: "/" },
    runs: { type: "string", default: "3" },
  },
});

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "blink.user_timing",
  "loading",
];

/** What a task was busy with: its longest piece of work, named as DevTools names it. */
function describe(children) {
  let best = null;
  for (const event of children) {
    const kind = kindOf(event);
    if (kind && (!best || event.dur > best.dur)) best = { dur: event.dur, kind };
  }
  return best?.kind ?? "other";
}

function script(url) {
  return (url ?? "").replace(/^.*\//, "").replace(/\?.*$/, "") || "(page)";
}

function kindOf(event) {
  const data = event.args?.data ?? {};
  switch (event.name) {
    case "v8.evaluateModule":
      return `evaluate module ${script(event.args?.data?.url ?? event.args?.url)}`;
    case "EvaluateScript":
      return `evaluate script ${script(data.url)}`;
    case "TimerFire":
      return "timer callback (main.tsx: start of the hydration)";
    case "FireAnimationFrame":
      return "animation frame callback";
    case "FunctionCall":
      return `function call ${script(data.url)}${data.functionName ? ` ${data.functionName}` : ""}`;
    case "ParseHTML":
      return "parse HTML";
    case "UpdateLayoutTree":
    case "RecalculateStyles":
      return "style";
    case "Layout":
      return "layout";
    case "v8.compileModule":
    case "v8.compile":
      return "compile";
    case "MajorGC":
    case "MinorGC":
      return "garbage collection";
    default:
      return null;
  }
}

async function visit(browser) {
  const context = await browser.newContext({
    viewport: PHONE.viewport,
    isMobile: PHONE.isMobile,
    hasTouch: PHONE.hasTouch,
    deviceScaleFactor: PHONE.deviceScaleFactor,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await throttleLikePhone(cdp);
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(values.base + values.path, { waitUntil: "load", timeout: 120_000 });
  // Asked through DevTools, not Playwright's waitForFunction: that one first evaluates Playwright's
  // own injected script in the page, a task of 120-180 ms on the throttled CPU that is not the forum's.
  const ask = async (expression) =>
    (await cdp.send("Runtime.evaluate", { expression, returnByValue: true })).result.value;
  let live = false;
  for (const giveUpAt = Date.now() + 60_000; !live && Date.now() < giveUpAt; ) {
    live = await ask("document.documentElement.hasAttribute('data-hydrated')");
    if (!live) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // A moment more for the last slices of work after the mark.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const liveAt = await ask("performance.now()");
  const trace = JSON.parse((await browser.stopTracing()).toString("utf8"));
  await context.close();
  return { events: trace.traceEvents ?? trace, live, liveAt };
}

function analyse({ events }) {
  const start = events.find((event) => event.name === "navigationStart" || event.name === "NavigationStart")?.ts;
  // The renderer's main thread: the one that parsed the page.
  const parse = events.find((event) => event.name === "ParseHTML");
  const main = events.filter((event) => event.pid === parse?.pid && event.tid === parse?.tid && event.ph === "X");
  const tasks = main.filter((event) => event.name === "RunTask" && event.dur > 0);
  const longTasks = tasks
    .filter((task) => task.dur >= 50_000)
    .map((task) => ({
      startMs: Math.round((task.ts - (start ?? task.ts)) / 1000),
      durationMs: Math.round(task.dur / 1000),
      what: describe(main.filter((event) => event.ts >= task.ts && event.ts < task.ts + task.dur && event !== task)),
    }));
  const busyMs = Math.round(tasks.reduce((sum, task) => sum + task.dur, 0) / 1000);
  const blockingMs = Math.round(tasks.reduce((sum, task) => sum + Math.max(0, task.dur - 50_000), 0) / 1000);
  return { busyMs, blockingMs, longTasks };
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
try {
  for (let run = 1; run <= Number(values.runs); run++) {
    const visited = await visit(browser);
    const { busyMs, blockingMs, longTasks } = analyse(visited);
    console.log(
      `run ${run}: live at ${Math.round(visited.liveAt)} ms${visited.live ? "" : " (no data-hydrated mark: load)"}; ` +
        `main thread busy ${busyMs} ms, ${longTasks.length} tasks ≥ 50 ms, ${blockingMs} ms over 50 ms`,
    );
    for (const task of longTasks)
      console.log(`  ${String(task.startMs).padStart(6)} ms  ${String(task.durationMs).padStart(5)} ms  ${task.what}`);
  }
} finally {
  await browser.close();
}
