// Starts one of the server's worker threads: the server bundle's dist/<name>.cjs beside it, or
// the TypeScript source when the code runs from sources (tests, `npm run dev`), loaded through
// tsx's require hook (a worker does not inherit the parent's TypeScript loader). Every worker is
// built beside the bundle (apps/server/build.mjs); its source is in this package unless the
// caller names the folder it is in (another workspace package's worker).
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";

export function startPackageWorker(
  name: string,
  workerData: unknown,
  sourceDir: string = dirname(fileURLToPath(import.meta.url)),
  resourceLimits?: ResourceLimits,
): Worker {
  const here = dirname(fileURLToPath(import.meta.url));
  const bundled = join(here, `${name}.cjs`);
  const options = resourceLimits ? { workerData, resourceLimits } : { workerData };
  if (existsSync(bundled)) return new Worker(bundled, options);
  const source = join(sourceDir, `${name}.ts`);
  const tsx = createRequire(import.meta.url).resolve("tsx/cjs/api");
  const load = `require(${JSON.stringify(tsx)}).require(${JSON.stringify(source)}, ${JSON.stringify(source)});`;
  return new Worker(load, { eval: true, ...options });
}
