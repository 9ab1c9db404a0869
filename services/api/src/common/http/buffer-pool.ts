const MIN_CLASS = 4 * 1024;
const MAX_CLASS = 1024 * 1024;

/**
 * Reused response buffers. A large answer built as bytes (a time series, ~50 KB) in a fresh Buffer
 * each time made V8 run a full mark-compact about four times a second under load, for the
 * external memory alone, with pauses of up to 30 ms (`npm run bench -- --only timeseries`, with
 * `--trace-gc`). A buffer goes back once the response that carried it is handed to the kernel.
 * Sizes are powers of two from 4 KB to 1 MB; larger ones are not kept. At most `limitBytes` wait.
 */
export class BufferPool {
  private readonly free = new Map<number, Buffer[]>();
  private freeBytes = 0;

  constructor(private readonly limitBytes: number) {}

  /** A buffer of at least `bytes` bytes, with whatever it last held. */
  take(bytes: number): Buffer {
    const size = sizeClass(bytes);
    const reused = this.free.get(size)?.pop();
    if (!reused) return Buffer.allocUnsafeSlow(size);
    this.freeBytes -= size;
    return reused;
  }

  /** Gives a buffer from `take` back; nothing may read or write it afterwards. */
  give(buffer: Buffer): void {
    const size = buffer.length;
    if (size !== sizeClass(size) || size > MAX_CLASS || buffer.byteOffset !== 0) return;
    if (this.freeBytes + size > this.limitBytes) return;
    let list = this.free.get(size);
    if (!list) this.free.set(size, (list = []));
    list.push(buffer);
    this.freeBytes += size;
  }

  /** Bytes waiting to be reused. */
  get pooledBytes(): number {
    return this.freeBytes;
  }
}

function sizeClass(bytes: number): number {
  if (bytes <= MIN_CLASS) return MIN_CLASS;
  return bytes > MAX_CLASS ? bytes : 2 ** Math.ceil(Math.log2(bytes));
}

/** The API's pool of response buffers: 8 MB at most, idle. */
export const responseBuffers = new BufferPool(8 * 1024 * 1024);
