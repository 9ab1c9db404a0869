import { BufferPool } from '../../common/http';
import { asciiBytes, AsciiWriter } from './ascii-writer';

describe('AsciiWriter', () => {
  it('appends text, bytes and single bytes, and puts a head in front without moving the rest', () => {
    const out = new AsciiWriter(64, 16, new BufferPool(1 << 20));
    out.text('"rates":{');
    out.bytes(asciiBytes('xx"EUR":0.9yy'), 2, 11);
    out.byte('}'.charCodeAt(0));
    out.prepend('{"base":"USD",');
    out.text('}');
    expect(out.result().bytes.toString('latin1')).toBe('{"base":"USD","rates":{"EUR":0.9}}');
  });

  it('writes a member, its value quoted or not, growing as it needs', () => {
    const out = new AsciiWriter(8, 0, new BufferPool(1 << 20));
    const key = asciiBytes(',"EUR":');
    const digits = asciiBytes('0.91.25');
    out.member(key, 1, digits, 0, 3, 0);
    out.member(key, 0, digits, 3, 7, '"'.charCodeAt(0));
    expect(out.result().bytes.toString('latin1')).toBe('"EUR":0.9,"EUR":"1.25"');
  });

  it('grows past its capacity and its headroom, keeping what was written', () => {
    const pool = new BufferPool(1 << 20);
    const out = new AsciiWriter(4, 2, pool);
    const long = 'x'.repeat(10_000);
    out.text(long);
    out.prepend('head-longer-than-the-headroom:');
    expect(out.result().bytes.toString('latin1')).toBe(`head-longer-than-the-headroom:${long}`);
    expect(pool.pooledBytes).toBeGreaterThan(0); // the outgrown buffers went back
  });

  it('gives its buffer back once, when released', () => {
    const pool = new BufferPool(1 << 20);
    const out = new AsciiWriter(100, 0, pool);
    out.text('{}');
    const { bytes, release } = out.result();
    expect(pool.pooledBytes).toBe(0);
    release();
    release();
    expect(pool.pooledBytes).toBe(4096);
    expect(pool.take(100).buffer).toBe(bytes.buffer);
  });

  it('gives its buffer back when the answer is discarded', () => {
    const pool = new BufferPool(1 << 20);
    const out = new AsciiWriter(100, 0, pool);
    out.text('{"rates":{');
    out.discard();
    expect(pool.pooledBytes).toBe(4096);
  });
});
