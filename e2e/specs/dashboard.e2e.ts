import type { AccountUsage } from '@fxrates/domain';
import { signedInAsNewUser } from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { waitForText } from '../support/texts';
import { barsExpected, drawnBars, usageTable } from '../support/usage-chart';

const { baseUrl, apiUrl } = e2eEnvironment();

describe('dashboard: keys and usage', () => {
  const opened = usePagePerTest();

  it('creates a key, tests it in the docs, sees the usage move, and deactivates it', async () => {
    const { page, context } = opened();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    // On Basic, whose burst (10 calls a second) the three calls below cannot reach: this test is about
    // keys and the usage they make, not about the burst limit (Free's 2 a second would need waits).
    await signedInAsNewUser(page, baseUrl, '/dashboard', { plan: 'basic' });
    await waitForText(page.getByRole('heading', { name: /^Welcome/ }), 'Welcome back, Eve Tester!');
    expect(await page.getByTestId('stat-active-keys').innerText()).toBe('0');

    // Create a key: shown once, copyable.
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.getByRole('button', { name: 'Create New Key' }).click();
    await page.getByRole('textbox', { name: 'Key name' }).fill('Browser test');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const key = (await waitForText(page.getByTestId('new-key'), /^fxrates_[0-9a-f]{32}$/)).trim();
    expect(await page.getByText('It will not be shown again.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Copy key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('key-row').filter({ hasText: 'Browser test' });
    await waitForText(row.locator('code'), `fxrates_${'•'.repeat(28)}${key.slice(-4)}`);

    // Test it in the docs panel.
    await page.goto(`${baseUrl}/docs`);
    await page.getByRole('textbox', { name: 'API key' }).fill(key);
    await page.getByRole('button', { name: 'Test Key' }).click();
    await waitForText(page.getByTestId('tester-response'), /"rate"/);

    // Two more calls, as a developer's server would make them; the chart counts all three today.
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${apiUrl}/api/v1/rates/rate?from=USD&to=EUR`, {
        headers: { 'X-API-Key': key },
      });
      expect({ status: response.status, body: await response.text() }).toMatchObject({ status: 200 });
    }
    await page.goto(`${baseUrl}/dashboard`);
    await waitForText(page.getByRole('heading', { name: /^Welcome/ }), /^Welcome/);
    const usageAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/usage');
    await page.getByRole('tab', { name: 'Usage Stats' }).click();
    const usage = (await (await usageAnswer).json()) as AccountUsage;
    const today = new Date().toISOString().slice(0, 10);
    await drawnBars(page).first().waitFor();
    expect(await drawnBars(page).count()).toBe(barsExpected(usage));
    expect(barsExpected(usage)).toBe(1);
    const table = await usageTable(page);
    expect(table.columns).toEqual(['Day', 'Total', 'Browser test']);
    expect(table.rows.at(-1)).toEqual([today, '3', '3']);
    expect(await page.getByTestId('limit-used').innerText()).toBe('3');
    expect(await page.getByTestId('limit-monthly-quota').innerText()).toBe('10,000');
    expect(await page.getByTestId('limit-burst-limit').innerText()).toBe('10 requests/second');

    // Deactivate it: it moves to Disabled Keys and stops working.
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page
      .getByTestId('key-row')
      .filter({ hasText: 'Browser test' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('tab', { name: 'Disabled Keys' }).click();
    await waitForText(page.getByTestId('key-row').first().locator('td').first(), 'Browser test');
    const refused = await fetch(`${apiUrl}/api/v1/rates/rate?from=USD&to=EUR`, {
      headers: { 'X-API-Key': key },
    });
    expect(refused.status).toBe(403);
  }, 60_000);
});
