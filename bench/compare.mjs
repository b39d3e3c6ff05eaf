// Flat cost (issue 5): compares two runs of npm run bench scenario by scenario, by their ratios to
// the roof of their own run (a noisy machine cancels out), and marks each within 15 %.
//   node bench/compare.mjs bench/results/scale-1.json bench/results/scale-0.1.json
import { readFileSync } from "node:fs";

const [fullPath, smallPath] = process.argv.slice(2);
if (!fullPath || !smallPath) {
  console.error("usage: node bench/compare.mjs <full-set.json> <small-set.json>");
  process.exit(2);
}
const full = JSON.parse(readFileSync(fullPath, "utf8"));
const small = JSON.parse(readFileSync(smallPath, "utf8"));
const smallByName = new Map(small.scenarios.map((scenario) => [scenario.name, scenario]));

const header = ["scenario", `× roof @${full.scale}`, `× roof @${small.scale}`, "difference", "within 15 %"];
const rows = [];
for (const scenario of full.scenarios) {
  const other = smallByName.get(scenario.name);
  if (!other || scenario.name === "roof") continue;
  const difference = scenario.ratio / other.ratio - 1;
  rows.push([
    scenario.name,
    scenario.ratio.toFixed(3),
    other.ratio.toFixed(3),
    `${difference >= 0 ? "+" : ""}${Math.round(difference * 100)} %`,
    Math.abs(difference) <= 0.15 ? "✓" : "✗",
  ]);
}
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
console.log([line(header), `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`, ...rows.map(line)].join("\n"));
