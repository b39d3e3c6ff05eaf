// The address the start-up line prints: the one the forum is opened at. The public address when
// there is one; localhost when the server listens on every interface (it is one of them); else
// the address it listens on (HOST), which is the only one it answers there.
import { hostEntry, isEveryInterface } from "./allowedHosts";

export function readyUrl(options: { host: string; port: number; publicUrl: string | undefined }): string {
  if (options.publicUrl) return options.publicUrl;
  const host = isEveryInterface(options.host) ? "localhost" : (hostEntry(options.host) ?? options.host);
  return `http://${host}:${options.port}`;
}
