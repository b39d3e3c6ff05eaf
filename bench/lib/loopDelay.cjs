// Preloaded into the forum server the benchmark starts (node --require): the server's own
// event-loop delay, so a stall of the server and the noise of a shared host can be told apart
// (the read probe measures both together). The benchmark asks over the IPC channel:
//   "loop-delay:reset" starts a new measurement; "loop-delay:read" answers the figures in ms.
const { monitorEventLoopDelay } = require("node:perf_hooks");

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
const ms = (nanoseconds) => Math.round(nanoseconds / 1e5) / 10;

process.on("message", (message) => {
  if (message === "loop-delay:reset") histogram.reset();
  if (message === "loop-delay:read") {
    process.send?.({
      loopDelay: { p50Ms: ms(histogram.percentile(50)), p99Ms: ms(histogram.percentile(99)), maxMs: ms(histogram.max) },
    });
  }
});
// The channel must not keep a server alive that is asked to stop.
process.channel?.unref();
