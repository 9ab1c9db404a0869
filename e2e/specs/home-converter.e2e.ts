import type { Request } from 'playwright-core';
import { convertViaApi } from '../support/api';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { ConverterPanel } from '../support/home-page';
import { waitForText } from '../support/texts';

const { baseUrl, apiUrl } = e2eEnvironment();

/** The number on the right-hand side of "100.0000 USD = 88.0226 EUR". */
function resultValue(resultLine: string): number {
  const match = /= ([\d.,]+) [A-Z]+$/.exec(resultLine);
  if (!match) throw new Error(`Not a result line: "${resultLine}"`);
  return Number(match[1].replaceAll(',', ''));
}

describe('landing converter', () => {
  const opened = usePagePerTest();
  let converter: ConverterPanel;
  let convertRequests: string[];

  beforeEach(async () => {
    convertRequests = [];
    opened().page.on('request', (request: Request) => {
      if (request.url().includes('/api/rates/convert')) convertRequests.push(request.url());
    });
    converter = new ConverterPanel(opened().page);
    await converter.open(baseUrl);
  });

  it('starts with 1, USD and EUR, crypto hidden', async () => {
    expect(await converter.amount.inputValue()).toBe('1');
    expect(await converter.from.inputValue()).toContain('USD - US Dollar');
    expect(await converter.to.inputValue()).toContain('EUR - Euro');
    expect(await converter.showCrypto.isChecked()).toBe(false);
  });

  it('converts 100 USD to EUR with the rate of the API, showing its source', async () => {
    await converter.setAmount('100');
    await converter.convertButton.click();
    const expected = await convertViaApi(apiUrl, 'USD', 'EUR', '100');

    await waitForText(converter.result, `100.0000 USD = ${expected.result.toFixed(4)} EUR`);
    expect(convertRequests).toHaveLength(1);
    expect(convertRequests[0]).toContain('from=USD&to=EUR&amount=100');
    if (expected.source === 'bundled-snapshot') {
      expect(await converter.source.innerText()).toMatch(
        /^Demo rates \(bundled snapshot\) of [A-Z][a-z]+ \d{1,2}, \d{4}$/,
      );
    }
    const stored = await opened().page.evaluate(() => window.localStorage.getItem('session_token'));
    expect(JSON.parse(stored ?? '{}')).toEqual({ token: expect.any(String), expiresAt: expect.any(Number) });
  });

  it('recomputes locally when the amount changes after a conversion', async () => {
    await converter.setAmount('100');
    await converter.convertButton.click();
    const first = await waitForText(converter.result, /^100\.0000 USD = [\d.]+ EUR$/);
    const rate = resultValue(first) / 100;

    await converter.setAmount('250');
    const second = await waitForText(converter.result, /^250\.0000 USD = [\d.]+ EUR$/);
    expect(resultValue(second)).toBeCloseTo(250 * rate, 2);
    expect(convertRequests).toHaveLength(1);
  });

  it('swaps the currencies and inverts the stored rate without a request', async () => {
    await converter.setAmount('100');
    await converter.convertButton.click();
    const before = await waitForText(converter.result, /^100\.0000 USD = [\d.]+ EUR$/);
    const rate = resultValue(before) / 100;

    await converter.swapButton.click();
    const after = await waitForText(converter.result, /^100\.0000 EUR = [\d.]+ USD$/);
    expect(resultValue(after)).toBeCloseTo(100 / rate, 2);
    expect(await converter.from.inputValue()).toContain('EUR - Euro');
    expect(await converter.to.inputValue()).toContain('USD - US Dollar');
    expect(convertRequests).toHaveLength(1);
  });

  it('clears the result when another currency is chosen', async () => {
    await converter.convertButton.click();
    await waitForText(converter.result, /^1\.0000 USD = [\d.]+ EUR$/);

    await converter.choose(converter.to, 'GBP', /GBP - British Pound/);
    await converter.result.waitFor({ state: 'detached' });
    expect(await converter.to.inputValue()).toContain('GBP - British Pound');
  });

  it('offers crypto only with Show Crypto on, converts with 8 decimals, and resets crypto when turned off', async () => {
    expect(
      (await converter.optionLabels(converter.from)).some((label) => label.includes('BTC - Bitcoin')),
    ).toBe(false);

    await converter.toggleShowCrypto();
    expect(await converter.showCrypto.isChecked()).toBe(true);
    const labels = await converter.optionLabels(converter.from);
    expect(labels).toContain('BTC - Bitcoin');
    expect(labels).toContain('USD - US Dollar');

    await converter.choose(converter.from, 'BTC', /BTC - Bitcoin/);
    await converter.convertButton.click();
    await waitForText(converter.result, /^1\.0000 BTC = \d{1,3}(,\d{3})*\.\d{8} EUR$/);

    await converter.toggleShowCrypto();
    expect(await converter.from.inputValue()).toContain('USD - US Dollar');
    await converter.result.waitFor({ state: 'detached' });
  });

  it('offers the whole catalogue: 150+ fiat, and 100+ crypto with their icons after Show Crypto', async () => {
    const fiat = await converter.optionLabels(converter.from);
    expect(fiat.length).toBeGreaterThanOrEqual(150);
    expect(fiat).toContain('JPY - Japanese Yen');
    expect(fiat).toContain('XOF - West African CFA Franc');
    expect(fiat.some((label) => label.includes('BTC'))).toBe(false);

    await converter.toggleShowCrypto();
    const all = await converter.optionLabels(converter.from);
    expect(all.length - fiat.length).toBeGreaterThanOrEqual(100);
    expect(await converter.loadedOptionIcon(converter.from, 'Bitcoin', /BTC - Bitcoin/)).toBe(
      '/crypto-icons/btc.svg',
    );
    await opened().page.keyboard.press('Escape');

    await converter.toggleShowCrypto();
    await converter.choose(converter.to, 'JPY', /JPY - Japanese Yen/);
    await converter.convertButton.click();
    await waitForText(converter.result, /^1\.0000 USD = [\d,.]+ JPY$/);
  });

  it("draws the pair's 30-day trend from the history under the result", async () => {
    // SEK closes no other test writes: 10 → 10.5 SEK per USD over the last days.
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const closes = ['10', '10.2', '10.1', '10.5'];
    await given.closes(
      Object.fromEntries(closes.map((rate, i) => [daysAgo(closes.length - i), { SEK: rate }])),
      'ecb',
    );
    await converter.choose(converter.to, 'SEK', /SEK - Swedish Krona/);
    await converter.convertButton.click();
    await waitForText(converter.result, /^1\.0000 USD = [\d.]+ SEK$/);
    const trend = opened().page.getByRole('img', { name: /^30-day trend USD→SEK/ });
    await trend.waitFor();
    expect(await trend.getAttribute('aria-label')).toBe('30-day trend USD→SEK: +5.00 %');
    expect(await trend.locator('path').getAttribute('d')).toMatch(/^M0\.0,32\.0( L[\d.]+,[\d.]+){3}$/);
  });

  describe('errors', () => {
    const problem = (status: number, code: string, message?: string) => ({
      status,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: `/problems/${code}`,
        title: code,
        status,
        code,
        ...(message ? { message } : {}),
      }),
    });

    it("shows the server's message", async () => {
      await opened().page.route('**/api/rates/convert?**', (route) =>
        route.fulfill(problem(400, 'amount-too-large', 'The amount is too large.')),
      );
      await converter.convertButton.click();
      await waitForText(converter.error, 'The amount is too large.');
      expect(convertRequests).toHaveLength(1);
    });

    it('retries twice, then shows "Failed to convert currency" when the server gives no message', async () => {
      await opened().page.route('**/api/rates/convert?**', (route) =>
        route.fulfill({ status: 503, body: '' }),
      );
      await converter.convertButton.click();
      await waitForText(converter.error, 'Failed to convert currency');
      expect(convertRequests).toHaveLength(3);
    });

    it('creates a new session once on 401, then reports the authentication failure', async () => {
      const sessionRequests: string[] = [];
      opened().page.on('request', (request) => {
        if (request.url().endsWith('/api/auth/session')) sessionRequests.push(request.method());
      });
      await opened().page.route('**/api/rates/convert?**', (route) =>
        route.fulfill(problem(401, 'invalid-session-token', 'The session token is not valid.')),
      );
      await converter.convertButton.click();
      await waitForText(converter.error, 'Authentication failed. Please try again or log in.');
      expect(convertRequests).toHaveLength(2);
      expect(sessionRequests).toEqual(['POST', 'POST']);
    });
  });
});
