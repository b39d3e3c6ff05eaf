// Read probe run beside a write scenario: one GET every 20 ms for the given time, one at a time;
// prints the latencies' p50, p99 and max as JSON. Own process, so the load generator's busy event
// loop does not add to what it measures.
//   node bench/probe.mjs <url> <milliseconds>
const [url, ms] = [process.argv[2], Number(process.argv[3] ?? 10_000)];
const latencies = [];
let failures = 0;
const end = performance.now() + ms;
while (performance.now() < end) {
  const sent = performance.now();
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) failures++;
  } catch {
    failures++;
  }
  latencies.push(performance.now() - sent);
  await new Promise((resolve) => setTimeout(resolve, 20));
}
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
const round = (value) => Math.round(value * 10) / 10;
console.log(
  JSON.stringify({
    count: latencies.length,
    failures,
    p50Ms: round(at(0.5)),
    p99Ms: round(at(0.99)),
    maxMs: round(at(1)),
  }),
);
