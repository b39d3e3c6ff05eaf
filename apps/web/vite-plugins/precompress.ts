// After the build, writes a .gz (gzip, level 9) and a .br (brotli, quality 11) next to every
// text file of the web build over 1 KB. The server sends them to clients that accept them
// (@fastify/static's preCompressed), so nothing is compressed per request and at the best level.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = new Set([".js", ".css", ".html", ".svg", ".json"]);
const MIN_BYTES = 1024;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "forum:precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await listFiles(outDir);
      await Promise.all(files.filter((path) => COMPRESSIBLE.has(extname(path))).map(writeCompressedCopies));
    },
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat();
}

async function writeCompressedCopies(path: string) {
  const content = await readFile(path);
  if (content.length <= MIN_BYTES) return;
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(content, { level: 9 }),
    brotliAsync(content, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  ]);
  await Promise.all([writeFile(`${path}.gz`, gzipped), writeFile(`${path}.br`, brotli)]);
}
