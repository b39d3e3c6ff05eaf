// The console report: one Markdown table (readable in a terminal, pasteable into bench/README.md),
// then the figures with a target of their own.

function table(header, rows) {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => String(row[column]).length)),
  );
  const line = (cells) => `| ${cells.map((cell, column) => String(cell).padEnd(widths[column])).join(" | ")} |`;
  return [line(header), `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

export function printTable(report, results, targetOf, meta) {
  const { cpuModel, web, summary, duration, connections, title } = meta;
  console.log(
    `\n${title ? `${title} · ` : ""}${report.date} · ${report.cpus} × ${cpuModel} · ${Math.round(report.memoryMB / 1024)} GB · Node ${process.version} · ` +
      `scale ${report.scale} (${summary.counts.posts} posts, ${summary.counts.replies} replies, ${summary.counts.votes} votes) · ` +
      `${connections} connections × ${duration} s\n`,
  );
  const rows = results.map((entry, index) => {
    const scenario = report.scenarios[index];
    const target = targetOf(entry, report.engine);
    const failed = entry.failed > 0 ? ` (${entry.failed} failed)` : "";
    return [
      scenario.name,
      scenario.door,
      `${scenario.rps}${failed}`,
      scenario.p50Ms,
      scenario.p99Ms,
      scenario.ratio.toFixed(3),
      entry.bytes === undefined ? "" : (entry.bytes / 1024).toFixed(1),
      scenario.mbPerSecond ?? "",
      target ? `${target.text} ${target.met === null ? "" : target.met(scenario) ? "✓" : "✗"}`.trim() : "",
    ];
  });
  console.log(table(["scenario", "door", "req/s", "p50 ms", "p99 ms", "× roof", "KB", "MB/s", "target"], rows));

  const byName = new Map(report.scenarios.map((scenario) => [scenario.name, scenario]));
  const rest = byName.get("posts hot");
  const trpc = byName.get("posts hot via tRPC");
  const lines = [];
  const roof = results.find((entry) => entry.drift);
  if (roof) lines.push(`roof: ${roof.drift.first} req/s first, ${roof.drift.last} req/s last (roofRps is the mean)`);
  if (rest && trpc) {
    const share = trpc.rps / rest.rps;
    const paired = report.doors
      ? `; in alternating slices ${report.doors.trpcRps} / ${report.doors.restRps} req/s, median ratio ${report.doors.ratio.toFixed(2)}`
      : "";
    const judged = report.doors?.ratio ?? share;
    lines.push(
      `tRPC door / REST door (home feed): ${share.toFixed(2)} in the table${paired} (target ≥ 0.80) ${judged >= 0.8 ? "✓" : "✗"}`,
    );
  }
  for (const scenario of report.scenarios) {
    const same = scenario.sameSizeRoof;
    if (!same) continue;
    lines.push(
      `${scenario.name}: ${scenario.rps} req/s = ${scenario.ratio} of the roof, ${same.ratio} of a same-size roof ` +
        `(${(same.wireBytes / 1024).toFixed(1)} KB answers: ${same.rps} req/s)`,
    );
  }
  if (report.peakRssMB !== null) {
    lines.push(`server peak RSS: ${report.peakRssMB} MB (target ≤ 300) ${report.peakRssMB <= 300 ? "✓" : "✗"}`);
  }
  if (web) {
    lines.push(
      `visitor JavaScript for "/": ${web.kb} KB gzip in ${web.files.length} files (target ≤ 150) ${web.kb <= 150 ? "✓" : "✗"}`,
    );
  }
  for (const entry of results) {
    if (entry.probe) {
      lines.push(
        `reads during "${entry.name}": GET /api/categories every 20 ms, p50 ${entry.probe.p50Ms} ms, p99 ${entry.probe.p99Ms} ms, max ${entry.probe.maxMs} ms (${entry.probe.count} probes)`,
      );
    }
    if (entry.loop) {
      const held = entry.loop.p99Ms <= 10 && entry.loop.maxMs <= 50;
      lines.push(
        `  server event-loop delay meanwhile: p50 ${entry.loop.p50Ms} ms, p99 ${entry.loop.p99Ms} ms, max ${entry.loop.maxMs} ms (target p99 ≤ 10, max ≤ 50) ${held ? "✓" : "✗"}`,
      );
    }
  }
  console.log(`\n${lines.join("\n")}`);
}
