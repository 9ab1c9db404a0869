import { Redis } from 'ioredis';
import type { Page } from 'playwright-core';
import { CURRENCIES } from '@fxrates/domain';
import { loadBundledSnapshot, RatesStore, SourceAgeSamples, SourceHealthStore } from '@fxrates/rates';
import { seriousAxeViolations } from '../support/axe';
import { PHONE_VIEWPORT, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { horizontalOverflows, settle } from '../support/layout-checks';
import { waitForText } from '../support/texts';

const { baseUrl, apiUrl, redisUrl, redisKeyPrefix } = e2eEnvironment();
const MINUTE = 60_000;

/** What the worker records as it polls and samples (the browser stack runs no worker). */
async function recordSnapshotPolls(redis: Redis): Promise<void> {
  // The bundled snapshot, the one source this API has enabled, polled 5 minutes ago and sampled for
  // two hours.
  const now = Date.now();
  const dataAt = now - 3 * 3_600_000;
  await new SourceHealthStore(redis, redisKeyPrefix).recordSuccess('bundled-snapshot', now - 5 * MINUTE, {
    timestamp: dataAt,
    date: new Date(dataAt).toISOString().slice(0, 10),
  });
  const samples = new SourceAgeSamples(redis, redisKeyPrefix);
  for (let at = now - 2 * 3_600_000; at <= now - 2 * MINUTE; at += 5 * MINUTE) {
    await samples.record(new Map([['bundled-snapshot', (at - dataAt) / 1000]]), at, MINUTE);
  }
}

/** Opens /status and waits for its list of currencies. */
async function openStatus(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/status`);
  await waitForText(page.getByRole('heading', { level: 1 }), 'System Status');
  await page.getByTestId('currency-table').waitFor();
}

const shownCodes = async (page: Page) =>
  (await page
    .getByTestId('currency-table')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-testid')?.replace('currency-', '')),
    )) as string[];

let redis: Redis;
beforeAll(async () => {
  redis = new Redis(redisUrl);
  await recordSnapshotPolls(redis);
  // The stack's own table, whatever another spec published before (one stamped as of its run
  // makes the snapshot's EUR minutes old): this spec reads the snapshot's ages.
  await new RatesStore(redis, redisKeyPrefix).publish(loadBundledSnapshot());
  const deadline = Date.now() + 10_000;
  const eurAge = async () => {
    const status = (await (await fetch(`${apiUrl}/api/v1/status`)).json()) as {
      currencies?: { code: string; ageSeconds: number | null }[];
    };
    return status.currencies?.find((c) => c.code === 'EUR')?.ageSeconds ?? 0;
  };
  while ((await eurAge()) < 86_400) {
    if (Date.now() > deadline) throw new Error('the API never swapped to the bundled snapshot');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(async () => {
  await redis.quit();
});

describe('/status page', () => {
  const opened = usePagePerTest();
  let page: Page;

  beforeEach(() => {
    page = opened().page;
  });

  it('lists each enabled source with its cadence, age, missed publishes, plan badges in words and a 24-hour sparkline', async () => {
    await page.goto(`${baseUrl}/status`);
    await waitForText(page.getByRole('heading', { level: 1 }), 'System Status');
    expect(await page.title()).toBe('System Status | FXRates Pro');
    const row = page.getByTestId('source-bundled-snapshot');
    await row.waitFor();
    expect(await row.getByRole('heading', { level: 3 }).innerText()).toBe('Bundled snapshot');
    expect(await row.getByTestId('cadence').innerText()).toBe(
      'Publishes: Fixed: a snapshot shipped with the release, never updated',
    );
    // A fixed snapshot is never due again: it misses nothing, however old.
    expect(await row.getByTestId('missed').innerText()).toBe('None');
    expect(await row.getByTestId('failures').innerText()).toBe('0');
    // Made at the start of its 5-second window: three hours, or a few seconds under.
    expect(await row.getByTestId('age').innerText()).toMatch(/^(3 h|2 h 59 min)$/);
    // The text as written (Mantine's badge shows it in capitals).
    expect(await row.locator('[data-testid^="freshness-"]').allTextContents()).toEqual([
      'Free: met',
      'Basic: not met',
      'Professional: not met',
      'Enterprise: not met',
    ]);
    const sparkline = row.getByRole('img');
    expect(await sparkline.getAttribute('aria-label')).toMatch(
      /^Data age of Bundled snapshot over 24 hours: now 2 h 5\d min, at most 2 h 5\d min$/,
    );
    const path = await sparkline.locator('path').getAttribute('d');
    // One point per 5-minute step sampled: a line of about two dozen points.
    expect(path?.split(/[ML]/).filter(Boolean).length).toBeGreaterThanOrEqual(20);
    // Only enabled sources are listed.
    expect(await page.getByTestId('status-sources').getByRole('article').count()).toBe(1);
  });

  it('lists every currency with its source and age, searchable by code or name and by type', async () => {
    await openStatus(page);
    const all = CURRENCIES.map((c) => c.code);
    expect(await shownCodes(page)).toEqual(all);
    expect(await page.getByTestId('currency-count').innerText()).toBe(`${all.length} currencies`);
    const eur = page.getByTestId('currency-EUR');
    expect(await eur.getByTestId('currency-source').innerText()).toBe('Bundled snapshot');
    // The snapshot is weeks old: an age in days, and said to be delayed.
    expect(await eur.getByTestId('currency-age').innerText()).toMatch(/^\d+ d( \d+ h)?$/);
    expect(await eur.getByText('delayed', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('currency-USD').getByTestId('currency-source').innerText()).toBe(
      'Base of every rate (1 by definition)',
    );

    const search = page.getByRole('searchbox', { name: 'Search currencies' });
    await search.fill('euro');
    await waitForText(page.getByTestId('currency-count'), /^\d+ of \d+ currencies$/);
    const euro = await shownCodes(page);
    expect(euro).toContain('EUR');
    expect(euro).not.toContain('USD');
    expect(euro.length).toBeLessThan(10);
    // By code, whatever the case.
    await search.fill('jpy');
    await waitForText(page.getByTestId('currency-count'), `1 of ${all.length} currencies`);
    expect(await shownCodes(page)).toEqual(['JPY']);
    await search.fill('no such currency');
    await waitForText(page.getByTestId('currency-count'), `0 of ${all.length} currencies`);
    expect(await page.getByText('No currency matches “no such currency”.').isVisible()).toBe(true);

    // By type: crypto only, then searched within.
    await search.fill('');
    await page
      .getByRole('radiogroup', { name: 'Currency type' })
      .getByText('Crypto', { exact: true })
      .click();
    const crypto = CURRENCIES.filter((c) => c.type === 'crypto').map((c) => c.code);
    await waitForText(page.getByTestId('currency-count'), `${crypto.length} of ${all.length} currencies`);
    expect(await shownCodes(page)).toEqual(crypto);
    await search.fill('bitcoin');
    expect(await shownCodes(page).then((codes) => codes.includes('BTC'))).toBe(true);
    // Each type the catalogue holds is a choice (metals once it has them).
    const types = new Set(CURRENCIES.map((c) => c.type));
    expect(
      await page
        .getByRole('radiogroup', { name: 'Currency type' })
        .getByRole('radio')
        .evaluateAll((radios) => radios.map((radio) => radio.getAttribute('value'))),
    ).toEqual(['all', ...(['fiat', 'crypto', 'metal'] as const).filter((type) => types.has(type))]);
  });

  it('is linked from the footer', async () => {
    await page.goto(`${baseUrl}/pricing`);
    await page.getByTestId('site-footer').getByRole('link', { name: 'System Status' }).click();
    await waitForText(page.getByRole('heading', { level: 1 }), 'System Status');
    expect(new URL(page.url()).pathname).toBe('/status');
  });
});

describe('/status page on a phone (390 px)', () => {
  const opened = usePagePerTest(PHONE_VIEWPORT);

  it('fits the screen with every currency listed: nothing scrolls sideways, searched or not; axe finds nothing serious', async () => {
    const { page } = opened();
    await openStatus(page);
    await settle(page);
    expect(await shownCodes(page)).toHaveLength(CURRENCIES.length);
    expect(await horizontalOverflows(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('searchbox', { name: 'Search currencies' }).fill('dollar');
    await waitForText(page.getByTestId('currency-count'), /^\d+ of \d+ currencies$/);
    expect(await horizontalOverflows(page)).toEqual([]);
  });
});
