import type { ExactConvertResponse } from '@fxrates/domain';
import Decimal from 'decimal.js';
import { convertViaApi } from '../support/api';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { ConverterPanel, grouped, recordConvertRequests } from '../support/home-page';
import { waitForText } from '../support/texts';

const { baseUrl, apiUrl } = e2eEnvironment();

const HOW_TO_TYPE = 'Use a dot for decimals and commas only between groups of three digits, e.g. 1,000.50.';

/** Amounts as people type them, and results with every digit the server sent. */
describe('landing converter: typed amounts and exact results', () => {
  const opened = usePagePerTest();
  let converter: ConverterPanel;
  let convertRequests: URL[];

  beforeEach(async () => {
    convertRequests = recordConvertRequests(opened().page);
    converter = new ConverterPanel(opened().page);
    await converter.open(baseUrl);
  });

  it.each([
    ['1,000', '1000', '1,000.0000'],
    ['1,000.50', '1000.50', '1,000.5000'],
  ])('reads %s as one thousand, sends %s and shows the server’s result', async (typed, sent, shown) => {
    await converter.setAmount(typed);
    await converter.convertButton.click();
    const expected = await convertViaApi(apiUrl, 'USD', 'EUR', sent, 'string');

    await waitForText(converter.result, `${shown} USD = ${grouped(expected.result)} EUR`);
    expect(convertRequests.map((url) => url.searchParams.get('amount'))).toEqual([sent]);
    expect(convertRequests[0].searchParams.get('numbers')).toBe('string');
  });

  it.each(['1,5', '1.000,50'])(
    'says %s is ambiguous and how to type it, and never sends a guess',
    async (typed) => {
      await converter.setAmount(typed);
      const message = opened().page.getByText(`"${typed}" is ambiguous. ${HOW_TO_TYPE}`);
      await message.waitFor();
      expect(await converter.amount.getAttribute('aria-invalid')).toBe('true');
      // The message is the field's description for a screen reader.
      const describedBy = (await converter.amount.getAttribute('aria-describedby')) ?? '';
      expect(describedBy.split(' ')).toContain(await message.getAttribute('id'));
      expect(await converter.convertButton.isDisabled()).toBe(true);
      await converter.amount.press('Enter');
      expect(convertRequests).toEqual([]);
    },
  );

  it('says an invalid amount is invalid: negative, or not a number', async () => {
    await converter.setAmount('-5');
    await waitForText(
      opened().page.getByText(/cannot be negative/),
      'The amount cannot be negative: type 0 or more.',
    );
    await converter.setAmount('12abc');
    await waitForText(opened().page.getByText(/with digits/), 'Type the amount with digits, e.g. 1,000.50.');
    expect(await converter.convertButton.isDisabled()).toBe(true);
  });

  it('recomputes a typed "1,000" locally from the stored rate, without a request', async () => {
    await converter.convertButton.click();
    await waitForText(converter.result, /^1\.0000 USD = [\d.]+ EUR$/);
    const { rate } = await convertViaApi(apiUrl, 'USD', 'EUR', '1', 'string');

    await converter.setAmount('1,000');
    const expected = new Decimal(rate).mul(1000).toDecimalPlaces(4, Decimal.ROUND_HALF_EVEN).toFixed(4);
    await waitForText(converter.result, `1,000.0000 USD = ${grouped(expected)} EUR`);
    expect(convertRequests).toHaveLength(1);
  });

  it('shows every digit the server computed for a huge amount, which JSON.parse would round', async () => {
    const { page } = opened();
    await converter.choose(converter.to, 'INR', /INR - Indian Rupee/);
    await converter.setAmount('1,000,000,000,000,000');
    const answered = page.waitForResponse((response) => response.url().includes('/api/rates/convert'));
    await converter.convertButton.click();

    // What the server sent the page: the result as a decimal string, more digits than a double holds.
    const sent = (await (await answered).json()) as ExactConvertResponse;
    expect(sent.result.replace('.', '').length).toBeGreaterThan(17);
    expect(String(Number(sent.result))).not.toBe(sent.result);
    // The same digits the server writes as a JSON number by default, which JSON.parse would round.
    const sessionToken = await page.evaluate(
      () => (JSON.parse(window.localStorage.getItem('session_token') ?? '{}') as { token: string }).token,
    );
    const numeric = await fetch(`${apiUrl}/api/rates/convert?from=USD&to=INR&amount=1000000000000000`, {
      headers: { 'X-Session-Token': sessionToken },
    }).then((response) => response.text());
    expect(numeric).toContain(`"result":${sent.result},`);

    await waitForText(converter.result, `1,000,000,000,000,000.0000 USD = ${grouped(sent.result)} INR`);
    expect(convertRequests.map((url) => url.searchParams.get('amount'))).toEqual(['1000000000000000']);
  });
});
