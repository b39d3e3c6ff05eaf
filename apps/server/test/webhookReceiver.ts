// A real HTTP receiver for the webhook tests, on a free local port: every request is kept with
// its headers and raw body, and answered with `status` (and `answer` as its body). `stop()` takes
// it off the network (the port stays known, so `start()` brings the same address back).
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedCall = { headers: IncomingHttpHeaders; body: string };

export type TestReceiver = {
  url: string;
  received: ReceivedCall[];
  status: number;
  answer: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
};

export async function startReceiver(): Promise<TestReceiver> {
  let server: Server | undefined;
  let port = 0;
  const receiver: TestReceiver = {
    url: "",
    received: [],
    status: 200,
    answer: "ok",
    stop: () =>
      new Promise((resolve) => {
        server?.closeAllConnections();
        server?.close(() => resolve());
        server = undefined;
      }),
    start: async () => {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
          response.writeHead(receiver.status, { "content-type": "text/plain" }).end(receiver.answer);
        });
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(port, "127.0.0.1", resolve));
      port = (listening.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${port}/hook`;
    },
  };
  await receiver.start();
  return receiver;
}
