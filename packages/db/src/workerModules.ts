// The server's worker modules, listed once (workerModules.json, by name, with the source each is
// built from): the server build bundles each beside main.cjs (apps/server/build.mjs), and the
// thread starters (checkpointer, writer, reader threads, the write runner, the upload parser)
// name them here instead of passing file names around.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerModule } from "./packageWorker";
import sources from "./workerModules.json";

export type WorkerModuleName = keyof typeof sources;

/** The repository's root, from this file's place in the sources (unused by the bundle, which has the modules beside it). */
const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");

export function workerModule(name: WorkerModuleName): ServerModule {
  return { name, sourceDir: dirname(join(root, sources[name])) };
}
