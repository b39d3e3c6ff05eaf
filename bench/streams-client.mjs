// The live streams' client (issue 31), in its own process so parsing thousands of streams does not
// stall the server it measures, nor the writer's clock. Opens `count` streams of
// GET /api/events?post=<id> from many loopback addresses (the server lets at most 32 streams in per
// address: Linux routes all of 127.0.0.0/8 to lo, so each group of `perAddress` streams binds its
// own 127.0.x.y), spreads them evenly over `posts`, and stamps every `reply` event's arrival with
// performance.timeOrigin + performance.now() (comparable with the writer's stamps on this machine).
//   node bench/streams-client.mjs <settings.json>   (forked: talks to its parent over IPC)
// settings: { host, port, count, posts, perAddress, concurrency, arrivalsFile }
// Messages: "open" → { opened, refused, ms }; "collect" → writes the arrivals (binary) to
// arrivalsFile, answers { arrivals, events, keepAlives, closedEarly, failures }; "close" → ends every
// stream, answers { closed }.
import { readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";

const settings = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { host, port, count, posts, perAddress = 31, concurrency = 100, arrivalsFile } = settings;
const now = () => performance.timeOrigin + performance.now();

/** Arrivals of reply events: reply id, stream index, time (ms since the epoch, sub-ms). */
let capacity = 1 << 20;
let replyIds = new Int32Array(capacity);
let streamIndexes = new Int32Array(capacity);
let times = new Float64Array(capacity);
let arrivals = 0;
const grow = () => {
  capacity *= 2;
  const more = (Type, old) => {
    const next = new Type(capacity);
    next.set(old);
    return next;
  };
  replyIds = more(Int32Array, replyIds);
  streamIndexes = more(Int32Array, streamIndexes);
  times = more(Float64Array, times);
};

let events = 0;
let keepAlives = 0;
let closedEarly = 0;
let closing = false;
const failures = new Map();
const fail = (what) => failures.set(what, (failures.get(what) ?? 0) + 1);
/** Open requests, to end them at "close". */
const open = [];

const REPLY_ID = /"replyId":(\d+)/;

/** Handles one event block of a stream (the text between two blank lines). */
function onBlock(block, index, at) {
  if (block.startsWith(":")) {
    keepAlives++;
    return;
  }
  if (!block.includes("\nevent: ")) return; // retry:, or the current id
  events++;
  if (!block.includes("\nevent: reply\n")) return;
  const match = REPLY_ID.exec(block);
  if (!match) return;
  if (arrivals === capacity) grow();
  replyIds[arrivals] = Number(match[1]);
  streamIndexes[arrivals] = index;
  times[arrivals] = at;
  arrivals++;
}

/** Opens stream `index`; resolves true once its 200 arrived, false when refused or failed. */
function openStream(index) {
  const address = Math.floor(index / perAddress);
  // 127.0.1.1, 127.0.1.2, ... (skips .0 and .255 of each /24, which are still fine but look odd).
  const localAddress = `127.0.${1 + Math.floor(address / 250)}.${1 + (address % 250)}`;
  const postId = posts[index % posts.length];
  return new Promise((resolve) => {
    const outgoing = request(
      {
        host,
        port,
        path: `/api/events?post=${postId}`,
        localAddress,
        agent: false,
        headers: { accept: "text/event-stream" },
      },
      (response) => {
        if (response.statusCode !== 200) {
          fail(`status ${response.statusCode}`);
          response.resume();
          resolve(false);
          return;
        }
        response.setEncoding("utf8");
        let buffer = "";
        response.on("data", (chunk) => {
          const at = now();
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end !== -1) {
            onBlock(buffer.slice(0, end), index, at);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf("\n\n");
          }
        });
        response.once("close", () => {
          if (!closing) closedEarly++;
        });
        resolve(true);
      },
    );
    outgoing.once("error", (error) => {
      if (!closing) fail(error.code ?? "error");
      resolve(false);
    });
    outgoing.end();
    open.push(outgoing);
  });
}

async function openAll() {
  const started = performance.now();
  let next = 0;
  let opened = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      if (await openStream(index)) opened++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { opened, refused: count - opened, ms: Math.round(performance.now() - started) };
}

process.on("message", async (message) => {
  if (message === "open") {
    process.send({ open: await openAll() });
  } else if (message === "collect") {
    // Binary: arrivals × (reply id int32, stream index int32, time float64), little-endian as is.
    const bytes = Buffer.concat([
      Buffer.from(replyIds.buffer, 0, arrivals * 4),
      Buffer.from(streamIndexes.buffer, 0, arrivals * 4),
      Buffer.from(times.buffer, 0, arrivals * 8),
    ]);
    writeFileSync(arrivalsFile, bytes);
    process.send({
      collected: { arrivals, events, keepAlives, closedEarly, failures: Object.fromEntries(failures) },
    });
  } else if (message === "close") {
    closing = true;
    for (const outgoing of open) outgoing.destroy();
    // Let the sockets' closes reach the server before answering.
    await new Promise((resolve) => setTimeout(resolve, 500));
    process.send({ closed: open.length });
    open.length = 0;
  }
});
process.send({ ready: true });
