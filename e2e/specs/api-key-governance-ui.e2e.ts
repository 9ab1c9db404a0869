import type { CreatedApiKey } from '@fxrates/domain';
import type { Page } from 'playwright-core';
import { heading, signedInAsNewUser } from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { waitForText } from '../support/texts';

const { baseUrl, apiUrl } = e2eEnvironment();

/** A developer's page, served by the test itself: an origin a publishable key may name over http. */
const DEV_PAGE = 'http://localhost:5173/';

const TEST_KEYS_BANNER =
  'Test keys answer from a bundled snapshot, unmetered. Use a secret key in production.';

const keyRow = (page: Page, name: string) => page.getByTestId('key-row').filter({ hasText: name });
const newKeyDialog = (page: Page) => page.getByRole('dialog', { name: 'Your new API key' });
const confirmation = (page: Page) => page.getByTestId('copied-confirmation');

/** A new user on Basic (whose burst the few calls below cannot reach), on the dashboard's API Keys tab. */
async function onKeysTab(page: Page): Promise<{ id: string }> {
  const user = await signedInAsNewUser(page, baseUrl, '/dashboard', { plan: 'basic' });
  await openKeysTab(page);
  return user;
}

async function openKeysTab(page: Page): Promise<void> {
  await waitForText(heading(page), 'Dashboard');
  await page.getByRole('tab', { name: 'API Keys' }).click();
}

/** The full key the one-time dialog shows. */
async function shownKey(page: Page): Promise<string> {
  return (await waitForText(page.getByTestId('new-key'), /^fxrates_/)).trim();
}

/** Done, then "I've copied it": the one way the one-time dialog closes. */
async function closeAfterCopying(page: Page): Promise<void> {
  await newKeyDialog(page).getByRole('button', { name: 'Done' }).click();
  await confirmation(page).getByRole('button', { name: "I've copied it" }).click();
  await newKeyDialog(page).waitFor({ state: 'detached' });
}

/** GET /api/v1/rates/latest with `key`, from a server (or, with `origin`, as a page there would). */
async function callLatest(key: string, origin?: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${apiUrl}/api/v1/rates/latest?base=USD&symbols=EUR`, {
    headers: { 'X-API-Key': key, ...(origin ? { Origin: origin } : {}) },
  });
  return { status: response.status, body: await response.text() };
}

/** "December 2, 2026, 14:00 UTC", written independently of the dashboard's own formatter. */
function utcMinute(iso: string): string {
  const date = new Date(iso);
  const day = date.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  const time = date.toISOString().slice(11, 16);
  return `${day}, ${time} UTC`;
}

describe('dashboard: governing API keys', () => {
  const opened = usePagePerTest();

  it('creates a publishable key for its origins, after saying which line is not one, lists its kind and origins, and a page there calls with it', async () => {
    const { page, context } = opened();
    await onKeysTab(page);
    await page.getByRole('button', { name: 'Create New Key' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Key' });
    await form.getByRole('textbox', { name: 'Key name' }).fill('Shop widget');
    await form.getByRole('radio', { name: 'Publishable', exact: true }).check();
    // A publishable key is offered the read-only scopes alone.
    expect(await form.getByRole('checkbox').count()).toBe(2);
    expect(await form.getByRole('checkbox', { name: 'stream', exact: true }).count()).toBe(0);
    const origins = form.getByRole('textbox', { name: 'Allowed origins' });
    await origins.fill('https://shop.example.com\nshop.example.com/cart');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await waitForText(
      form.getByText(/is not a web origin/),
      '"shop.example.com/cart" is not a web origin. Write one per line, such as https://shop.example.com (http:// only for localhost).',
    );

    await origins.fill('https://shop.example.com\nhttp://localhost:5173');
    const created = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/keys' && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    expect((await created).request().postDataJSON()).toEqual({
      name: 'Shop widget',
      kind: 'publishable',
      scopes: ['rates:read', 'history:read'],
      allowedNetworks: [],
      allowedOrigins: ['https://shop.example.com', 'http://localhost:5173'],
    });
    const key = await shownKey(page);
    expect(key).toMatch(/^fxrates_pk_/);
    await closeAfterCopying(page);

    const row = keyRow(page, 'Shop widget');
    await waitForText(row.getByTestId('key-kind'), 'Publishable');
    expect(await row.getByTestId('key-scopes').innerText()).toBe('rates:read, history:read');
    expect(await row.getByTestId('key-restrictions').innerText()).toBe(
      'Origins: https://shop.example.com, http://localhost:5173',
    );
    // The key shown works, from a page of an origin it names.
    expect(await callLatest(key, 'https://shop.example.com')).toMatchObject({ status: 200 });
    // The docs' browser snippet, run in the browser by a page of an allowed origin: CORS lets it read
    // the answer. Chromium asks before a page not loaded from the loopback address (this one is served
    // by the test) calls it; a developer's page on localhost was loaded from there.
    await context.grantPermissions(['local-network-access'], { origin: new URL(DEV_PAGE).origin });
    await page.route(DEV_PAGE, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Shop</title>' }),
    );
    await page.goto(DEV_PAGE);
    const fromPage = await page.evaluate(
      async ({ url, apiKey }) => {
        const response = await fetch(url, { headers: { 'X-API-Key': apiKey } });
        return { status: response.status, body: (await response.json()) as unknown };
      },
      { url: `${apiUrl}/api/v1/rates/latest?base=USD&symbols=EUR`, apiKey: key },
    );
    expect(fromPage).toMatchObject({ status: 200, body: { base: 'USD', rates: { EUR: expect.anything() } } });
  }, 60_000);

  it('keeps the one-time key open until the user says it was copied, whichever way they close it', async () => {
    const { page } = opened();
    await onKeysTab(page);
    await page.getByRole('button', { name: 'Create New Key' }).click();
    await page.getByRole('textbox', { name: 'Key name' }).fill('Billing service');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const key = await shownKey(page);
    expect(key).toMatch(/^fxrates_[0-9a-f]{32}$/);
    const dialog = newKeyDialog(page);
    const asks = async () => {
      await waitForText(
        confirmation(page),
        /^Have you copied your key\? You will not be able to see it again\./,
      );
      expect(await page.getByTestId('new-key').innerText()).toBe(key);
      await confirmation(page).getByRole('button', { name: 'Go back' }).click();
      await confirmation(page).waitFor({ state: 'detached' });
    };

    await page.keyboard.press('Escape');
    await asks();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await asks();
    // A click on the overlay, beside the dialog.
    await page.mouse.click(5, 5);
    await asks();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await asks();
    expect(await dialog.isVisible()).toBe(true);

    await closeAfterCopying(page);
    await keyRow(page, 'Billing service').waitFor();
    // The key the dialog showed is the key: a server calls the API with it.
    const answer = await callLatest(key);
    expect(answer).toMatchObject({ status: 200 });
    expect(JSON.parse(answer.body)).toMatchObject({ base: 'USD' });
  }, 60_000);

  it("edits a key's scopes and networks, sending only what changed, and shows them after a reload", async () => {
    const { page } = opened();
    const user = await signedInAsNewUser(page, baseUrl, '/dashboard', { plan: 'basic' });
    await given.key(user, { name: 'Reporting job' });
    await page.reload();
    await openKeysTab(page);
    const row = keyRow(page, 'Reporting job');
    await waitForText(row.getByTestId('key-scopes'), 'All scopes');
    expect(await row.getByTestId('key-restrictions').innerText()).toBe('None');

    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit key' });
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    for (const scope of ['stream', 'usage:read', 'webhooks (reserved)'])
      await dialog.getByRole('checkbox', { name: scope, exact: true }).uncheck();
    const networks = dialog.getByRole('textbox', { name: 'Allowed networks (optional)' });
    await networks.fill('203.0.113.0/24\n10.0.0.300');
    await save.click();
    await waitForText(
      dialog.getByText(/is not a network/),
      '"10.0.0.300" is not a network. Write one IPv4 or IPv6 address or CIDR block per line, such as 203.0.113.0/24 or 2001:db8::/32.',
    );
    await networks.fill('203.0.113.0/24\n2001:db8::/32');
    const patched = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await save.click();
    const answer = await patched;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({
      scopes: ['rates:read', 'history:read'],
      allowedNetworks: ['203.0.113.0/24', '2001:db8::/32'],
    });
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await openKeysTab(page);
    await waitForText(row.getByTestId('key-scopes'), 'rates:read, history:read');
    expect(await row.getByTestId('key-restrictions').innerText()).toBe(
      'Networks: 203.0.113.0/24, 2001:db8::/32',
    );
    // The edit dialog starts from what was saved.
    await row.getByRole('button', { name: 'Edit' }).click();
    expect(await dialog.getByRole('checkbox', { name: 'stream', exact: true }).isChecked()).toBe(false);
    expect(await dialog.getByRole('checkbox', { name: 'rates:read', exact: true }).isChecked()).toBe(true);
  }, 60_000);

  it('rolls a key with a 3-day overlap: the new secret once, then the old one listed with its end', async () => {
    const { page } = opened();
    const user = await signedInAsNewUser(page, baseUrl, '/dashboard', { plan: 'basic' });
    const old = await given.key(user, { name: 'Checkout server' });
    await page.reload();
    await openKeysTab(page);
    const row = keyRow(page, 'Checkout server');
    await row.getByRole('button', { name: 'Roll key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Roll key' });
    await dialog.getByRole('radio', { name: '3 days', exact: true }).check();
    await waitForText(
      dialog.getByTestId('roll-overlap-explanation'),
      /^The current secret keeps working beside the new one until about .+ UTC\./,
    );
    const rolling = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/roll'));
    const before = Date.now();
    await dialog.getByRole('button', { name: 'Roll key' }).click();
    const answer = await rolling;
    const after = Date.now();
    expect(answer.request().postDataJSON()).toEqual({ overlapHours: 72 });
    const rolled = (await answer.json()) as CreatedApiKey;
    const retiresAt = new Date(rolled.retiring!.retiresAt).getTime();
    expect(retiresAt).toBeGreaterThanOrEqual(before + 72 * 3_600_000 - 1_000);
    expect(retiresAt).toBeLessThanOrEqual(after + 72 * 3_600_000 + 1_000);

    const key = await shownKey(page);
    expect(key).toBe(rolled.key);
    expect(key).not.toBe(old.key);
    const end = `Old secret works until ${utcMinute(rolled.retiring!.retiresAt)}`;
    expect(await page.getByTestId('new-key-retiring').innerText()).toBe(`${end}.`);
    await closeAfterCopying(page);

    const retiring = row.getByTestId('retiring-secret');
    await waitForText(retiring.getByText(/^Old secret works until/), end);
    expect(await retiring.innerText()).toContain(`fxrates_${'•'.repeat(28)}${old.key.slice(-4)}`);
    expect(await row.locator('code').innerText()).toBe(`fxrates_${'•'.repeat(28)}${key.slice(-4)}`);
    // Both secrets work during the overlap.
    expect(await callLatest(key)).toMatchObject({ status: 200 });
    expect(await callLatest(old.key)).toMatchObject({ status: 200 });
  }, 60_000);

  it('shows the test-keys banner once the user has an active test key, and not before', async () => {
    const { page } = opened();
    await onKeysTab(page);
    await page.getByRole('button', { name: 'Create New Key' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Key' });
    await form.getByRole('textbox', { name: 'Key name' }).fill('CI');
    await form.getByRole('radio', { name: 'Test', exact: true }).check();
    expect(await page.getByTestId('test-keys-banner').count()).toBe(0);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    const key = await shownKey(page);
    expect(key).toMatch(/^fxrates_test_/);
    await closeAfterCopying(page);

    await waitForText(page.getByTestId('test-keys-banner'), TEST_KEYS_BANNER);
    await waitForText(keyRow(page, 'CI').getByTestId('key-kind'), 'Test');
    // On every tab of the dashboard; closing it lasts this tab only (banner-dismissal.e2e.ts).
    await page.getByRole('tab', { name: 'Overview' }).click();
    expect(await page.getByTestId('test-keys-banner').isVisible()).toBe(true);
    expect(await page.getByTestId('test-keys-banner').getByRole('button').allInnerTexts()).toEqual(['']);
    expect(await page.getByTestId('test-keys-banner').getByRole('button', { name: 'Dismiss' }).count()).toBe(
      1,
    );
    expect(await callLatest(key)).toMatchObject({ status: 200 });
  }, 60_000);

  it('leads an empty account with "Create your first key", which opens the dialog and gives the key', async () => {
    const { page } = opened();
    await signedInAsNewUser(page, baseUrl, '/dashboard', { plan: 'basic' });
    await waitForText(page.getByRole('heading', { name: /^Welcome/ }), 'Welcome back, Eve Tester!');
    const call = page.getByTestId('first-key-call');
    await call.getByRole('button', { name: 'Create your first key' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Key' });
    await form.getByRole('textbox', { name: 'Key name' }).fill('First key');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    const key = await shownKey(page);
    // The call goes once the key exists; the key it gave stays on screen until copied.
    await call.waitFor({ state: 'detached' });
    expect(await newKeyDialog(page).isVisible()).toBe(true);
    await closeAfterCopying(page);
    await waitForText(page.getByTestId('stat-active-keys'), '1');
    expect(await callLatest(key)).toMatchObject({ status: 200 });
  }, 60_000);
});
