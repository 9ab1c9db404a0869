import { type BufferPool, responseBuffers } from '../../common/http';

/** Bytes in a pooled buffer: `release` gives the buffer back once nothing reads `bytes` any more. */
export interface PooledBytes {
  bytes: Buffer;
  release(): void;
  /**
   * Text that determines these bytes entirely (what they are made of), when one is known: its hash
   * is then the body's ETag, at a fraction of hashing tens of KB.
   */
  madeOf?: string;
}

/**
 * Builds an ASCII response body straight into one pooled Buffer: no string per cell, no array of
 * parts, no joined copy, no new buffer. Room is kept in front (`headroom`) so a head known only at
 * the end (a time series' timestamp is its last day) can be put before what was written.
 */
export class AsciiWriter {
  private buffer: Buffer;
  private start: number;
  private end: number;

  constructor(
    capacity: number,
    headroom = 0,
    private readonly pool: BufferPool = responseBuffers,
  ) {
    this.buffer = pool.take(headroom + capacity);
    this.start = this.end = headroom;
  }

  get length(): number {
    return this.end - this.start;
  }

  /** Appends ASCII text (every character < 0x80). */
  text(value: string): void {
    this.reserve(value.length);
    const buffer = this.buffer;
    let at = this.end;
    for (let i = 0; i < value.length; i++) buffer[at++] = value.charCodeAt(i);
    this.end = at;
  }

  /** Appends one byte (an ASCII character code). */
  byte(code: number): void {
    this.reserve(1);
    this.buffer[this.end++] = code;
  }

  /** Appends bytes `from` … `to` (exclusive) of `source`. */
  bytes(source: Uint8Array, from: number, to: number): void {
    this.reserve(to - from);
    const buffer = this.buffer;
    let at = this.end;
    for (let i = from; i < to; i++) buffer[at++] = source[i];
    this.end = at;
  }

  /**
   * Appends `key` from `keyFrom`, then bytes `from` … `to` (exclusive) of `value`, with `quote`
   * around the value when it is not 0: a time series' `"CODE":rate`, the most written thing of all,
   * in one reservation.
   */
  member(key: Uint8Array, keyFrom: number, value: Uint8Array, from: number, to: number, quote: number): void {
    const quotes = quote === 0 ? 0 : 2;
    this.reserve(key.length - keyFrom + to - from + quotes);
    const buffer = this.buffer;
    let at = this.end;
    for (let k = keyFrom; k < key.length; k++) buffer[at++] = key[k];
    if (quotes) buffer[at++] = quote;
    for (let i = from; i < to; i++) buffer[at++] = value[i];
    if (quotes) buffer[at++] = quote;
    this.end = at;
  }

  /** Puts ASCII text before everything written so far, in the headroom (or by moving, if short). */
  prepend(value: string): void {
    if (value.length > this.start) {
      const moved = this.pool.take(value.length + this.buffer.length);
      this.buffer.copy(moved, value.length + this.start, this.start, this.end);
      this.pool.give(this.buffer);
      this.end += value.length;
      this.start += value.length;
      this.buffer = moved;
    }
    this.start -= value.length;
    this.buffer.write(value, this.start, 'latin1');
  }

  /** What was written, without a copy; the writer must not be used afterwards. */
  result(): PooledBytes {
    const buffer = this.buffer;
    let released = false;
    return {
      bytes: buffer.subarray(this.start, this.end),
      release: () => {
        if (!released) this.pool.give(buffer);
        released = true;
      },
    };
  }

  /** Gives the buffer back unused (the answer failed); the writer must not be used afterwards. */
  discard(): void {
    this.pool.give(this.buffer);
  }

  private reserve(extra: number): void {
    if (this.end + extra <= this.buffer.length) return;
    const grown = this.pool.take(Math.max(this.buffer.length * 2, this.end + extra));
    this.buffer.copy(grown, this.start, this.start, this.end);
    this.pool.give(this.buffer);
    this.buffer = grown;
  }
}

/**
 * The bytes of ASCII text, for text written again and again: copying bytes is several times
 * faster than reading the characters of a string each time. Always in an ArrayBuffer of its own:
 * V8 keeps a small `new Uint8Array(n)` inside its heap instead, and one copy loop reading both
 * kinds ran at a third of its speed (`npm run bench -- --only timeseries`).
 */
export function asciiBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
