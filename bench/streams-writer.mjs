// The live streams' writer (issue 31): replies on an open-loop schedule (each request leaves at its
// time whatever the answers do), in turn into the posts the streams have open, from a signed-in
// member. Stamps each answer's arrival with performance.timeOrigin + performance.now(), as the
// streams' client stamps the events, so the two compare across processes on this machine.
//   node bench/streams-writer.mjs <settings.json>   (forked: "stop" ends the schedule early)
// settings: { base, cookie, posts, rate, seconds, connections }. Sends its figures over IPC:
// { replies: [[replyId, postId, answeredAt, scheduledAt]], count, errors, failures, p50Ms, p99Ms, maxMs }.
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";

const settings = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { base, cookie, posts, rate, seconds, connections = 50 } = settings;
const url = new URL(base);
const agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
const now = () => performance.timeOrigin + performance.now();
const runId = Date.now().toString(36);
const interval = 1000 / rate;
let total = Math.round(seconds * rate);
let sent = 0;
let done = 0;
let start = 0;
const replies = [];
const latencies = [];
const failures = new Map();
const fail = (what) => failures.set(what, (failures.get(what) ?? 0) + 1);

function send(index, scheduledAt) {
  const postId = posts[index % posts.length];
  const body = JSON.stringify({
    content: `Live stream bench reply ${runId}-${index}: the event of this reply is timed from this answer to each open tab.`,
  });
  const outgoing = request(
    {
      agent,
      host: url.hostname,
      port: url.port,
      method: "POST",
      path: `/api/posts/${postId}/replies`,
      headers: { host: url.host, "content-type": "application/json", cookie },
    },
    (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.once("end", () => {
        const answeredAt = now();
        done++;
        latencies.push(performance.now() - scheduledAt);
        if (response.statusCode !== 201) {
          fail(`status ${response.statusCode}`);
          return;
        }
        try {
          const answer = JSON.parse(text);
          const id = answer.data?.id ?? answer.id;
          if (!Number.isSafeInteger(id)) throw new Error("no id");
          replies.push([id, postId, answeredAt, performance.timeOrigin + scheduledAt]);
        } catch {
          fail("answer without a reply id");
        }
      });
    },
  );
  outgoing.once("error", (error) => {
    done++;
    fail(error.code ?? "error");
  });
  outgoing.end(body);
}

function tick() {
  const at = performance.now();
  while (sent < total && start + sent * interval <= at) {
    send(sent, start + sent * interval);
    sent++;
  }
  if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
}

process.on("message", (message) => {
  if (message === "stop") total = Math.min(total, sent);
});

start = performance.now();
tick();
const deadline = () => start + (total / rate) * 1000 + 30_000;
await new Promise((resolve) => {
  const wait = () =>
    sent >= total && (done >= sent || performance.now() > deadline()) ? resolve() : setTimeout(wait, 10);
  wait();
});
if (done < sent) failures.set("no answer within 30 s", sent - done);
agent.destroy();
const sorted = Float64Array.from(latencies).sort();
const at = (q) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
process.send(
  {
    written: {
      replies,
      count: sent,
      errors: [...failures.values()].reduce((sum, n) => sum + n, 0),
      failures: Object.fromEntries(failures),
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      maxMs: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
    },
  },
  () => process.exit(0),
);
