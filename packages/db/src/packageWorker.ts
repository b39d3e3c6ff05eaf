// The server's worker threads and the modules they load: the server bundle's dist/<name>.cjs
// beside it, or the TypeScript source when the code runs from sources (tests, `npm run dev`),
// loaded through tsx's require hook (a worker does not inherit the parent's TypeScript loader).
// Every such module is built beside the bundle (apps/server/build.mjs); its source is in this
// package unless the caller names the folder it is in (another workspace package's module).
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";

const here = dirname(fileURLToPath(import.meta.url));

/** A module built beside the server bundle as `<name>.cjs`, whose source is `<sourceDir>/<name>.ts`. */
export type ServerModule = { name: string; sourceDir: string };
const requireHere = createRequire(import.meta.url);

/** Where module `name` is: the bundle's `<name>.cjs` beside this code, or `<sourceDir>/<name>.ts`. */
export function serverModulePath(name: string, sourceDir: string = here): string {
  const bundled = join(here, `${name}.cjs`);
  return existsSync(bundled) ? bundled : join(sourceDir, `${name}.ts`);
}

/** Loads a module of serverModulePath into this thread (a TypeScript source through tsx). */
export function requireServerModule(path: string): unknown {
  return path.endsWith(".ts") ? requireHere("tsx/cjs/api").require(path, path) : requireHere(path);
}

export function startPackageWorker(
  name: string,
  workerData: unknown,
  sourceDir: string = here,
  resourceLimits?: ResourceLimits,
): Worker {
  const path = serverModulePath(name, sourceDir);
  const options = resourceLimits ? { workerData, resourceLimits } : { workerData };
  if (!path.endsWith(".ts")) return new Worker(path, options);
  const tsx = requireHere.resolve("tsx/cjs/api");
  const load = `require(${JSON.stringify(tsx)}).require(${JSON.stringify(path)}, ${JSON.stringify(path)});`;
  return new Worker(load, { eval: true, ...options });
}
