import { crc32, inflateRawSync } from 'node:zlib';

/**
 * Reads one file out of a ZIP archive held in memory. Sizes, offsets and checksums come from the
 * central directory, so entries written with a data descriptor (sizes after the data) read too.
 * Not supported: ZIP64, encryption, and compression other than stored (0) and deflate (8).
 */

export class ZipFormatError extends Error {}

/** The first four bytes of a ZIP archive: a local file header, `PK\x03\x04`. */
const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** The end record is 22 bytes, followed by a comment of up to 65 535. */
const END_RECORD_LENGTH = 22;
const MAX_COMMENT_LENGTH = 0xffff;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x1;

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** Whether `head` starts like a ZIP archive (at least its first four bytes are needed). */
export function isZip(head: Uint8Array): boolean {
  return head.length >= 4 && Buffer.from(head.buffer, head.byteOffset, 4).readUInt32LE(0) === LOCAL_HEADER;
}

/**
 * Extracts the one file whose name ends with `extension` (case-insensitive; folders and macOS
 * `__MACOSX/` metadata are ignored). Throws a ZipFormatError if `zip` is not a ZIP, holds no such
 * file or several, or the file cannot be read; `maxBytes` bounds the extracted size.
 */
export function extractSingleEntry(zip: Buffer, extension: string, maxBytes = 256 * 1024 * 1024): ZipEntry {
  if (!isZip(zip)) throw new ZipFormatError('not a ZIP archive (it does not start with "PK\\x03\\x04")');
  const wanted = extension.toLowerCase();
  const matching = centralDirectory(zip).filter(
    (entry) =>
      !entry.name.endsWith('/') &&
      !entry.name.startsWith('__MACOSX/') &&
      entry.name.toLowerCase().endsWith(wanted),
  );
  if (matching.length === 0) throw new ZipFormatError(`the ZIP archive has no ${extension} entry`);
  if (matching.length > 1) {
    const names = matching.map((entry) => entry.name).join(', ');
    throw new ZipFormatError(
      `the ZIP archive has ${matching.length} ${extension} entries (${names}): expected one`,
    );
  }
  return { name: matching[0].name, data: readEntry(zip, matching[0], maxBytes) };
}

interface CentralEntry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

function centralDirectory(zip: Buffer): CentralEntry[] {
  const end = findEndRecord(zip);
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    throw new ZipFormatError('ZIP64 archives are not supported');
  }
  if (directoryOffset + directorySize > end)
    throw new ZipFormatError('the ZIP central directory is truncated');
  const entries: CentralEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL_HEADER) {
      throw new ZipFormatError(`the ZIP central directory is malformed at entry ${i + 1}`);
    }
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localHeaderOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The offset of the end-of-central-directory record, searched from the end past any comment. */
function findEndRecord(zip: Buffer): number {
  const last = zip.length - END_RECORD_LENGTH;
  const first = Math.max(0, last - MAX_COMMENT_LENGTH);
  for (let at = last; at >= first; at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw new ZipFormatError('the ZIP archive has no end of central directory record (truncated?)');
}

function readEntry(zip: Buffer, entry: CentralEntry, maxBytes: number): Buffer {
  if (entry.flags & ENCRYPTED_FLAG) throw new ZipFormatError(`${entry.name} is encrypted`);
  if (entry.method !== STORED && entry.method !== DEFLATED) {
    throw new ZipFormatError(`${entry.name}: unsupported compression method ${entry.method}`);
  }
  if (entry.size > maxBytes) {
    throw new ZipFormatError(
      `${entry.name} is ${entry.size} bytes unzipped, more than the ${maxBytes} allowed`,
    );
  }
  const header = entry.localHeaderOffset;
  if (header + 30 > zip.length || zip.readUInt32LE(header) !== LOCAL_HEADER) {
    throw new ZipFormatError(`${entry.name}: no local header where the central directory says`);
  }
  // The local header's name and extra field may differ in length from the central directory's.
  const start = header + 30 + zip.readUInt16LE(header + 26) + zip.readUInt16LE(header + 28);
  if (start + entry.compressedSize > zip.length) throw new ZipFormatError(`${entry.name} is truncated`);
  const raw = zip.subarray(start, start + entry.compressedSize);
  let data: Buffer;
  if (entry.method === STORED) {
    data = raw;
  } else {
    try {
      data = inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.size) });
    } catch (error) {
      throw new ZipFormatError(`${entry.name} cannot be inflated: ${(error as Error).message}`);
    }
  }
  if (data.length !== entry.size) {
    throw new ZipFormatError(
      `${entry.name} is ${data.length} bytes unzipped, not the ${entry.size} recorded`,
    );
  }
  if (crc32(data) >>> 0 !== entry.crc) throw new ZipFormatError(`${entry.name} fails its CRC-32 check`);
  return data;
}
