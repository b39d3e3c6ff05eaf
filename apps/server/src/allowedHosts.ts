// The host names the forum answers to (issue 25). Without FORUM_PUBLIC_URL, pages, link previews,
// the sitemap and robots.txt name the forum by the request's Host header, which anyone can write:
// a request for "evil.example" would be answered with links to evil.example (and kept for the
// next visitor). So a request for a host not in the list is refused (400), as Django's
// ALLOWED_HOSTS does. With FORUM_PUBLIC_URL every absolute address comes from it, and any host
// is served unless FORUM_ALLOWED_HOSTS is set too.
import { isIP } from "node:net";
import { type NetworkInterfaceInfo, networkInterfaces } from "node:os";

/** Always allowed by default: the forum opened on this machine. */
export const LOCAL_HOSTS: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

/** A host as a Host header writes it: a name or IPv4 address, or an IPv6 address in brackets; a port. */
const HOST_HEADER = /^([a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The host name of a Host header's value, lower-case and without port or final dot; null if malformed. */
export function requestHostName(host: string | undefined): string | null {
  const match = host === undefined ? null : HOST_HEADER.exec(host);
  if (!match) return null;
  return (match[1] as string).toLowerCase().replace(/\.$/, "");
}

/**
 * One configured entry ("forum.example.com", "10.0.0.5", "::1" or "[::1]") in the form
 * requestHostName gives; null when it is not a host name or address (a port, a scheme, a path).
 */
export function hostEntry(value: string): string | null {
  const entry = value.trim();
  if (isIP(entry) === 6) return `[${entry.toLowerCase()}]`;
  if (entry.startsWith("[")) return isIP(entry.slice(1, -1)) === 6 && entry.endsWith("]") ? entry.toLowerCase() : null;
  return entry.includes(":") ? null : requestHostName(entry);
}

const EVERY_INTERFACE = new Set(["0.0.0.0", "::", "[::]"]);

/** HOST that listens on every interface of the machine. */
export const isEveryInterface = (host: string) => EVERY_INTERFACE.has(host);

/**
 * The addresses a server listening on `host` (HOST) is reached at: that address, or every
 * address of this machine's network interfaces when it listens on all of them (0.0.0.0, ::).
 */
export function listenAddresses(
  host: string,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  if (!isEveryInterface(host)) {
    const entry = hostEntry(host);
    return entry ? [entry] : [];
  }
  const addresses = Object.values(interfaces).flatMap((infos) => (infos ?? []).map((info) => info.address));
  return addresses.flatMap((address) => hostEntry(address) ?? []);
}
