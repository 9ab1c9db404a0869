import { FlateErrorCode, unzipSync, type FlateError, type UnzipFileInfo } from 'fflate';

/**
 * Picks one file out of a ZIP archive held in memory, with fflate reading the archive (its central
 * directory, so entries written with a data descriptor read too, and ZIP64). What is ours is the
 * choice of file and the limits: one match, a bounded unzipped size, stored or deflated only.
 */

export class ZipFormatError extends Error {}

/** The first four bytes of a ZIP archive: a local file header, `PK\x03\x04`. */
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

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
 * file or several, or the file cannot be read; `maxBytes` bounds the extracted size, checked against
 * the central directory before anything is inflated.
 */
export function extractSingleEntry(zip: Buffer, extension: string, maxBytes = 256 * 1024 * 1024): ZipEntry {
  if (!isZip(zip)) throw new ZipFormatError('not a ZIP archive (it does not start with "PK\\x03\\x04")');
  const wanted = extension.toLowerCase();
  const matching: UnzipFileInfo[] = [];
  // A first pass reads only the central directory: nothing is inflated.
  unzip(zip, (file) => {
    const { name } = file;
    if (!name.endsWith('/') && !name.startsWith('__MACOSX/') && name.toLowerCase().endsWith(wanted)) {
      matching.push(file);
    }
    return false;
  });
  if (matching.length === 0) throw new ZipFormatError(`the ZIP archive has no ${extension} entry`);
  if (matching.length > 1) {
    const names = matching.map((entry) => entry.name).join(', ');
    throw new ZipFormatError(
      `the ZIP archive has ${matching.length} ${extension} entries (${names}): expected one`,
    );
  }
  const [entry] = matching;
  if (entry.compression !== STORED && entry.compression !== DEFLATED) {
    throw new ZipFormatError(`${entry.name}: unsupported compression method ${entry.compression}`);
  }
  if (entry.originalSize > maxBytes) {
    throw new ZipFormatError(
      `${entry.name} is ${entry.originalSize} bytes unzipped, more than the ${maxBytes} allowed`,
    );
  }
  const data = unzip(zip, (file) => file.name === entry.name)[entry.name];
  if (data.length !== entry.originalSize) {
    throw new ZipFormatError(
      `${entry.name} is ${data.length} bytes unzipped, not the ${entry.originalSize} recorded (truncated?)`,
    );
  }
  return { name: entry.name, data: Buffer.from(data.buffer, data.byteOffset, data.length) };
}

function unzip(zip: Buffer, filter: (file: UnzipFileInfo) => boolean): Record<string, Uint8Array> {
  try {
    return unzipSync(zip, { filter });
  } catch (error) {
    if ((error as FlateError).code === FlateErrorCode.InvalidZipData) {
      throw new ZipFormatError('the ZIP archive has no end of central directory record (truncated?)');
    }
    throw new ZipFormatError(`the ZIP archive cannot be read: ${(error as Error).message}`);
  }
}
