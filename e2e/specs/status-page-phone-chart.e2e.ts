import { Redis } from 'ioredis';
import { SourceAgeSamples, SourceHealthStore } from '@fxrates/rates';
import { PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { horizontalOverflows, settle } from '../support/layout-checks';
import { waitForText } from '../support/texts';

const { baseUrl, redisUrl, redisKeyPrefix } = e2eEnvironment();
const MINUTE = 60_000;

/**
 * The worker's records of a source polled every half hour for three hours (the browser stack runs
 * no worker): one sample per poll, with five empty 5-minute steps between two samples, which a
 * chart breaking at every empty step would draw as a row of dots.
 */
async function recordHalfHourlySamples(redis: Redis): Promise<void> {
  const now = Date.now();
  const dataAt = now - 3 * 3_600_000;
  await new SourceHealthStore(redis, redisKeyPrefix).recordSuccess('bundled-snapshot', now - 5 * MINUTE, {
    timestamp: dataAt,
    date: new Date(dataAt).toISOString().slice(0, 10),
  });
  const samples = new SourceAgeSamples(redis, redisKeyPrefix);
  for (let at = now - 3 * 3_600_000; at <= now - 2 * MINUTE; at += 30 * MINUTE) {
    await samples.record(new Map([['bundled-snapshot', (at - dataAt) / 1000]]), at, MINUTE);
  }
}

/** The points of an SVG path made of M and L commands, grouped by the M that starts each line. */
function linesOf(path: string): string[][] {
  return path
    .split('M')
    .filter((line) => line.trim() !== '')
    .map((line) => line.split('L').map((point) => point.trim()));
}

let redis: Redis;
beforeAll(async () => {
  redis = new Redis(redisUrl);
  await recordHalfHourlySamples(redis);
});
afterAll(async () => {
  await redis.quit();
});

describe.each(PHONE_AND_DESKTOP)('/status on a $name', ({ viewport }) => {
  const opened = usePagePerTest(viewport);

  it('fits the screen, draws its 24-hour chart as lines and writes times in the one format', async () => {
    const { page } = opened();
    await page.goto(`${baseUrl}/status`);
    await waitForText(page.getByRole('heading', { level: 1 }), 'System Status');
    const card = page.getByTestId('source-bundled-snapshot');
    await card.getByTestId('age-sparkline').waitFor();
    await page.getByTestId('currency-table').waitFor();
    await settle(page);

    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await horizontalOverflows(page)).toEqual([]);

    const path = (await card.getByTestId('age-sparkline').locator('path').getAttribute('d')) ?? '';
    const lines = linesOf(path);
    expect(lines.length).toBeGreaterThan(0);
    // Every line joins at least two points: no lone dot, whatever the gaps between samples.
    expect(lines.every((points) => points.length >= 2)).toBe(true);
    expect(lines.flat().length).toBeGreaterThanOrEqual(6);

    // "As of December 1, 2026, 14:05 UTC", and the same for the last successful poll.
    expect(await page.getByText(/^As of /).innerText()).toMatch(
      /^As of [A-Z][a-z]+ \d{1,2}, \d{4}, \d{2}:\d{2} UTC\./,
    );
    const lastSuccess = card.getByText('Last success').locator('xpath=following-sibling::*[1]');
    expect(await lastSuccess.innerText()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/);
  });
});
