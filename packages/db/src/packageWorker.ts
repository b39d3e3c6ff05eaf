// The server's worker threads and the modules they load: the server bundle's dist/<name>.cjs
// beside it, or the TypeScript source when the code runs from sources (tests, `npm run dev`),
// loaded through tsx's require hook (a worker does not inherit the parent's TypeScript loader).
// Every such module is listed in workerModules.json and built beside the bundle
// (apps/server/build.mjs); tests may start modules of their own by folder and name.
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

/** Starts module `module` on a worker thread: the bundle's file, or its source through tsWorker.cjs. */
export function startPackageWorker(module: ServerModule, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  const path = serverModulePath(module.name, module.sourceDir);
  const options = resourceLimits ? { workerData, resourceLimits } : { workerData };
  if (!path.endsWith(".ts")) return new Worker(path, options);
  return new Worker(join(here, "tsWorker.cjs"), { ...options, argv: [path] });
}
