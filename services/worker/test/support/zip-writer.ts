import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipFile {
  name: string;
  content: string | Buffer;
  /** 8 (deflate, the default) or 0 (stored); any other number is written as is, with the data stored. */
  method?: number;
  /**
   * Write sizes and CRC after the data (general purpose flag bit 3), with zeros in the local header,
   * as streaming zippers do: a reader must take them from the central directory.
   */
  dataDescriptor?: boolean;
}

const DATA_DESCRIPTOR_FLAG = 0x8;
const UTF8_NAMES_FLAG = 0x800;

/** A minimal ZIP writer for tests: one local header (+ data descriptor) per file, a central directory, the end record. */
export function zip(files: ZipFile[], comment = ''): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const content = Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content);
    const method = file.method ?? 8;
    const data = method === 8 ? deflateRawSync(content) : content;
    const crc = crc32(content) >>> 0;
    const name = Buffer.from(file.name);
    const flags = UTF8_NAMES_FLAG | (file.dataDescriptor ? DATA_DESCRIPTOR_FLAG : 0);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(0x21, 10); // 1980-01-01 00:00, DOS time and date
    if (!file.dataDescriptor) {
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(data.length, 18);
      local.writeUInt32LE(content.length, 22);
    }
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, data);
    let length = local.length + name.length + data.length;
    if (file.dataDescriptor) {
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(data.length, 8);
      descriptor.writeUInt32LE(content.length, 12);
      parts.push(descriptor);
      length += descriptor.length;
    }

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4); // version made by
    header.writeUInt16LE(20, 6); // version needed
    header.writeUInt16LE(flags, 8);
    header.writeUInt16LE(method, 10);
    header.writeUInt32LE(0x21, 12);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(content.length, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += length;
  }
  const directory = Buffer.concat(central);
  const commentBytes = Buffer.from(comment);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(commentBytes.length, 20);
  return Buffer.concat([...parts, directory, end, commentBytes]);
}
