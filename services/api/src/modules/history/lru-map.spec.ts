import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('forgets the least recently used entry beyond its limit', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.get('a');
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.size]).toEqual([1, undefined, 3, 2]);
  });

  it('forgets the stalest tenth at once when a large map goes over its limit', () => {
    const lru = new LruMap<number, number>(20);
    for (let i = 0; i < 20; i++) lru.set(i, i);
    for (let i = 0; i < 10; i++) lru.get(i); // 10…19 are now the stalest
    lru.set(20, 20);
    expect(lru.size).toBe(18);
    expect([10, 11, 12].map((key) => lru.get(key))).toEqual([undefined, undefined, undefined]);
    expect([0, 9, 13, 19, 20].map((key) => lru.get(key))).toEqual([0, 9, 13, 19, 20]);
  });
});
