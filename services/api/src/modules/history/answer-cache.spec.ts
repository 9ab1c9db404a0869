import { AnswerCache } from './answer-cache';

describe('AnswerCache', () => {
  it('builds an answer once per key while it is fresh, and again once it is not', async () => {
    const cache = new AnswerCache(1_000, 10);
    let builds = 0;
    const build = async () => `answer ${++builds}`;
    expect(await cache.get('a', 0, build)).toBe('answer 1');
    expect(await cache.get('a', 999, build)).toBe('answer 1');
    expect(await cache.get('b', 999, build)).toBe('answer 2');
    expect(await cache.get('a', 1_000, build)).toBe('answer 3');
  });

  it('keeps nothing a failed build threw', async () => {
    const cache = new AnswerCache(1_000, 10);
    await expect(cache.get('a', 0, () => Promise.reject(new Error('no history')))).rejects.toThrow(
      'no history',
    );
    expect(await cache.get('a', 1, async () => 'built')).toBe('built');
  });

  it('stays within its limit, forgetting the least recently used answer first', async () => {
    const cache = new AnswerCache(1_000, 2);
    let builds = 0;
    const build = async () => String(++builds);
    await cache.get('a', 0, build);
    await cache.get('b', 0, build);
    await cache.get('a', 0, build); // a is now the more recent
    await cache.get('c', 0, build); // over the limit: b goes
    expect(await cache.get('a', 0, build)).toBe('1');
    expect(await cache.get('b', 0, build)).toBe('4');
  });

  it('shares one build between calls that miss at the same time', async () => {
    const cache = new AnswerCache(1_000, 10);
    let builds = 0;
    let finish: (body: string) => void = () => undefined;
    const build = () => {
      builds++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const together = [cache.get('a', 0, build), cache.get('a', 0, build), cache.get('a', 1, build)];
    finish('built once');
    expect(await Promise.all(together)).toEqual(['built once', 'built once', 'built once']);
    expect(builds).toBe(1);
  });
});
