// How far V8 lets the heap grow past what the last full collection kept alive.
//
// V8 picks a growing factor of up to 4 when collections are fast, which they are here: about 60 MB
// of the server's heap is alive (kept answers, pages, compiled code) and the rest is garbage of
// answered requests. Under a burst of searches or page renders (objects alive across two young
// collections are promoted, 2 MB every 50 ms) the heap then reached 240-500 MB before the next full
// collection, and the server's peak RSS 742 MB at `npm run bench` (target <= 300 MB, issue 5).
// A fixed factor of 1.25 makes full collections more frequent (each about 20 ms, incremental,
// off the request path for most of it) and bounds the heap by what is alive, not by the request
// rate. It is not a cap: a heap that really holds more (a bulk import) still grows.
// Measured in bench/README.md ("Server memory").
import { setFlagsFromString } from "node:v8";

export const HEAP_GROWING_PERCENT = 25;

export function limitHeapGrowth(percent = HEAP_GROWING_PERCENT): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
