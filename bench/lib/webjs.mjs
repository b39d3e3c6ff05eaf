// The visitor's JavaScript for "/": the entry script and modulepreloads of the built index.html,
// the home page's lazy chunk, and every chunk those import statically, each gzipped (level 9).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { gzipSync } from "node:zlib";

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g;

export function measureWebJs(distDir, homeChunk = "HomePage") {
  const indexHtml = join(distDir, "index.html");
  if (!existsSync(indexHtml)) return null;
  const html = readFileSync(indexHtml, "utf8");
  const queue = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isEntry = tag.startsWith("<script") && /\bsrc="([^"]+\.js)"/.test(tag);
    const isPreload = tag.startsWith("<link") && /\brel="modulepreload"/.test(tag);
    const url = tag.match(/\b(?:src|href)="([^"]+)"/)?.[1];
    if ((isEntry || isPreload) && url?.startsWith("/")) queue.push(url);
  }
  const assets = existsSync(join(distDir, "assets")) ? readdirSync(join(distDir, "assets")) : [];
  const home = assets.find((file) => file.startsWith(`${homeChunk}-`) && file.endsWith(".js"));
  if (home) queue.push(`/assets/${home}`);

  const files = new Map();
  while (queue.length > 0) {
    const url = queue.shift();
    if (files.has(url)) continue;
    const source = readFileSync(join(distDir, url));
    files.set(url, { bytes: source.length, gzipBytes: gzipSync(source, { level: 9 }).length });
    for (const match of source.toString("utf8").matchAll(STATIC_IMPORT)) {
      const target = match[1];
      if (target.startsWith(".")) queue.push(posix.join(posix.dirname(url), target));
      else if (target.startsWith("/")) queue.push(target);
    }
  }
  const gzipBytes = [...files.values()].reduce((sum, file) => sum + file.gzipBytes, 0);
  return {
    kb: Math.round((gzipBytes / 1024) * 10) / 10,
    files: [...files].map(([url, size]) => ({ url, ...size })),
    home,
  };
}
