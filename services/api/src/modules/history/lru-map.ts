/**
 * A Map that forgets its least recently used entries beyond `limit`. A read only stamps the entry
 * (reordering a Map on every read cost more than the reads); going over the limit forgets the
 * stalest tenth at once, so the sort that finds them is rare.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, { value: V; used: number }>();
  private clock = 0;

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = ++this.clock;
    return entry.value;
  }

  set(key: K, value: V): void {
    this.entries.set(key, { value, used: ++this.clock });
    if (this.entries.size <= this.limit) return;
    const keep = this.limit - Math.floor(this.limit / 10);
    const stalest = [...this.entries].sort(([, a], [, b]) => a.used - b.used);
    for (const [stale] of stalest.slice(0, this.entries.size - keep)) this.entries.delete(stale);
  }

  clear(): void {
    this.entries.clear();
  }
}
