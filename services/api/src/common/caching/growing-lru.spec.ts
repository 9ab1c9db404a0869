import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { LRUCache } from 'lru-cache';
import { growingLru } from './growing-lru';

describe('growingLru', () => {
  it('holds at most its entries, the least recently used going first', () => {
    const cache = growingLru<string, number>(3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    cache.get('a');
    cache.set('d', 4);
    expect([...cache.keys()].sort()).toEqual(['a', 'c', 'd']);
    expect(cache.size).toBe(3);
  });

  it('takes no memory for its bound before it holds anything (lru-cache’s `max` allocates it up front)', () => {
    // Collected before each reading: a collection the allocations below set off would otherwise free
    // earlier tests' buffers and hide what these caches took. Twice: V8 frees the buffers a
    // collection finds dead on a background thread, and the next collection finishes that sweep.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const arrayBuffers = () => {
      gc();
      gc();
      return process.memoryUsage().arrayBuffers;
    };
    const kept: unknown[] = [];
    const start = arrayBuffers();
    for (let i = 0; i < 10; i++) kept.push(growingLru<string, number>(100_000));
    const afterGrowing = arrayBuffers();
    for (let i = 0; i < 10; i++) kept.push(new LRUCache<string, number>({ max: 100_000 }));
    const preallocated = arrayBuffers() - afterGrowing;
    // Three Uint32Array indexes of 100 000 entries each (1.2 MB) per cache given `max`: 12 MB for ten.
    // The bounds leave room for other buffers freed or made meanwhile, and still tell 12 MB from none.
    expect(preallocated).toBeGreaterThan(6 * 1_000_000);
    expect(afterGrowing - start).toBeLessThan(1_000_000);
    expect(kept).toHaveLength(20);
  });
});
