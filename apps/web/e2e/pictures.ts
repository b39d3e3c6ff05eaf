// Pictures for the upload tests, made here: a PNG encoder small enough to read (no image
// library in the web app's dependencies), and a face to recognise in screenshots.
import { crc32, deflateSync } from "node:zlib";

type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGB PNG whose pixel at (x, y) is `color(x, y)`. */
export function png(width: number, height: number, color: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set(color(x, y), y * (width * 3 + 1) + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A wide picture: an orange smiling face on teal, centred, so a square crop keeps all of it. */
export function smileyPng(width = 360, height = 240): Buffer {
  const cx = width / 2;
  const cy = height / 2;
  const r = Math.min(width, height) * 0.38;
  return png(width, height, (x, y) => {
    const dx = x - cx;
    const dy = y - cy;
    const eye = Math.hypot(Math.abs(dx) - r * 0.38, dy + r * 0.3) < r * 0.12;
    const mouth = Math.abs(Math.hypot(dx, dy + r * 0.1) - r * 0.55) < r * 0.06 && dy > r * 0.15;
    if (eye || mouth) return [124, 45, 18];
    if (Math.hypot(dx, dy) < r) return [245, 158, 11];
    return [15, 118, 110];
  });
}
