// A worker thread that runs a module from its TypeScript source (tests, `npm run dev`): loads tsx's
// require hook, then the module whose path is the worker's first argument. A file of its own, so
// no worker is started from a string with `eval` (see packageWorker.ts).
const { require: requireTs } = require("tsx/cjs/api");
const path = process.argv[2];
if (!path) throw new Error("tsWorker.cjs: the module's path is the worker's first argument");
requireTs(path, path);
