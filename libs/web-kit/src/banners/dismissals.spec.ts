import { DISMISSED_BANNERS_KEY, dismissBanner, isBannerDismissed } from './dismissals';

function memory(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } as Storage;
}

describe('dismissed banners', () => {
  it('remembers a closed banner by its name, condition included', () => {
    const storage = memory();
    expect(isBannerDismissed('quota:75:2026-12-01', storage)).toBe(false);
    dismissBanner('quota:75:2026-12-01', storage);
    expect(isBannerDismissed('quota:75:2026-12-01', storage)).toBe(true);
    // The next level is another banner: it shows.
    expect(isBannerDismissed('quota:90:2026-12-01', storage)).toBe(false);
    dismissBanner('quota:75:2026-12-01', storage);
    expect(JSON.parse(storage.getItem(DISMISSED_BANNERS_KEY) ?? '')).toEqual(['quota:75:2026-12-01']);
  });

  it('keeps the latest fifty names', () => {
    const storage = memory();
    for (let i = 0; i < 60; i += 1) dismissBanner(`banner-${i}`, storage);
    expect(isBannerDismissed('banner-9', storage)).toBe(false);
    expect(isBannerDismissed('banner-10', storage)).toBe(true);
    expect(isBannerDismissed('banner-59', storage)).toBe(true);
  });

  it('reads damaged or foreign storage as nothing dismissed, and remembers nothing without storage', () => {
    const storage = memory();
    storage.setItem(DISMISSED_BANNERS_KEY, '{');
    expect(isBannerDismissed('x', storage)).toBe(false);
    storage.setItem(DISMISSED_BANNERS_KEY, JSON.stringify({ x: true }));
    expect(isBannerDismissed('x', storage)).toBe(false);
    dismissBanner('x', null);
    expect(isBannerDismissed('x', null)).toBe(false);
  });
});
