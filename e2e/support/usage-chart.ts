import type { AccountUsage } from '@fxrates/domain';
import type { Locator, Page } from 'playwright-core';

/** The dashboard's "Monthly Usage" chart (a figure named for what it shows). */
export function usageChart(page: Page): Locator {
  return page.getByRole('figure', { name: 'Requests per day this month' });
}

/** The bar segments the chart drew: one per day and key with requests (recharts draws no empty one). */
export function drawnBars(page: Page): Locator {
  return usageChart(page).locator('.recharts-bar-rectangle path.recharts-rectangle');
}

/** How many segments the API's usage calls for: each (day, key) with at least one request. */
export function barsExpected(usage: AccountUsage): number {
  return usage.days.reduce(
    (count, day) => count + Object.values(day.byKey).filter((requests) => requests > 0).length,
    0,
  );
}

/** The chart's text alternative: its column headers (Day, Total, then each key) and rows. */
export async function usageTable(page: Page): Promise<{ columns: string[]; rows: string[][] }> {
  const table = usageChart(page).getByRole('table', { name: 'Requests per day this month' });
  const cellsOf = (rows: Locator) =>
    rows.evaluateAll((elements) =>
      elements.map((row) => Array.from(row.children).map((cell) => (cell.textContent ?? '').trim())),
    );
  const [columns] = await cellsOf(table.locator('thead tr'));
  return { columns, rows: await cellsOf(table.locator('tbody tr')) };
}
