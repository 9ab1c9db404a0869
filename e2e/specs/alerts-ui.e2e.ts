import type { RateAlertView } from '@fxrates/domain';
import type { Locator, Page } from 'playwright-core';
import { signInViaApi } from '../support/accounts-api';
import { heading, signedInAsNewUser, waitForPath } from '../support/accounts-ui';
import { PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { textsOf, waitForText } from '../support/texts';
import { expectUsableLayout } from '../support/usable-layout';

const { baseUrl, apiUrl } = e2eEnvironment();

const NO_WEBHOOK_HINT =
  'No enabled webhook endpoint receives alert.triggered yet. Add one, or subscribe one to alert.triggered, on the Webhooks page first.';

const alertRow = (page: Page, condition: string) =>
  page
    .getByTestId('alert-row')
    .filter({ has: page.getByTestId('alert-condition').getByText(condition, { exact: true }) });
const newAlertDialog = (page: Page) => page.getByRole('dialog', { name: 'New alert' });

async function onAlertsPage(page: Page, plan: 'free' | 'basic') {
  const user = await signedInAsNewUser(page, baseUrl, '/dashboard/alerts', { plan });
  await waitForText(heading(page), 'Rate alerts');
  return user;
}

/** Opens a currency picker of the dialog, searches and picks the option whose label starts with `code`. */
async function chooseCurrency(dialog: Locator, label: string, code: string): Promise<void> {
  const picker = dialog.getByRole('combobox', { name: label, exact: true });
  await picker.click();
  await picker.fill(code);
  await dialog
    .page()
    .getByRole('option', { name: new RegExp(`^${code} - `) })
    .first()
    .click();
}

/** Sends the dialog; answers the API's answer to it. */
async function submitAlert(page: Page): Promise<{ status: number; body: unknown; request: unknown }> {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/alerts' && response.request().method() === 'POST',
  );
  await newAlertDialog(page).getByRole('button', { name: 'Create alert' }).click();
  const response = await answered;
  return {
    status: response.status(),
    body: await response.json(),
    request: response.request().postDataJSON(),
  };
}

/** The user's API calls with a bearer token, as the dashboard makes them. */
async function apiAs(user: { email: string; password: string }) {
  const token = await signInViaApi(apiUrl, user);
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${apiUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
}

describe.each(PHONE_AND_DESKTOP)('dashboard: rate alerts at $viewport.width px ($name)', ({ viewport }) => {
  const opened = usePagePerTest(viewport);

  it("creates a level and a change alert, lists them in words against the plan's limit, pauses and resumes one, and deletes it after confirming", async () => {
    const { page } = opened();
    await onAlertsPage(page, 'basic');
    await waitForText(page.getByTestId('alerts-limit'), '0 of 10 alerts');
    await waitForText(
      page.getByTestId('alerts-empty'),
      'No alerts yet. Create one to hear when a rate moves.',
    );

    // EUR/USD above 1.10, by email (the defaults but the level).
    await page.getByRole('button', { name: 'New alert' }).click();
    await newAlertDialog(page)
      .getByRole('textbox', { name: /^Level/ })
      .fill('1.10');
    const level = await submitAlert(page);
    expect(level.status).toBe(201);
    expect(level.request).toEqual({
      base: 'EUR',
      quote: 'USD',
      condition: 'above',
      level: '1.10',
      channel: 'email',
    });
    await newAlertDialog(page).waitFor({ state: 'detached' });

    // GBP/USD moves 2 % in 60 min.
    await page.getByRole('button', { name: 'New alert' }).click();
    const dialog = newAlertDialog(page);
    await chooseCurrency(dialog, 'Base currency', 'GBP');
    await dialog.getByText('Moves by %', { exact: true }).click();
    await dialog.getByRole('textbox', { name: /^Move \(%\)/ }).fill('2');
    expect(await dialog.getByRole('textbox', { name: /^Within \(minutes\)/ }).inputValue()).toBe('60');
    await expectUsableLayout(page);
    const change = await submitAlert(page);
    expect(change.status).toBe(201);
    expect(change.request).toEqual({
      base: 'GBP',
      quote: 'USD',
      condition: 'change',
      changePercent: '2',
      windowMinutes: 60,
      channel: 'email',
    });
    await dialog.waitFor({ state: 'detached' });

    await waitForText(page.getByTestId('alerts-limit'), '2 of 10 alerts');
    expect((await textsOf(page.getByTestId('alert-condition'))).sort()).toEqual([
      'EUR/USD above 1.10',
      'GBP/USD moves 2 % in 60 min',
    ]);
    const above = alertRow(page, 'EUR/USD above 1.10');
    expect(await above.getByTestId('alert-channel').innerText()).toBe('Email');
    expect(await above.getByTestId('alert-state').textContent()).toBe('Armed');
    expect(await above.getByTestId('alert-last-triggered').innerText()).toBe('Never');
    await expectUsableLayout(page);

    // Pause, then resume.
    const patched = () =>
      page.waitForResponse(
        (response) => response.request().method() === 'PATCH' && /\/api\/alerts\//.test(response.url()),
      );
    let patch = patched();
    await above.getByRole('button', { name: 'Pause' }).click();
    expect((await patch).request().postDataJSON()).toEqual({ paused: true });
    await waitForText(above.getByTestId('alert-state'), 'Paused');
    patch = patched();
    await above.getByRole('button', { name: 'Resume' }).click();
    expect((await patch).request().postDataJSON()).toEqual({ paused: false });
    await waitForText(above.getByTestId('alert-state'), 'Armed');
    expect(await above.getByRole('button', { name: 'Pause' }).count()).toBe(1);

    // Delete: Cancel keeps it; Delete removes it.
    await above.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this alert?' });
    await waitForText(confirm.locator('b'), 'EUR/USD above 1.10');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await above.count()).toBe(1);
    await above.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await waitForText(page.getByTestId('alerts-limit'), '1 of 10 alerts');
    expect(await textsOf(page.getByTestId('alert-condition'))).toEqual(['GBP/USD moves 2 % in 60 min']);
  }, 90_000);
});

describe('dashboard: rate alerts, the webhook channel, the limit and refusals', () => {
  const opened = usePagePerTest();

  it('hints when no endpoint receives alert.triggered, and not once one does', async () => {
    const { page } = opened();
    const user = await signedInAsNewUser(page, baseUrl, '/dashboard', { plan: 'basic' });
    // The alert emails link to /dashboard/alerts; the dashboard's sections link there too.
    await waitForText(heading(page), 'Dashboard');
    await page
      .getByRole('navigation', { name: 'Dashboard sections' })
      .getByRole('link', { name: 'Alerts' })
      .click();
    await waitForPath(page, '/dashboard/alerts');
    await waitForText(heading(page), 'Rate alerts');

    await page.getByRole('button', { name: 'New alert' }).click();
    const dialog = newAlertDialog(page);
    expect(await dialog.getByTestId('alert-no-webhook').count()).toBe(0);
    await dialog.getByRole('radio', { name: 'Webhook (alert.triggered)' }).check();
    await waitForText(dialog.getByTestId('alert-no-webhook').locator('p'), NO_WEBHOOK_HINT);
    // Sent all the same, the API refuses it, and the dialog shows why as the API words it.
    await dialog.getByRole('textbox', { name: /^Level/ }).fill('1.2');
    const refused = await submitAlert(page);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    await waitForText(dialog.getByTestId('alert-form-error'), (refused.body as { detail: string }).detail);
    await dialog.getByRole('link', { name: 'Go to Webhooks' }).click();
    await waitForPath(page, '/dashboard/webhooks');
    await waitForText(heading(page), 'Webhooks');

    // An endpoint that receives alerts (added through the API): the hint is gone.
    const call = await apiAs(user);
    const created = await call('POST', '/webhooks', {
      // A loopback address, which the stack allows over http (WEBHOOKS_ALLOW_INSECURE_LOCALHOST): nothing is sent.
      url: 'http://127.0.0.1:9/fxrates',
      events: ['alert.triggered'],
    });
    expect(created.status).toBe(201);
    await page
      .getByRole('navigation', { name: 'Dashboard sections' })
      .getByRole('link', { name: 'Alerts' })
      .click();
    await waitForText(heading(page), 'Rate alerts');
    await page.getByRole('button', { name: 'New alert' }).click();
    await dialog.getByRole('radio', { name: 'Webhook (alert.triggered)' }).check();
    await dialog.getByRole('textbox', { name: /^Level/ }).fill('1.2');
    await dialog.getByText('Goes below', { exact: true }).click();
    expect(await dialog.getByTestId('alert-no-webhook').count()).toBe(0);
    const made = await submitAlert(page);
    expect(made.status).toBe(201);
    const row = alertRow(page, 'EUR/USD below 1.2');
    await waitForText(row.getByTestId('alert-channel'), 'Webhook');
  }, 60_000);

  it('lists an alert that fired as Triggered, with when and at what rate, and a paused one as Paused', async () => {
    const { page } = opened();
    const user = await signedInAsNewUser(page, baseUrl, '/dashboard', { plan: 'basic' });
    await given.rateAlert(user, {
      base: 'GBP',
      condition: 'change',
      changePercent: '1.5',
      windowMinutes: 30,
      state: 'triggered',
      lastTriggeredAt: new Date('2026-11-30T14:05:00Z'),
      lastTriggeredRate: '1.2712',
      channel: 'webhook',
    });
    await given.rateAlert(user, { condition: 'below', level: '1.0500', paused: true });
    await page.goto(`${baseUrl}/dashboard/alerts`);
    await waitForText(heading(page), 'Rate alerts');
    const fired = alertRow(page, 'GBP/USD moves 1.5 % in 30 min');
    await waitForText(fired.getByTestId('alert-state'), 'Triggered');
    expect(await fired.getByTestId('alert-last-triggered').innerText()).toBe(
      'November 30, 2026, 14:05 UTC at 1.2712',
    );
    expect(await fired.getByTestId('alert-channel').innerText()).toBe('Webhook');
    const paused = alertRow(page, 'EUR/USD below 1.0500');
    expect(await paused.getByTestId('alert-state').textContent()).toBe('Paused');
    expect(await paused.getByRole('button', { name: 'Resume' }).count()).toBe(1);
    await expectUsableLayout(page);
  }, 60_000);

  it("holds a Free plan to its alerts, and shows the API's refusal as it words it", async () => {
    const { page } = opened();
    const user = await onAlertsPage(page, 'free');
    const call = await apiAs(user);
    const list = (await call('GET', '/alerts')).body as { alerts: RateAlertView[]; limit: number };
    expect(list.alerts).toEqual([]);
    await waitForText(
      page.getByTestId('alerts-limit'),
      `0 of ${list.limit} ${list.limit === 1 ? 'alert' : 'alerts'}`,
    );

    // A currency outside the Free plan: the API refuses, and the dialog shows its detail.
    await page.getByRole('button', { name: 'New alert' }).click();
    const dialog = newAlertDialog(page);
    await chooseCurrency(dialog, 'Base currency', 'BTC');
    await dialog.getByRole('textbox', { name: /^Level/ }).fill('50000');
    const refused = await submitAlert(page);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const { detail } = refused.body as { detail: string };
    await waitForText(dialog.getByTestId('alert-form-error'), detail);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Up to the limit through the API: the page says so and offers no more.
    for (let n = 0; n < list.limit; n += 1) {
      const made = await call('POST', '/alerts', {
        base: 'EUR',
        quote: 'USD',
        condition: 'above',
        level: `1.${10 + n}`,
        channel: 'email',
      });
      expect(made.status).toBe(201);
    }
    await page.reload();
    await waitForText(
      page.getByTestId('alerts-limit'),
      `${list.limit} of ${list.limit} ${list.limit === 1 ? 'alert' : 'alerts'}`,
    );
    expect(await page.getByRole('button', { name: 'New alert' }).isDisabled()).toBe(true);
    await waitForText(
      page.getByTestId('alerts-at-limit'),
      "Your plan's alerts are all in use. Delete one, or upgrade for more.",
    );
    await expectUsableLayout(page);
  }, 60_000);
});
