import type {
  CreatedWebhookEndpoint,
  WebhookDeliveryPage,
  WebhookDeliveryView,
  WebhookEventEnvelope,
} from '@fxrates/domain';
import type { Locator, Page } from 'playwright-core';
import { signInViaApi } from '../support/accounts-api';
import { heading, signedInAsNewUser, waitForPath } from '../support/accounts-ui';
import { PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { useMailWorker } from '../support/mail-worker';
import { textsOf, waitForText } from '../support/texts';
import { expectUsableLayout } from '../support/usable-layout';
import { signedWith, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const { baseUrl, apiUrl } = e2eEnvironment();

const COPIED_QUESTION = 'Have you copied your signing secret? You will not be able to see it again.';

/** The product's worker: it sends the deliveries (to the receivers on 127.0.0.1). */
useMailWorker();

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answerWith(200);
});

const endpointRow = (page: Page, url: string) => page.getByTestId('webhook-row').filter({ hasText: url });
const secretDialog = (page: Page) => page.getByRole('dialog', { name: 'Your signing secret' });
const deliveryLog = (page: Page) => page.getByTestId('delivery-log');
const deliveryRows = (page: Page) => deliveryLog(page).getByTestId('delivery-row');
/** The status badge of an endpoint's row (its reason, when disabled, is beside it). */
const statusBadge = (row: Locator) => row.getByTestId('webhook-status').locator('.mantine-Badge-label');

/** The text as written (a badge's CSS shows it in capitals: innerText would too). */
async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

async function onWebhooksPage(page: Page, plan: 'free' | 'basic') {
  const user = await signedInAsNewUser(page, baseUrl, '/dashboard/webhooks', { plan });
  await waitForText(heading(page), 'Webhooks');
  return user;
}

/** Fills and sends the add dialog; answers the API's answer to it. */
async function addEndpoint(
  page: Page,
  {
    url,
    description,
    events,
    more,
  }: { url: string; description?: string; events: string[]; more?: (form: Locator) => Promise<void> },
): Promise<{ status: number; body: unknown; request: unknown }> {
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'Add endpoint' });
  await form.getByRole('textbox', { name: /^Endpoint URL/ }).fill(url);
  if (description) await form.getByRole('textbox', { name: 'Description (optional)' }).fill(description);
  for (const event of events) await form.getByRole('checkbox', { name: event, exact: true }).check();
  await more?.(form);
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/webhooks' && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  const response = await answered;
  return {
    status: response.status(),
    body: await response.json(),
    request: response.request().postDataJSON(),
  };
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

/** Waits until the receiver has got `count` deliveries. */
async function receivedCount(count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (receiver.received.length < count) {
    if (Date.now() > deadline)
      throw new Error(`The receiver got ${receiver.received.length} deliveries, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The switch of an endpoint's row, turned to `on` through its label as a user would. */
async function setEnabled(row: Locator, url: string, on: boolean): Promise<void> {
  const toggle = row.getByRole('switch', { name: `Enabled: ${url}` });
  expect(await toggle.isChecked()).toBe(!on);
  await row.locator('label', { hasText: 'Enabled' }).click();
}

describe.each(PHONE_AND_DESKTOP)('dashboard: webhooks at $viewport.width px ($name)', ({ viewport }) => {
  const opened = usePagePerTest(viewport);

  it("adds an endpoint against the plan's limit, shows its secret once, sends it a signed test event and replays it as a new pending delivery", async () => {
    const { page } = opened();
    await onWebhooksPage(page, 'basic');
    await waitForText(page.getByTestId('webhooks-limit'), '0 of 3 endpoints');
    await waitForText(page.getByTestId('webhooks-empty'), 'No endpoints yet. Add one to receive events.');

    const added = await addEndpoint(page, {
      url: receiver.url,
      description: 'Pricing service',
      events: ['alert.triggered', 'rates.published'],
    });
    expect(added.status).toBe(201);
    expect(added.request).toEqual({
      url: receiver.url,
      description: 'Pricing service',
      events: ['rates.published', 'alert.triggered'],
    });
    const { secret } = added.body as CreatedWebhookEndpoint;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    expect(await waitForText(page.getByTestId('new-webhook-secret'), /^whsec_/)).toBe(secret);

    // Every way of closing asks first; only "I've copied it" closes.
    const dialog = secretDialog(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await waitForText(dialog.getByTestId('copied-confirmation').locator('p').first(), COPIED_QUESTION);
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await page.keyboard.press('Escape');
    await waitForText(dialog.getByTestId('copied-confirmation').locator('p').first(), COPIED_QUESTION);
    expect(await page.getByTestId('new-webhook-secret').innerText()).toBe(secret);
    await dialog.getByRole('button', { name: "I've copied it" }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = endpointRow(page, receiver.url);
    await waitForText(page.getByTestId('webhooks-limit'), '1 of 3 endpoints');
    expect(await row.getByTestId('webhook-url').innerText()).toBe(receiver.url);
    expect(await row.getByText('Pricing service').count()).toBe(1);
    expect(await textsOf(row.getByTestId('webhook-events').locator('p'))).toEqual([
      'rates.published',
      'alert.triggered',
    ]);
    expect(await textOf(statusBadge(row))).toBe('Active');
    await expectUsableLayout(page);

    // A test event: queued, shown in the log, received signed with the secret shown, then delivered.
    await row.getByRole('button', { name: 'Send test event' }).click();
    await waitForText(
      page.getByTestId('webhook-notice'),
      'Test event queued: it shows in the delivery log below.',
    );
    await receivedCount(1);
    const [sent] = receiver.received;
    expect(signedWith(sent, secret)).toBe(true);
    const event = JSON.parse(sent.body) as WebhookEventEnvelope;
    expect(sent.id).toBe(event.id);
    await waitForText(deliveryRows(page).first().getByTestId('delivery-status'), 'Delivered');
    expect(await deliveryRows(page).count()).toBe(1);
    const first = deliveryRows(page).first();
    expect(await first.getByTestId('delivery-attempts').innerText()).toBe('1 attempt');
    expect(await first.getByTestId('delivery-outcome').innerText()).toBe('HTTP 200');
    await expectUsableLayout(page);

    // Replay, while the receiver holds its answer: a new delivery on top, pending, of the same event.
    const release = receiver.hold();
    const replayed = page.waitForResponse(
      (response) =>
        /\/replay$/.test(new URL(response.url()).pathname) && response.request().method() === 'POST',
    );
    await first.getByRole('button', { name: 'Replay' }).click();
    const replay = await replayed;
    expect(replay.status()).toBe(202);
    const { delivery } = (await replay.json()) as { delivery: WebhookDeliveryView };
    expect(delivery).toMatchObject({ status: 'pending', eventId: event.id, replayOf: expect.any(String) });
    const top = deliveryRows(page).first();
    expect(await top.getAttribute('data-delivery-id')).toBe(delivery.id);
    expect(await textOf(top.getByTestId('delivery-status'))).toBe('Pending');
    expect(await top.getByTestId('delivery-replay-of').innerText()).toBe('Replay of an earlier delivery');
    expect(await deliveryRows(page).count()).toBe(2);
    await receivedCount(2);
    expect(await textOf(top.getByTestId('delivery-status'))).toBe('Pending');
    release();
    await waitForText(top.getByTestId('delivery-status'), 'Delivered');
    expect(receiver.received[1].id).toBe(event.id);
    expect(signedWith(receiver.received[1], secret)).toBe(true);
  }, 90_000);

  it('shows why the API refuses an endpoint, holds a Free plan to its one endpoint, disables and enables it, and deletes it after confirming', async () => {
    const { page } = opened();
    await onWebhooksPage(page, 'free');
    await waitForText(page.getByTestId('webhooks-limit'), '0 of 1 endpoint');

    // The API's own check, its detail shown as it is written.
    const refused = await addEndpoint(page, { url: 'http://example.com/hooks', events: ['rates.published'] });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const { detail } = refused.body as { detail: string };
    expect(detail).toEqual(expect.any(String));
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    await waitForText(form.getByTestId('webhook-form-error'), detail);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });

    // rate.changed, for two pairs chosen with the currency pickers, from a move of 0.5 %.
    const added = await addEndpoint(page, {
      url: receiver.url,
      events: ['rate.changed'],
      more: async (dialog) => {
        await dialog.getByRole('button', { name: 'Add pair' }).click();
        await chooseCurrency(dialog, 'Base currency', 'GBP');
        await dialog.getByRole('button', { name: 'Add pair' }).click();
        await dialog.getByRole('button', { name: 'Add pair' }).click();
        expect(await textsOf(dialog.getByTestId('chosen-pairs').locator('.mantine-Pill-label'))).toEqual([
          'EUR/USD',
          'GBP/USD',
        ]);
        await dialog.getByRole('textbox', { name: /^Minimum change/ }).fill('0.5');
        await expectUsableLayout(page);
      },
    });
    expect(added.status).toBe(201);
    expect(added.request).toEqual({
      url: receiver.url,
      events: ['rate.changed'],
      pairs: ['EUR/USD', 'GBP/USD'],
      minChangePercent: '0.5',
    });
    const { endpoint } = added.body as CreatedWebhookEndpoint;
    expect(endpoint).toMatchObject({ events: ['rate.changed'], pairs: ['EUR/USD', 'GBP/USD'] });
    await secretDialog(page).getByRole('button', { name: 'Done' }).click();
    await secretDialog(page).getByRole('button', { name: "I've copied it" }).click();
    await secretDialog(page).waitFor({ state: 'detached' });
    await waitForText(page.getByTestId('webhooks-limit'), '1 of 1 endpoint');
    expect(await page.getByRole('button', { name: 'Add endpoint' }).isDisabled()).toBe(true);
    await waitForText(
      page.getByTestId('webhooks-at-limit'),
      "Your plan's endpoints are all in use. Delete one, or upgrade for more.",
    );

    const row = endpointRow(page, receiver.url);
    expect(await textsOf(row.getByTestId('webhook-events').locator('p'))).toEqual([
      `rate.changed (EUR/USD, GBP/USD; at least ${endpoint.minChangePercent} %)`,
    ]);

    // Disabled by its owner: the status says so and why; no test event can be sent to it.
    await setEnabled(row, receiver.url, false);
    await waitForText(statusBadge(row), 'Disabled');
    expect((await row.getByTestId('webhook-disabled-reason').innerText()).length).toBeGreaterThan(0);
    expect(await row.getByRole('button', { name: 'Send test event' }).isDisabled()).toBe(true);
    await expectUsableLayout(page);
    await setEnabled(row, receiver.url, true);
    await waitForText(statusBadge(row), 'Active');
    expect(await row.getByTestId('webhook-disabled-reason').count()).toBe(0);

    // Delete: Cancel keeps it; Delete removes it and frees the plan's endpoint.
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await waitForText(
      confirm.locator('p').first(),
      new RegExp(`No more events will be sent to ${receiver.url.replace(/[.]/g, '\\.')}`),
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await endpointRow(page, receiver.url).count()).toBe(1);
    await row.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await waitForText(page.getByTestId('webhooks-empty'), 'No endpoints yet. Add one to receive events.');
    await waitForText(page.getByTestId('webhooks-limit'), '0 of 1 endpoint');
    expect(await page.getByRole('button', { name: 'Add endpoint' }).isDisabled()).toBe(false);
  }, 60_000);
});

describe('dashboard: webhooks, the delivery log and the way there', () => {
  const opened = usePagePerTest();

  it('pages the delivery log newest first with Load more', async () => {
    const { page } = opened();
    const user = await signedInAsNewUser(page, baseUrl, '/dashboard', { plan: 'basic' });
    // From the dashboard, by its sections' links.
    await waitForText(heading(page), 'Dashboard');
    await page
      .getByRole('navigation', { name: 'Dashboard sections' })
      .getByRole('link', { name: 'Webhooks' })
      .click();
    await waitForPath(page, '/dashboard/webhooks');
    await waitForText(heading(page), 'Webhooks');

    // An endpoint, and test events through the API until its log has a second page.
    const token = await signInViaApi(apiUrl, user);
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${apiUrl}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const created = await call('POST', '/webhooks', { url: receiver.url, events: ['rates.published'] });
    expect(created.status).toBe(201);
    const { endpoint } = created.body as CreatedWebhookEndpoint;
    const sent: string[] = [];
    for (;;) {
      const test = await call('POST', `/webhooks/${endpoint.id}/test`);
      expect(test.status).toBe(202);
      sent.unshift((test.body as { delivery: WebhookDeliveryView }).delivery.id);
      const first = (await call('GET', `/webhooks/${endpoint.id}/deliveries`)).body as WebhookDeliveryPage;
      if (first.nextCursor) break;
      if (sent.length > 200) throw new Error('The delivery log never had a second page');
    }
    const pageSize = sent.length - 1;

    await page.reload();
    const row = endpointRow(page, receiver.url);
    await row.getByRole('button', { name: 'Delivery log' }).click();
    await waitForText(deliveryLog(page).getByRole('heading'), 'Delivery log');
    const ids = () =>
      deliveryRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-delivery-id')));
    await deliveryRows(page).first().waitFor();
    expect(await ids()).toEqual(sent.slice(0, pageSize));
    await deliveryLog(page).getByRole('button', { name: 'Load more' }).click();
    await waitForText(deliveryRows(page).nth(pageSize).getByTestId('delivery-status'), /Pending|Delivered/);
    expect(await ids()).toEqual(sent);
    expect(await deliveryLog(page).getByRole('button', { name: 'Load more' }).count()).toBe(0);
  }, 120_000);
});
