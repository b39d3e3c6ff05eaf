// The real web build (apps/web/dist, with its server render in dist/server), for the suites that
// check server-rendered pages. turbo builds it before the server's tests (turbo.json).
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

export const WEB_DIST = resolve(import.meta.dirname, "..", "..", "web", "dist");

export function requireWebBuild(): string {
  if (!existsSync(join(WEB_DIST, "server", "entry-server.mjs"))) {
    throw new Error(`No web build with its server render in ${WEB_DIST}: run npm run build first`);
  }
  return WEB_DIST;
}
