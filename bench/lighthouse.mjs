// Lighthouse on the forum's pages (issue 26): `npm run bench -- --lighthouse [flags]` builds first and
// runs this; directly: node bench/lighthouse.mjs [flags]. See bench/README.md.
//
//   --scale <n>   data set scale (1 = 100,000 posts), the same sets as npm run bench   default 1
//   --runs <n>    Lighthouse runs per page; the median run (by performance score) counts   default 3
//   --pages <a,b> only these pages (home, post500, category, auth)                      default all
//
// Lighthouse 12.2.3 (pinned: 13 needs Node 22), mobile preset (its simulated mid-range phone: 4×
// CPU, 150 ms round trips, 1.6 Mbps), in Debian's Chromium, against the production server on a copy
// of the data set; each page is served once before (a visitor's page is then kept, as in
// production). FORUM_WEB_DIST serves another web build (an A/B of two builds on one data set).
// Writes every run to bench/results/lighthouse.json and the medians, with each page's failing
// audits, into bench/results/latest.json under "lighthouse".
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../apps/web/scripts/chromium.mjs";
import { benchDir, ensureDataset } from "./lib/dataset.mjs";
import { startForumOnCopy } from "./lib/forumOnCopy.mjs";

const LIGHTHOUSE = join(benchDir, "node_modules", ".bin", "lighthouse");
const CATEGORIES = ["performance", "accessibility", "seo"];

/** The issue's targets, on the median run. */
export const TARGETS = { performance: 95, totalBlockingTimeMs: 150, interactiveMs: 2000, firstContentfulPaintMs: 1200 };

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    runs: { type: "string", default: "3" },
    pages: { type: "string" },
    lighthouse: { type: "boolean", default: false },
  },
});
const scale = Number(values.scale);
const runs = Number(values.runs);
const resultsDir = join(benchDir, "results");

/** One Lighthouse run of `url`: its JSON report (the CLI, which starts its own Chromium). */
function runLighthouse(url, work) {
  const output = join(work, `report-${Date.now()}.json`);
  const chromeFlags = ["--headless=new", ...CHROMIUM_FLAGS].join(" ");
  return new Promise((resolve, reject) => {
    const child = spawn(
      LIGHTHOUSE,
      [
        url,
        "--quiet",
        `--chrome-flags=${chromeFlags}`,
        `--only-categories=${CATEGORIES.join(",")}`,
        "--output=json",
        `--output-path=${output}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0 || !existsSync(output)) reject(new Error(`lighthouse exited ${code}: ${stderr.slice(-2000)}`));
      else resolve(JSON.parse(readFileSync(output, "utf8")));
    });
  });
}

const round = (value) => (typeof value === "number" ? Math.round(value) : null);
const score = (category) =>
  category?.score === null || category?.score === undefined ? null : Math.round(category.score * 100);

/** What a report says, in the figures the issue names. */
function summarize(report) {
  const audits = report.audits;
  const numeric = (id) => round(audits[id]?.numericValue);
  const failing = Object.values(audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative")
    .filter((audit) => !["manual", "notApplicable"].includes(audit.scoreDisplayMode))
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      displayValue: audit.displayValue ?? null,
    }));
  const bootup = (audits["bootup-time"]?.details?.items ?? []).map((item) => ({
    url: item.url,
    totalMs: round(item.total),
    scriptingMs: round(item.scripting),
  }));
  const longTasks = (audits["long-tasks"]?.details?.items ?? []).map((item) => ({
    url: item.url,
    startMs: round(item.startTime),
    durationMs: round(item.duration),
  }));
  const breakdown = Object.fromEntries(
    (audits["mainthread-work-breakdown"]?.details?.items ?? []).map((item) => [item.group, round(item.duration)]),
  );
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(report.categories[id])])),
    firstContentfulPaintMs: numeric("first-contentful-paint"),
    largestContentfulPaintMs: numeric("largest-contentful-paint"),
    speedIndexMs: numeric("speed-index"),
    totalBlockingTimeMs: numeric("total-blocking-time"),
    interactiveMs: numeric("interactive"),
    cumulativeLayoutShift: audits["cumulative-layout-shift"]?.numericValue ?? null,
    unusedJavaScriptKiB: round((audits["unused-javascript"]?.details?.overallSavingsBytes ?? 0) / 1024),
    mainThreadMs: numeric("mainthread-work-breakdown"),
    mainThreadByKind: breakdown,
    scriptsMs: bootup,
    longTasks,
    failingAudits: failing,
    benchmarkIndex: report.environment?.benchmarkIndex ?? null,
  };
}

/** The run whose performance score is the median (Lighthouse's own advice for several runs). */
function medianRun(summaries) {
  const sorted = [...summaries].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function verdict(summary) {
  return {
    performance: (summary.scores.performance ?? 0) >= TARGETS.performance,
    totalBlockingTime: summary.totalBlockingTimeMs <= TARGETS.totalBlockingTimeMs,
    interactive: summary.interactiveMs <= TARGETS.interactiveMs,
    firstContentfulPaint: summary.firstContentfulPaintMs <= TARGETS.firstContentfulPaintMs,
  };
}

async function main() {
  const dataset = ensureDataset(scale);
  const forum = await startForumOnCopy(dataset, { name: "lighthouse", webDist: process.env.FORUM_WEB_DIST });
  const { work } = forum;
  const { summary } = dataset;
  const allPages = [
    { name: "home", path: "/" },
    { name: "post500", label: "a post with 500 replies", path: `/posts/${summary.busyPost.slug}` },
    {
      name: "category",
      label: `a category (${summary.largestCategory.slug})`,
      path: `/cats/${summary.largestCategory.slug}`,
    },
    { name: "auth", path: "/auth" },
  ];
  const wanted = values.pages?.split(",");
  const pages = wanted ? allPages.filter((page) => wanted.includes(page.name)) : allPages;
  try {
    const results = [];
    for (const page of pages) {
      const url = forum.base + page.path;
      await (await fetch(url)).arrayBuffer();
      const summaries = [];
      for (let run = 0; run < runs; run++) summaries.push(summarize(await runLighthouse(url, work)));
      const median = medianRun(summaries);
      const result = {
        page: page.name,
        label: page.label ?? page.path,
        path: page.path,
        ...median,
        runs: summaries.map((one) => ({
          performance: one.scores.performance,
          totalBlockingTimeMs: one.totalBlockingTimeMs,
          interactiveMs: one.interactiveMs,
          firstContentfulPaintMs: one.firstContentfulPaintMs,
        })),
        met: verdict(median),
      };
      results.push(result);
      const marks = Object.entries(result.met)
        .map(([name, ok]) => `${name} ${ok ? "✓" : "✗"}`)
        .join(", ");
      console.log(
        `${page.name.padEnd(9)} performance ${result.scores.performance} (runs ${result.runs.map((one) => one.performance).join(", ")})  ` +
          `accessibility ${result.scores.accessibility}  SEO ${result.scores.seo}  FCP ${result.firstContentfulPaintMs} ms  ` +
          `TBT ${result.totalBlockingTimeMs} ms  TTI ${result.interactiveMs} ms  LCP ${result.largestContentfulPaintMs} ms  ` +
          `unused JS ${result.unusedJavaScriptKiB} KiB  [${marks}]`,
      );
      for (const audit of result.failingAudits)
        console.log(`          ✗ ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
    }
    const report = {
      date: new Date().toISOString(),
      lighthouse: "12.2.3",
      preset: "mobile (simulated throttling)",
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "unknown cpu",
      memoryMB: Math.round(totalmem() / 1024 / 1024),
      loadAverage: loadavg().map((value) => Math.round(value * 10) / 10),
      webDist: process.env.FORUM_WEB_DIST ?? "apps/web/dist",
      scale,
      runsPerPage: runs,
      targets: TARGETS,
      results,
    };
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, "lighthouse.json"), `${JSON.stringify(report, null, 2)}\n`);
    // The scores and failing audits beside the load figures (latest.json is npm run bench's file).
    const latestPath = join(resultsDir, "latest.json");
    const latest = existsSync(latestPath) ? JSON.parse(readFileSync(latestPath, "utf8")) : {};
    const { results: pageResults, ...about } = report;
    latest.lighthouse = {
      ...about,
      pages: pageResults.map(({ runs: _runs, scriptsMs: _scripts, longTasks: _tasks, ...page }) => page),
    };
    writeFileSync(latestPath, `${JSON.stringify(latest, null, 2)}\n`);
    console.log(`\nWritten to ${join(resultsDir, "lighthouse.json")} and ${latestPath} (lighthouse)`);
  } finally {
    await forum.stop();
  }
}

await main();
