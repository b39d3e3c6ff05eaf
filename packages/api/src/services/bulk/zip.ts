// Guards the .xlsx reader against a "zip bomb": a small upload that unpacks to gigabytes.
// SheetJS unpacks every entry of the archive into memory before reading anything, so the
// unpacked total is checked first, from the archive's own headers.
import { inflateRawSync } from "node:zlib";
import { MESSAGES } from "@forum/contracts";
import { badRequest } from "../../errors";

/** A 100,000-row sheet of short posts unpacks to about 40 MB; real workbooks stay well below this. */
export const MAX_UNPACKED_BYTES = 128 * 1024 * 1024;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const DEFLATE = 8;
const ZIP64_EXTRA = 0x0001;

const damaged = () => badRequest(MESSAGES.bulkNotSpreadsheet);

function endOfDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw damaged();
}

/** The unpacked size a ZIP64 local header keeps in its extra field. */
function zip64Size(bytes: Buffer, extraStart: number, extraEnd: number): number {
  for (let at = extraStart; at + 4 <= extraEnd; ) {
    const id = bytes.readUInt16LE(at);
    const length = bytes.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA && length >= 8) return Number(bytes.readBigUInt64LE(at + 4));
    at += 4 + length;
  }
  throw damaged();
}

/** Refuses the archive when its entries unpack to more than MAX_UNPACKED_BYTES in total. */
export function checkUnpackedSize(bytes: Buffer): void {
  const end = endOfDirectory(bytes);
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw damaged();
    const method = bytes.readUInt16LE(at + 10);
    const packed = bytes.readUInt32LE(at + 20);
    const local = bytes.readUInt32LE(at + 42);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);

    // SheetJS trusts the local header's size, so that is the one that counts.
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL_HEADER) throw damaged();
    const extraStart = local + 30 + bytes.readUInt16LE(local + 26);
    const dataStart = extraStart + bytes.readUInt16LE(local + 28);
    let size = bytes.readUInt32LE(local + 22);
    if (size === 0xffffffff) size = zip64Size(bytes, extraStart, dataStart);
    if (size === 0 && method === DEFLATE && packed > 0) {
      // Sizes deferred to a data descriptor: SheetJS would unpack without any bound, so
      // measure by unpacking natively with one.
      try {
        size = inflateRawSync(bytes.subarray(dataStart, dataStart + packed), {
          maxOutputLength: MAX_UNPACKED_BYTES - total + 1,
        }).length;
      } catch (error) {
        if (error instanceof RangeError) throw badRequest(MESSAGES.bulkUnpackedTooLarge);
        throw damaged();
      }
    }
    total += size;
    if (total > MAX_UNPACKED_BYTES) throw badRequest(MESSAGES.bulkUnpackedTooLarge);
  }
}
