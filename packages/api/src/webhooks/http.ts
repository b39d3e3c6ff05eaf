// One webhook call: a POST that connects only to an allowed address (addresses.ts, checked on the
// address DNS gave and that the socket then uses, so a name cannot resolve one way for the check
// and another for the call), follows no redirect, gives up after WEBHOOK_TIMEOUT_MS, and reads
// at most RESPONSE_LIMIT bytes of what comes back.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { WEBHOOK_TIMEOUT_MS } from "@forum/contracts";
import { isForbiddenAddress } from "./addresses";

/** The start of a response's body kept for the Webhooks screen. */
export const RESPONSE_LIMIT = 1024;

export type WebhookResponse = { status: number; body: string };

export class WebhookCallError extends Error {}

const refusal = (address: string) =>
  new WebhookCallError(`refused: ${address} is a private, loopback or link-local address`);

/** DNS, then the check, on every address the connection may use. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 4);
      const forbidden = allowPrivate ? undefined : addresses.find((entry) => isForbiddenAddress(entry.address));
      if (forbidden) return callback(refusal(forbidden.address), "", 4);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new WebhookCallError(`no address for ${hostname}`), "", 4);
      callback(null, first.address, first.family);
    });
  };
}

export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<WebhookResponse> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  // A literal address is connected to without a look-up: checked here.
  if (isIP(host) !== 0 && !options.allowPrivate && isForbiddenAddress(host)) return Promise.reject(refusal(host));
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(target, {
      method: "POST",
      headers: { ...headers, "Content-Length": Buffer.byteLength(body) },
      lookup: guardedLookup(options.allowPrivate),
      // No connection kept: each delivery checks its address anew.
      agent: false,
    });
    const deadline = setTimeout(
      () => request.destroy(new WebhookCallError(`no answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    const finish = (outcome: () => void) => {
      clearTimeout(deadline);
      outcome();
    };
    request.on("error", (error) => finish(() => reject(error)));
    request.on("response", (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish(() =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8").slice(0, RESPONSE_LIMIT),
          }),
        );
      response.on("data", (chunk: Buffer) => {
        if (size >= RESPONSE_LIMIT) return;
        chunks.push(chunk.subarray(0, RESPONSE_LIMIT - size));
        size += chunk.length;
        // Enough read: the rest is not wanted.
        if (size >= RESPONSE_LIMIT) {
          response.destroy();
          done();
        }
      });
      response.on("end", done);
      response.on("error", (error) => finish(() => reject(error)));
    });
    request.end(body);
  });
}
