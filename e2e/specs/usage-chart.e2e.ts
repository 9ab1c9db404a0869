import type { AccountUsage } from '@fxrates/domain';
import { todayUtc } from '@fxrates/testing';
import type { Page } from 'playwright-core';
import { signInViaApi } from '../support/accounts-api';
import { heading, signInOnLoginPage, waitForPath } from '../support/accounts-ui';
import { seriousAxeViolations } from '../support/axe';
import { PHONE_VIEWPORT, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { horizontalOverflows } from '../support/layout-checks';
import { textsOf, waitForText } from '../support/texts';
import { barsExpected, drawnBars, usageChart, usageTable } from '../support/usage-chart';

const { baseUrl, apiUrl } = e2eEnvironment();

/**
 * A user with two keys, "Production" used twice today and "Staging" once, as the worker's flush
 * records metered calls (this file is about the chart; metering has tests of its own, and dashboard.e2e
 * follows real calls to the chart); and the API's usage.
 */
async function userWithUsage(): Promise<{ user: { email: string; password: string }; usage: AccountUsage }> {
  const user = await given.user();
  const production = await given.key(user, { name: 'Production' });
  const staging = await given.key(user, { name: 'Staging' });
  await given.usage(production, { [todayUtc()]: 2 });
  await given.usage(staging, { [todayUtc()]: 1 });
  const response = await fetch(`${apiUrl}/api/usage`, {
    headers: { authorization: `Bearer ${await signInViaApi(apiUrl, user)}` },
  });
  expect(response.status).toBe(200);
  const usage = (await response.json()) as AccountUsage;
  expect(usage.used).toBe(3);
  return { user, usage };
}

async function openUsageStats(page: Page, user: { email: string; password: string }): Promise<void> {
  await signInOnLoginPage(page, baseUrl, user);
  await waitForPath(page, '/dashboard');
  await waitForText(heading(page), 'Dashboard');
  await page.getByRole('tab', { name: 'Usage Stats' }).click();
  await drawnBars(page).first().waitFor();
}

describe('dashboard: the Monthly Usage chart', () => {
  const opened = usePagePerTest();

  it("draws the month's usage as the API reports it, with a legend, tooltips and a text alternative", async () => {
    const { page } = opened();
    const { user, usage } = await userWithUsage();
    await openUsageStats(page, user);

    // One segment per key and day with requests: today, both keys.
    expect(barsExpected(usage)).toBe(2);
    expect(await drawnBars(page).count()).toBe(barsExpected(usage));
    const fills = await drawnBars(page).evaluateAll((bars) => bars.map((bar) => bar.getAttribute('fill')));
    expect(new Set(fills).size).toBe(2);
    const legend = usageChart(page).locator('.mantine-ChartLegend-legendItemName');
    expect((await textsOf(legend)).sort()).toEqual(['Production', 'Staging']);

    // The text alternative: every day of the month so far, today's row with each key's share.
    const today = new Date().toISOString().slice(0, 10);
    const { columns, rows } = await usageTable(page);
    expect(columns.slice(0, 2)).toEqual(['Day', 'Total']);
    expect(columns.slice(2).sort()).toEqual(['Production', 'Staging']);
    expect(rows.map(([day]) => day)).toEqual(usage.days.map((day) => day.day));
    const todayRow = Object.fromEntries(columns.map((column, index) => [column, rows.at(-1)![index]]));
    expect(todayRow).toEqual({ Day: today, Total: '3', Production: '2', Staging: '1' });

    // Hovering today's bar tells each key's requests on that day.
    await drawnBars(page).last().hover();
    const tooltip = usageChart(page).locator('.mantine-ChartTooltip-tooltip');
    await waitForText(tooltip, /Production\s*2/);
    expect(await tooltip.innerText()).toMatch(/Staging\s*1/);
    const longToday = new Date().toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    expect(await tooltip.innerText()).toContain(longToday);

    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 60_000);
});

describe('dashboard: the Monthly Usage chart on a phone', () => {
  const opened = usePagePerTest(PHONE_VIEWPORT);

  it('fits 390 px without scrolling sideways, all bars drawn', async () => {
    const { page } = opened();
    const { user, usage } = await userWithUsage();
    await openUsageStats(page, user);
    expect(await drawnBars(page).count()).toBe(barsExpected(usage));
    const box = await usageChart(page).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    expect(await horizontalOverflows(page)).toEqual([]);
  }, 60_000);
});
