// A zip archive written as it goes, for the .xlsx export: each file is deflated by Node's zlib
// (native, on libuv's thread pool, so the event loop serves other requests while a large sheet is
// compressed; fflate's JavaScript deflate took 3 to 10 times as long and held the loop), its sizes
// and CRC-32 follow it in a data descriptor (they are not known when its header is sent), and the
// central directory closes the archive. No ZIP64: a file or the archive must stay under 4 GiB
// (100,000 posts make a sheet of about 300 MB).
import { once } from "node:events";
import { crc32, createDeflateRaw } from "node:zlib";

type Entry = { name: Buffer; crc: number; compressed: number; size: number; offset: number };

const FOUR_GIB = 0x1_0000_0000;
/** Bit 3: sizes and CRC in a data descriptor after the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

/** The MS-DOS time and date of a moment (local fields, as zip tools read them; 2 s precision). */
function dosDateTime(ms: number): { time: number; date: number } {
  const at = new Date(ms);
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    date: ((Math.max(1980, at.getFullYear()) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

export class ZipStream {
  private readonly entries: Entry[] = [];
  private offset = 0;
  private readonly stamp: { time: number; date: number };

  constructor(mtime: number) {
    this.stamp = dosDateTime(mtime);
  }

  /** The archive's bytes for one file whose content `chunks` gives, piece by piece. */
  async *file(name: string, chunks: AsyncIterable<Buffer> | Iterable<Buffer>): AsyncGenerator<Buffer> {
    const entry: Entry = { name: Buffer.from(name, "utf8"), crc: 0, compressed: 0, size: 0, offset: this.offset };
    yield this.counted(this.localHeader(entry));
    const deflate = createDeflateRaw({ level: 6 });
    let ready: Buffer[] = [];
    deflate.on("data", (piece: Buffer) => ready.push(piece));
    const take = () => {
      const out = ready;
      ready = [];
      for (const piece of out) entry.compressed += piece.length;
      return out.map((piece) => this.counted(piece));
    };
    for await (const chunk of chunks) {
      entry.crc = crc32(chunk, entry.crc);
      entry.size += chunk.length;
      if (!deflate.write(chunk)) await once(deflate, "drain");
      yield* take();
    }
    const ended = once(deflate, "end");
    deflate.end();
    await ended;
    yield* take();
    if (entry.size >= FOUR_GIB || this.offset >= FOUR_GIB) throw new Error("the export passed 4 GiB (no ZIP64)");
    yield this.counted(this.descriptor(entry));
    this.entries.push(entry);
  }

  /** The central directory and its end record: the archive's last bytes. */
  end(): Buffer {
    const start = this.offset;
    const directory = this.entries.map((entry) => this.counted(this.centralHeader(entry)));
    const size = this.offset - start;
    const last = Buffer.alloc(22);
    last.writeUInt32LE(0x06054b50, 0);
    last.writeUInt16LE(this.entries.length, 8);
    last.writeUInt16LE(this.entries.length, 10);
    last.writeUInt32LE(size, 12);
    last.writeUInt32LE(start, 16);
    return Buffer.concat([...directory, last]);
  }

  private counted(bytes: Buffer): Buffer {
    this.offset += bytes.length;
    return bytes;
  }

  private localHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    // CRC and sizes (14-25) stay 0: the data descriptor has them.
    header.writeUInt16LE(entry.name.length, 26);
    return Buffer.concat([header, entry.name]);
  }

  private descriptor(entry: Entry): Buffer {
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    return descriptor;
  }

  private centralHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(VERSION, 6);
    header.writeUInt16LE(FLAGS, 8);
    header.writeUInt16LE(DEFLATE, 10);
    header.writeUInt16LE(this.stamp.time, 12);
    header.writeUInt16LE(this.stamp.date, 14);
    header.writeUInt32LE(entry.crc >>> 0, 16);
    header.writeUInt32LE(entry.compressed, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(entry.name.length, 28);
    header.writeUInt32LE(entry.offset, 42);
    return Buffer.concat([header, entry.name]);
  }
}
