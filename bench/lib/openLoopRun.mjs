// One run of the open-loop generator (bench/open-loop-client.mjs) in its own process, so its
// work does not stall the clock it measures with: the open-loop mix and the busy hour use it.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { benchDir } from "./dataset.mjs";

/** Writes `settings` into `work` for the generator; resolves to the figures it prints. */
export function generate(settings, work) {
  const file = join(work, `open-loop-${settings.mix ?? "mix"}-${settings.rate}-${settings.writesPercent ?? 0}.json`);
  writeFileSync(file, JSON.stringify(settings));
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(benchDir, "open-loop-client.mjs"), file], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      try {
        resolvePromise(JSON.parse(output));
      } catch {
        reject(new Error(`the open-loop generator exited with ${code} and no figures`));
      }
    });
  });
}
