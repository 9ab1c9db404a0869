import type { Locator, Page } from 'playwright-core';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { ConverterPanel } from '../support/home-page';

const { baseUrl } = e2eEnvironment();

/** An emoji flag is two regional-indicator letters; other emoji are pictographs. */
const EMOJI = /\p{Regional_Indicator}|\p{Extended_Pictographic}/u;

interface OptionIcons {
  label: string;
  images: number;
  src: string | null;
  naturalWidth: number;
}

/**
 * Scrolls through every option of the opened picker's list (its icons load lazily, as they come
 * into view) and reports, per option, its text, how many images it shows and whether the first loaded.
 */
async function iconsOfOptions(page: Page, listbox: Locator): Promise<OptionIcons[]> {
  await listbox.getByRole('option').first().waitFor();
  return listbox.evaluate(async (list) => {
    const loaded = (img: HTMLImageElement) =>
      new Promise<void>((resolve) => {
        const deadline = Date.now() + 5_000;
        const poll = () => {
          if ((img.complete && img.naturalWidth > 0) || Date.now() > deadline) resolve();
          else setTimeout(poll, 20);
        };
        poll();
      });
    const results = [];
    for (const option of Array.from(list.querySelectorAll<HTMLElement>('[role="option"]'))) {
      option.scrollIntoView({ block: 'nearest' });
      const images = option.querySelectorAll('img');
      if (images[0]) await loaded(images[0]);
      results.push({
        label: option.innerText.trim(),
        images: images.length,
        src: images[0]?.getAttribute('src') ?? null,
        naturalWidth: images[0]?.naturalWidth ?? 0,
      });
    }
    return results;
  });
}

/**
 * Flags and crypto logos are SVG images of maintained icon sets, never emoji;
 * one icon per option, a neutral icon where a set has none.
 */
describe('currency icons in the pickers', () => {
  const opened = usePagePerTest();
  let page: Page;
  let converter: ConverterPanel;

  beforeEach(async () => {
    page = opened().page;
    converter = new ConverterPanel(page);
    await converter.open(baseUrl);
  });

  it.each(['From', 'To'])(
    'the %s picker shows, for every fiat and crypto option, exactly one icon that loaded and no emoji',
    async (name) => {
      await converter.toggleShowCrypto();
      const picker = name === 'From' ? converter.from : converter.to;
      const listbox = await converter.openList(picker);
      const options = await iconsOfOptions(page, listbox);

      expect(options.length).toBeGreaterThanOrEqual(250);
      expect(options.filter((option) => EMOJI.test(option.label))).toEqual([]);
      expect(options.filter((option) => option.images !== 1 || option.naturalWidth === 0)).toEqual([]);
      // Flags are flags, logos are logos, and what the sets lack gets the neutral icon, never a wrong flag.
      const srcOf = (label: string) => options.find((option) => option.label === label)?.src;
      expect(srcOf('USD - US Dollar')).toBe('/flags/us.svg');
      expect(srcOf('EUR - Euro')).toBe('/flags/eu.svg');
      expect(srcOf('XOF - West African CFA Franc')).toBe('/flags/sn.svg');
      expect(srcOf('BTC - Bitcoin')).toBe('/crypto-icons/btc.svg');
      expect(srcOf('UNI - Uniswap')).toBe('/crypto-icons/uni.svg');
      expect(options.filter((option) => option.src === '/crypto-icons/generic.svg').length).toBeLessThan(20);
      expect(options.filter((option) => /^[A-Z]+ - /.test(option.label) && option.src === null)).toEqual([]);
    },
    90_000,
  );

  it('shows the chosen currency with its icon in the picker, its text free of emoji', async () => {
    await converter.toggleShowCrypto();
    await converter.choose(converter.from, 'Bitcoin', /BTC - Bitcoin/);
    expect(await converter.from.inputValue()).toBe('BTC - Bitcoin');
    expect(await converter.to.inputValue()).toBe('EUR - Euro');
    for (const [picker, src] of [
      [converter.from, '/crypto-icons/btc.svg'],
      [converter.to, '/flags/eu.svg'],
    ] as const) {
      const icon = picker.locator('xpath=ancestor::div[contains(@class, "mantine-Input-wrapper")][1]//img');
      expect(await icon.count()).toBe(1);
      expect(await icon.getAttribute('src')).toBe(src);
      await page.waitForFunction(
        (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
        await icon.elementHandle(),
      );
    }
  });

  it('serves the flags, logos and neutral icons as static SVG files', async () => {
    for (const path of [
      '/flags/us.svg',
      '/flags/generic.svg',
      '/crypto-icons/btc.svg',
      '/crypto-icons/generic.svg',
    ]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect({ path, status: response.status, type: response.headers.get('content-type') }).toEqual({
        path,
        status: 200,
        type: expect.stringMatching(/^image\/svg\+xml/),
      });
      expect(await response.text()).toMatch(/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/);
    }
  });
});
