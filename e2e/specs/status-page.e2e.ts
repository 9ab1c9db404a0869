import { Redis } from 'ioredis';
import type { Page } from 'playwright-core';
import { SourceAgeSamples, SourceHealthStore } from '../../libs/rates/src/source-status';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { waitForText } from '../support/texts';

const { baseUrl, redisUrl, redisKeyPrefix } = e2eEnvironment();
const MINUTE = 60_000;

describe('/status page', () => {
  const opened = usePagePerTest();
  let page: Page;
  let redis: Redis;

  beforeAll(async () => {
    // What the worker records as it polls and samples (the browser stack runs no worker): the bundled
    // snapshot, the one source this API has enabled, polled 5 minutes ago and sampled for two hours.
    redis = new Redis(redisUrl);
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
  });
  afterAll(async () => {
    await redis.quit();
  });

  beforeEach(() => {
    page = opened().page;
  });

  it('lists each enabled source with its age, plan badges in words and a 24-hour sparkline', async () => {
    await page.goto(`${baseUrl}/status`);
    await waitForText(page.getByRole('heading', { level: 1 }), 'System Status');
    expect(await page.title()).toBe('System Status | FXRates Pro');
    const row = page.getByTestId('source-bundled-snapshot');
    await row.waitFor();
    expect(await row.getByRole('rowheader').innerText()).toContain('Bundled snapshot');
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
    expect(await page.getByTestId('status-table').locator('tbody tr').count()).toBe(1);
  });

  it('is linked from the footer', async () => {
    await page.goto(`${baseUrl}/pricing`);
    await page.getByTestId('site-footer').getByRole('link', { name: 'System Status' }).click();
    await waitForText(page.getByRole('heading', { level: 1 }), 'System Status');
    expect(new URL(page.url()).pathname).toBe('/status');
  });
});
