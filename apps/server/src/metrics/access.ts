// Who may read /metrics: a client at an allowed address (request.ip, so behind a trusted proxy the
// client's own address, never the proxy's: a public request through a proxy on this machine is
// not "local"), or one bearing the token. The figures say nothing about members, but they tell
// the forum's traffic and load: not for everyone.
import { createHash, timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import type { FastifyRequest } from "fastify";

export type MetricsAccess = {
  /** IP addresses and CIDR ranges ("127.0.0.0/8", "::1", "10.0.0.0/8"). */
  allow: readonly string[];
  /** Accepted as "Authorization: Bearer <token>" from any address. */
  token?: string | undefined;
};

export function metricsAccessCheck(access: MetricsAccess): (request: FastifyRequest) => boolean {
  const allowed = blockListOf(access.allow);
  // Compared as digests: equal lengths whatever was sent, so the comparison takes the same time.
  const tokenDigest = access.token === undefined ? null : digest(access.token);
  return (request) => {
    if (isAllowedAddress(allowed, request.ip)) return true;
    if (tokenDigest === null) return false;
    const sent = /^Bearer[ ]+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
    return sent !== undefined && timingSafeEqual(digest(sent), tokenDigest);
  };
}

function blockListOf(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", bits] = entry.trim().split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

function isAllowedAddress(list: BlockList, address: string): boolean {
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4) return list.check(v4, "ipv4");
  const version = isIP(address);
  return version !== 0 && list.check(address, version === 6 ? "ipv6" : "ipv4");
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}
