import { BufferPool } from './buffer-pool';

describe('BufferPool', () => {
  it('hands out power-of-two buffers of at least the size asked for, 4 KB at least', () => {
    const pool = new BufferPool(1024 * 1024);
    expect(pool.take(1).length).toBe(4096);
    expect(pool.take(4097).length).toBe(8192);
    expect(pool.take(50_000).length).toBe(65_536);
  });

  it('reuses a buffer given back for the next request of its size class', () => {
    const pool = new BufferPool(1024 * 1024);
    const first = pool.take(50_000);
    pool.give(first);
    expect(pool.pooledBytes).toBe(65_536);
    expect(pool.take(40_000)).toBe(first);
    expect(pool.pooledBytes).toBe(0);
    expect(pool.take(40_000)).not.toBe(first);
  });

  it('keeps no more than its limit waiting, and never a slice or an oversized buffer', () => {
    const pool = new BufferPool(100_000);
    const [a, b] = [pool.take(60_000), pool.take(60_000)];
    pool.give(a);
    pool.give(b); // 2 × 64 KB would pass the limit
    expect(pool.pooledBytes).toBe(65_536);
    pool.give(pool.take(60_000).subarray(1));
    pool.give(Buffer.alloc(3 * 1024 * 1024));
    expect(pool.pooledBytes).toBe(0);
  });
});
