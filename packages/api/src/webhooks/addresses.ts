// Where a webhook may not be delivered (server-side request forgery): loopback, private,
// link-local (the cloud metadata service at 169.254.169.254 among them), shared, multicast and
// reserved addresses, checked on the address actually connected to, after DNS resolution (a
// public name that resolves to 10.0.0.5 is refused), and on an IPv4 address written as IPv6.
import { BlockList, isIP } from "node:net";

const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, "ipv6");
}

/** True for an address no delivery may go to (unless the operator allows private addresses). */
export function isForbiddenAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return FORBIDDEN.check(address, "ipv4");
  if (version !== 6) return true;
  // ::ffff:10.0.0.1 is 10.0.0.1.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return FORBIDDEN.check(mapped[1], "ipv4");
  return FORBIDDEN.check(address, "ipv6");
}
