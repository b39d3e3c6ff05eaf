// Preloaded into the forum server by the live-streams benchmark (node --expose-gc --require): its
// main thread's memory, asked for over the IPC channel, so the cost of open streams can be read as
// heap as well as resident size. "memory:read" answers process.memoryUsage() in bytes as it is;
// "memory:gc" first runs two full collections (when --expose-gc is on), so what is left is live.
process.on("message", (message) => {
  if (message !== "memory:read" && message !== "memory:gc") return;
  if (message === "memory:gc" && typeof global.gc === "function") {
    global.gc();
    global.gc();
  }
  process.send?.({
    memory: { ...process.memoryUsage(), collected: message === "memory:gc" && typeof global.gc === "function" },
  });
});
// The channel must not keep a server alive that is asked to stop.
process.channel?.unref();
