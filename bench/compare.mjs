// Flat cost (issue 5): compares runs of npm run bench on two data sets, scenario by scenario, by
// their ratios to the roof of their own run (so a slower machine cancels out), and marks each
// within 15 %. Each side may list several runs (comma-separated): the best ratio of each scenario
// is taken, since interference on a shared machine only ever slows a run down.
//   node bench/compare.mjs bench/results/scale-1.json,bench/results/scale-1b.json bench/results/scale-0.1.json
import { readFileSync } from "node:fs";

const [fullPaths, smallPaths] = process.argv.slice(2);
if (!fullPaths || !smallPaths) {
  console.error("usage: node bench/compare.mjs <full-set.json[,more.json]> <small-set.json[,more.json]>");
  process.exit(2);
}

/** Scenario name -> best ratio over the runs, and the runs' scale. */
function bestOf(paths) {
  const runs = paths.split(",").map((path) => JSON.parse(readFileSync(path, "utf8")));
  const best = new Map();
  for (const run of runs) {
    for (const scenario of run.scenarios)
      best.set(scenario.name, Math.max(best.get(scenario.name) ?? 0, scenario.ratio));
  }
  return { scale: runs[0].scale, runs: runs.length, best };
}

const full = bestOf(fullPaths);
const small = bestOf(smallPaths);
const header = [
  "scenario",
  `× roof @${full.scale} (best of ${full.runs})`,
  `× roof @${small.scale} (best of ${small.runs})`,
  "difference",
  "within 15 %",
];
const rows = [];
for (const [name, ratio] of full.best) {
  const other = small.best.get(name);
  if (other === undefined || name === "roof") continue;
  const difference = ratio / other - 1;
  rows.push([
    name,
    ratio.toFixed(3),
    other.toFixed(3),
    `${difference >= 0 ? "+" : ""}${Math.round(difference * 100)} %`,
    Math.abs(difference) <= 0.15 ? "✓" : "✗",
  ]);
}
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
console.log(
  [line(header), `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`, ...rows.map(line)].join("\n"),
);
