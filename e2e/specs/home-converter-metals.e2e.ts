import { convertViaApi } from '../support/api';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { ConverterPanel, grouped } from '../support/home-page';
import { waitForText } from '../support/texts';

const { baseUrl, apiUrl } = e2eEnvironment();
const METALS = [
  'XAU - Gold (troy ounce)',
  'XAG - Silver (troy ounce)',
  'XPT - Platinum (troy ounce)',
  'XPD - Palladium (troy ounce)',
];

/** Metals in the landing converter's pickers, behind "Show metals" beside "Show Crypto". */
describe('landing converter: metals', () => {
  const opened = usePagePerTest();
  let converter: ConverterPanel;

  beforeEach(async () => {
    converter = new ConverterPanel(opened().page);
    await converter.open(baseUrl);
  });

  it('offers metals only with Show metals on, apart from crypto, each with its own icon', async () => {
    expect(await converter.showMetals.isChecked()).toBe(false);
    const fiat = await converter.optionLabels(converter.from);
    expect(fiat.filter((label) => METALS.includes(label))).toEqual([]);

    await converter.toggleShowMetals();
    const withMetals = await converter.optionLabels(converter.to);
    expect(withMetals.slice(-4)).toEqual(METALS);
    expect(withMetals).toHaveLength(fiat.length + 4);
    // Tokenised gold is crypto: it comes with Show Crypto, not with the metals.
    expect(withMetals.some((label) => label.startsWith('PAXG'))).toBe(false);

    expect(await converter.loadedOptionIcon(converter.from, 'Gold', 'XAU - Gold (troy ounce)')).toBe(
      '/metal-icons/xau.svg',
    );
    await opened().page.keyboard.press('Escape');
  });

  it('picks XAU, converts an ounce of gold with 8 decimals at the rate of the API, and resets when hidden', async () => {
    await converter.toggleShowMetals();
    await converter.choose(converter.from, 'XAU', 'XAU - Gold (troy ounce)');
    expect(await converter.from.inputValue()).toContain('XAU - Gold (troy ounce)');
    await converter.convertButton.click();

    const expected = await convertViaApi(apiUrl, 'XAU', 'EUR', '1', 'string');
    expect(expected.result).toMatch(/^\d+\.\d{8}$/);
    await waitForText(converter.result, `1.0000 XAU = ${grouped(expected.result)} EUR`);

    // Grams: the page asks for unit=g and shows the API's digits, an ounce's worth ÷ 31.1034768.
    const page = opened().page;
    await page.getByLabel('Metal measured in').selectOption('g');
    await converter.result.waitFor({ state: 'detached' });
    const answered = page.waitForResponse((response) => response.url().includes('/api/rates/convert?'));
    await converter.convertButton.click();
    const answer = await answered;
    expect(new URL(answer.url()).searchParams.get('unit')).toBe('g');
    const grams = (await answer.json()) as { result: string; unit: string };
    expect(grams.unit).toBe('g');
    await waitForText(converter.result, `1.0000 g XAU = ${grouped(grams.result)} EUR`);
    expect(Math.abs((Number(grams.result) * 31.1034768) / Number(expected.result) - 1)).toBeLessThan(1e-7);

    await converter.toggleShowMetals();
    expect(await converter.from.inputValue()).toContain('USD - US Dollar');
    await converter.result.waitFor({ state: 'detached' });
  });
});
