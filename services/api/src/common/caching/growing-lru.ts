import { LRUCache } from 'lru-cache';

/**
 * An LRU cache of at most `entries` entries whose memory grows with what it holds. Given `max`,
 * lru-cache allocates its index arrays for that many entries up front: 2.8 MB for 100 000, before
 * the first entry, in every cache of every instance (11 MB of a public-API instance's resident
 * memory). Counted as one each against `maxSize`, the same bound costs only what is in use.
 */
export function growingLru<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  entries: number,
): LRUCache<K, V> {
  return new LRUCache<K, V>({ maxSize: entries, sizeCalculation: () => 1 });
}
