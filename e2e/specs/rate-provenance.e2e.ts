import { Redis } from 'ioredis';
import type { ConvertResponse, SessionResponse } from '@fxrates/domain';
import {
  addDays,
  createRatesTable,
  ecbFixInstant,
  loadBundledSnapshot,
  RatesStore,
  TARGET_CALENDAR,
  type RateProvenance,
} from '@fxrates/rates';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { ConverterPanel } from '../support/home-page';
import { waitForText } from '../support/texts';

const { baseUrl, apiUrl, redisUrl, redisKeyPrefix } = e2eEnvironment();
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The ECB's last fix before today (whatever day the test runs), as the worker would have stored it. */
function lastEcbFix(): RateProvenance {
  let day = addDays(new Date().toISOString().slice(0, 10), -1);
  while (!TARGET_CALENDAR.publishesOn(day)) day = addDays(day, -1);
  return { source: 'ecb', timestamp: ecbFixInstant(day), date: day };
}

/** "November 27, 2026, 16:00 CET" (CEST in summer): the ECB's fix as the page writes it. */
function ecbFixText(day: string): RegExp {
  const [year, month, date] = day.split('-').map(Number);
  return new RegExp(`^ECB reference rate · ${MONTHS[month - 1]} ${date}, ${year}, 16:00 CES?T`);
}

/**
 * The landing converter and the docs' key tester say which source the rate they
 * show comes from and when it was published: the ECB's fix in Frankfurt time, an intraday source's
 * value as an age, with the stale / market-closed wording of the answer.
 */
describe('the source and time of the rates shown', () => {
  const opened = usePagePerTest();
  const ecb = lastEcbFix();
  let redis: Redis;
  let store: RatesStore;

  /** One anonymous session for every direct call: sessions per IP are limited. */
  let sessionToken: string;
  const convertViaApi = async (from: string, to: string): Promise<ConvertResponse> => {
    const response = await fetch(`${apiUrl}/api/rates/convert?from=${from}&to=${to}&amount=1`, {
      headers: { 'X-Session-Token': sessionToken },
    });
    return (await response.json()) as ConvertResponse;
  };

  beforeAll(async () => {
    redis = new Redis(redisUrl);
    store = new RatesStore(redis, redisKeyPrefix);
    const session = await fetch(`${apiUrl}/api/auth/session`, { method: 'POST' });
    sessionToken = ((await session.json()) as SessionResponse).sessionToken;
    // The bundled rates, EUR and GBP from the ECB's last fix and BTC from Coinbase 12 seconds ago.
    const snapshot = loadBundledSnapshot();
    const coinbase = { source: 'coinbase', timestamp: new Date(Date.now() - 12_000).toISOString() };
    const provenance = new Map(snapshot.provenance);
    provenance.set('EUR', ecb);
    provenance.set('GBP', ecb);
    provenance.set('BTC', { ...coinbase, date: coinbase.timestamp.slice(0, 10) });
    await store.publish(createRatesTable({ perUsd: snapshot.perUsd, provenance }));
    const deadline = Date.now() + 10_000;
    while ((await convertViaApi('USD', 'EUR')).source !== 'ecb') {
      if (Date.now() > deadline) throw new Error('the API never swapped to the test table');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    // The stack's table as the other spec files expect it.
    await store.publish(loadBundledSnapshot());
    await redis.quit();
  });

  it("shows the ECB's reference rate with its fix time in Frankfurt, and the answer's freshness", async () => {
    const expected = await convertViaApi('USD', 'EUR');
    const converter = new ConverterPanel(opened().page);
    await converter.open(baseUrl);
    await converter.setAmount('100');
    await converter.convertButton.click();
    await waitForText(converter.result, /^100\.0000 USD = [\d.]+ EUR$/);
    const text = await converter.source.innerText();
    expect(text).toMatch(ecbFixText(ecb.date));
    const note = expected.stale ? ' · delayed' : expected.marketClosed ? ' · market closed' : '';
    expect(text.endsWith(`CET${note}`) || text.endsWith(`CEST${note}`)).toBe(true);
  });

  it("shows an intraday source's rate as an age that keeps counting", async () => {
    const converter = new ConverterPanel(opened().page);
    await converter.open(baseUrl);
    await converter.toggleShowCrypto();
    await converter.choose(converter.to, 'BTC', /^BTC - Bitcoin/);
    await converter.convertButton.click();
    await waitForText(converter.result, /^1\.0000 USD = [\d.]+ BTC$/);
    const first = await waitForText(converter.source, /^Coinbase · /);
    const age = (text: string) => {
      const match = /^Coinbase · (\d+) s ago$/.exec(text);
      if (!match) throw new Error(`Not an age in seconds: "${text}"`);
      return Number(match[1]);
    };
    expect(age(first)).toBeGreaterThanOrEqual(12);
    // The page counts on without asking the API again.
    const later = await waitForText(
      converter.source,
      new RegExp(`^Coinbase · (?!${age(first)} s)\\d+ s ago$`),
    );
    expect(age(later)).toBeGreaterThan(age(first));
    // The exact instant is one hover away.
    expect(await converter.source.getAttribute('title')).toMatch(
      /^[A-Z][a-z]+ \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/,
    );
  });

  it("shows in the docs' key tester the source and time of the answer it displays", async () => {
    const { key } = await given.keyOnPlan();
    const { page } = opened();
    await page.goto(`${baseUrl}/docs`);
    await waitForText(page.getByRole('heading', { level: 1 }), 'API Documentation');
    // GET /rates/rate, USD to EUR: the first endpoint offered.
    await page.getByRole('textbox', { name: 'API key' }).fill(key);
    await page.getByRole('button', { name: 'Test Key' }).click();
    await waitForText(page.getByTestId('tester-response'), /"rate"/);
    const line = await page.getByTestId('tester-rate-source').innerText();
    expect(line).toMatch(ecbFixText(ecb.date));
    const body = await page.getByTestId('tester-response').innerText();
    expect(body).toContain(`"timestamp": "${ecb.timestamp}"`);
  });
});
