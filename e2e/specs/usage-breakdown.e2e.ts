import fs from 'node:fs/promises';
import type { UsageBreakdown } from '@fxrates/domain';
import type { Locator, Page } from 'playwright-core';
import { signInViaApi } from '../support/accounts-api';
import { E2E_PASSWORD, heading, signInOnLoginPage, uniqueEmail, waitForPath } from '../support/accounts-ui';
import { PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { textsOf, waitForText } from '../support/texts';
import { expectUsableLayout } from '../support/usable-layout';

const { baseUrl, apiUrl } = e2eEnvironment();

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 8)}01`;

/** The dashboard's "Usage by key and endpoint" section, found by its heading. */
function breakdownSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Usage by key and endpoint' });
}

/** The bar segments the chart drew: one per day and stack with calls (recharts draws no empty one). */
function drawnBars(section: Locator): Locator {
  return section.getByTestId('breakdown-chart').locator('.recharts-bar-rectangle path.recharts-rectangle');
}

/** The table under the chart: its column headers, its days' rows and its totals row, as texts. */
async function breakdownTable(
  section: Locator,
): Promise<{ columns: string[]; rows: string[][]; totals: string[] }> {
  const table = section.getByTestId('breakdown-table');
  const cellsOf = (rows: Locator) =>
    rows.evaluateAll((elements) =>
      elements.map((row) => Array.from(row.children).map((cell) => (cell.textContent ?? '').trim())),
    );
  const [columns] = await cellsOf(table.locator('thead tr'));
  const [totals] = await cellsOf(table.locator('tfoot tr'));
  return { columns, rows: await cellsOf(table.locator('tbody tr')), totals };
}

/** One real call with `key`; answers its status. */
async function call(key: string, path: string): Promise<number> {
  const response = await fetch(`${apiUrl}/api/v1/${path}`, { headers: { 'X-API-Key': key } });
  await response.arrayBuffer();
  return response.status;
}

/**
 * This month's breakdown as the API gives it, once it counts `calls` calls: the API writes what it
 * counted every few seconds, so a call just answered may not be in it yet.
 */
async function breakdownOnceCounted(accessToken: string, calls: number): Promise<UsageBreakdown> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await fetch(`${apiUrl}/api/usage/breakdown`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.status).toBe(200);
    const breakdown = (await response.json()) as UsageBreakdown;
    const counted = breakdown.rows.reduce((sum, row) => sum + row.calls, 0);
    if (counted === calls) return breakdown;
    if (counted > calls || Date.now() > deadline) {
      throw new Error(`The breakdown counts ${counted} calls, not ${calls}: ${JSON.stringify(breakdown)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A Basic user (its burst, 10 calls a second, is out of reach of these calls) with two keys that
 * made real calls today: "Production" two rates and one refused (unknown currency), "Staging" the
 * latest rates once; waited for until the API's breakdown counts them.
 */
async function userWithCalls() {
  const user = await given.user({ plan: 'basic', email: uniqueEmail(), password: E2E_PASSWORD });
  const production = await given.key(user, { name: 'Production' });
  const staging = await given.key(user, { name: 'Staging' });
  expect(await call(production.key, 'rates/rate?from=USD&to=EUR')).toBe(200);
  expect(await call(production.key, 'rates/rate?from=USD&to=GBP')).toBe(200);
  expect(await call(production.key, 'rates/rate?from=USD&to=ZZZ')).toBe(400);
  expect(await call(staging.key, 'rates/latest?base=USD')).toBe(200);
  const breakdown = await breakdownOnceCounted(await signInViaApi(apiUrl, user), 4);
  return { user, production, staging, breakdown };
}

async function openBreakdown(page: Page, user: { email: string; password: string }): Promise<Locator> {
  await signInOnLoginPage(page, baseUrl, user);
  await waitForPath(page, '/dashboard');
  await waitForText(heading(page), 'Dashboard');
  await page.getByRole('tab', { name: 'Usage Stats' }).click();
  const section = breakdownSection(page);
  // It loads once it is first seen, as a visitor scrolling down to it would.
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** Switches what the stacks are, and waits for the table to say so. */
async function groupBy(section: Locator, label: string, chartName: string): Promise<void> {
  await section.getByText(label, { exact: true }).click();
  await waitForText(section.getByTestId('breakdown-table').locator('caption'), chartName);
}

describe.each(PHONE_AND_DESKTOP)(
  'dashboard: usage by key and endpoint at $viewport.width px ($name)',
  ({ viewport }) => {
    const opened = usePagePerTest(viewport);

    it("charts and tabulates the period's real calls by key, endpoint and status class, filters by key, and downloads them as CSV", async () => {
      const { page } = opened();
      const { user, production, staging, breakdown } = await userWithCalls();
      const section = await openBreakdown(page, user);

      // This month by default, stacked by key: today's bar in two segments, one per key.
      expect(await section.getByRole('button', { name: 'This month' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      expect(await section.getByLabel('From').inputValue()).toBe(monthStart());
      expect(await section.getByLabel('To').inputValue()).toBe(today());
      await section.getByTestId('breakdown-table').waitFor();
      expect(await drawnBars(section).count()).toBe(2);
      const legend = section.locator('.mantine-ChartLegend-legendItemName');
      expect(await textsOf(legend)).toEqual(['Production', 'Staging']);
      expect(await breakdownTable(section)).toEqual({
        columns: ['Day', 'Production', 'Staging', 'Total'],
        rows: [[today(), '3', '1', '4']],
        totals: ['Total', '3', '1', '4'],
      });
      await expectUsableLayout(page);

      // By endpoint, then by status class: the same four calls, stacked otherwise.
      await groupBy(section, 'By endpoint', 'Calls per day by endpoint');
      expect(await textsOf(legend)).toEqual(['rates/latest', 'rates/rate']);
      expect(await breakdownTable(section)).toEqual({
        columns: ['Day', 'rates/latest', 'rates/rate', 'Total'],
        rows: [[today(), '1', '3', '4']],
        totals: ['Total', '1', '3', '4'],
      });
      await groupBy(section, 'By status class', 'Calls per day by status class');
      expect(await drawnBars(section).count()).toBe(2);
      expect(await breakdownTable(section)).toEqual({
        columns: ['Day', '2xx success', '4xx refused', 'Total'],
        rows: [[today(), '3', '1', '4']],
        totals: ['Total', '3', '1', '4'],
      });

      // One key only: Staging's one call, a success.
      const stagingKey = breakdown.keys.find((key) => key.id === staging.id)!;
      await section
        .getByRole('combobox', { name: 'Key', exact: true })
        .selectOption({ label: `Staging (${stagingKey.maskedKey})` });
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="breakdown-table"] thead th').length === 3,
      );
      expect(await breakdownTable(section)).toEqual({
        columns: ['Day', '2xx success', 'Total'],
        rows: [[today(), '1', '1']],
        totals: ['Total', '1', '1'],
      });
      expect(await drawnBars(section).count()).toBe(1);

      // The CSV of the period: every key's calls, one line per day, key, endpoint and status class.
      const downloading = page.waitForEvent('download');
      await section.getByRole('button', { name: 'Download CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`fxrates-usage-${monthStart()}-to-${today()}.csv`);
      const lines = (await fs.readFile((await download.path())!, 'utf8')).split('\r\n');
      expect(lines[0]).toBe('day,key_id,key_name,endpoint,status_class,calls');
      expect(lines.at(-1)).toBe('');
      expect(lines.slice(1, -1).sort()).toEqual(
        [
          `${today()},${production.id},Production,rates/rate,2xx,2`,
          `${today()},${production.id},Production,rates/rate,4xx,1`,
          `${today()},${staging.id},Staging,rates/latest,2xx,1`,
        ].sort(),
      );
    });

    it('says when a period has no calls, and refuses a period that ends before it starts', async () => {
      const { page } = opened();
      const { user } = await userWithCalls();
      const section = await openBreakdown(page, user);
      await section.getByTestId('breakdown-table').waitFor();

      // Last month: none of today's calls.
      const lastMonth = page.waitForResponse((response) => response.url().includes('/api/usage/breakdown?'));
      await section.getByRole('button', { name: 'Last month' }).click();
      const lastDay = new Date(Date.parse(`${monthStart()}T00:00:00Z`) - 86_400_000)
        .toISOString()
        .slice(0, 10);
      const asked = new URL((await lastMonth).url()).searchParams;
      expect([asked.get('from'), asked.get('to')]).toEqual([`${lastDay.slice(0, 8)}01`, lastDay]);
      await waitForText(section.getByTestId('breakdown-empty'), 'No calls in this period');
      expect(await section.getByRole('button', { name: 'Last month' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      expect(await section.getByTestId('breakdown-table').count()).toBe(0);

      // A first day after the last: said under the days, nothing asked, no download offered.
      await section.getByLabel('From').fill(today());
      await waitForText(
        section.getByTestId('breakdown-range-problem'),
        'The first day must not be after the last.',
      );
      expect(await section.getByRole('button', { name: 'Download CSV' }).isDisabled()).toBe(true);
      await expectUsableLayout(page);

      // Back to this month: the calls again.
      await section.getByRole('button', { name: 'This month' }).click();
      await section.getByTestId('breakdown-table').waitFor();
      expect((await breakdownTable(section)).totals).toEqual(['Total', '3', '1', '4']);
    });
  },
);
