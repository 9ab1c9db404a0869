import { loadBundledSnapshot } from '@fxrates/rates';
import { PUBLIC_ENDPOINTS } from '../../frontends/marketing/src/docs/public-endpoints';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { delayRequests } from '../support/accounts-ui';
import { given } from '../support/given';
import { publishToStack, snapshotWith } from '../support/rates-store';
import { waitForText } from '../support/texts';

const { baseUrl } = e2eEnvironment();

describe('API docs and the key tester', () => {
  const opened = usePagePerTest();
  // The stack's table as the other spec files expect it.
  afterAll(() => publishToStack(loadBundledSnapshot()));

  async function openDocs() {
    const { page } = opened();
    await page.goto(`${baseUrl}/docs`);
    await waitForText(page.getByRole('heading', { level: 1 }), 'API Documentation');
    return page;
  }

  /** The docs page with a fresh user's real key, and the tester's key field and button. */
  async function openDocsWithKey() {
    const { key } = await given.keyOnPlan();
    const page = await openDocs();
    const keyInput = page.getByRole('textbox', { name: 'API key' });
    const testButton = page.getByRole('button', { name: 'Test Key' });
    return { page, key, keyInput, testButton };
  }

  it('documents every public endpoint with curl, JavaScript (SDK) and Python examples and links the live OpenAPI document', async () => {
    const page = await openDocs();
    for (const heading of [
      'Getting Started',
      'Base URL',
      'Authentication',
      'Endpoints',
      'Test Your API Key',
    ]) {
      expect(await page.getByRole('heading', { name: heading }).isVisible()).toBe(true);
    }
    for (const path of [
      '/rates/rate',
      '/rates/convert',
      '/convert',
      '/rates/latest',
      '/currencies',
      '/usage',
      '/rates/historical/{date}',
      '/rates/timeseries',
      '/rates/fluctuation',
      '/status',
      '/status/history',
      '/stream',
      '/fixings',
      '/fixings/{cut}/{date}',
      '/fixings/{id}',
      '/fixings/{id}/verify',
      '/rates/average',
      '/rates/ohlc',
      '/convert/batch',
    ]) {
      expect(await page.getByRole('heading', { name: path, exact: true }).isVisible()).toBe(true);
    }
    // The status is public: its examples send no key.
    const statusCurl = await page.getByLabel('curl example for /status', { exact: true }).innerText();
    expect(statusCurl).toBe(`curl "${baseUrl}/api/v1/status"`);
    const curl = await page.getByLabel('curl example for /rates/rate', { exact: true }).innerText();
    expect(curl).toContain(`X-API-Key: fxrates_YOUR_KEY`);
    expect(curl).toContain(`${baseUrl}/api/v1/rates/rate?from=USD&to=EUR`);

    // Every endpoint shows curl, JavaScript (the SDK) and Python; one choice switches them all.
    const tabLists = page.getByRole('tablist', { name: /^Code examples for / });
    expect(await tabLists.count()).toBe(PUBLIC_ENDPOINTS.length);
    const rateTabs = page.getByRole('tablist', { name: 'Code examples for /rates/rate', exact: true });
    expect(await rateTabs.getByRole('tab').allInnerTexts()).toEqual(['curl', 'JavaScript', 'Python']);
    await rateTabs.getByRole('tab', { name: 'JavaScript' }).click();
    const javascript = await page
      .getByLabel('JavaScript example for /rates/rate', { exact: true })
      .innerText();
    expect(javascript).toContain(`from '@fxrates/sdk'`);
    expect(javascript).toContain(`baseUrl: '${baseUrl}'`);
    expect(javascript).toContain(`await fx.rate({ from: 'USD', to: 'EUR' })`);
    const series = page.getByLabel('JavaScript example for /rates/timeseries', { exact: true });
    expect(await series.innerText()).toContain('await fx.timeseries(');
    await rateTabs.getByRole('tab', { name: 'Python' }).click();
    const python = await page.getByLabel('Python example for /rates/rate', { exact: true }).innerText();
    expect(python).toContain('import requests');
    expect(python).toContain(`"${baseUrl}/api/v1/rates/rate"`);
    expect(python).toContain('params={"from": "USD", "to": "EUR"}');

    const download = page.getByRole('link', { name: 'Download OpenAPI spec' });
    const href = await download.getAttribute('href');
    const document = await (await fetch(href!)).json();
    expect(document.paths['/api/v1/rates/rate']).toBeDefined();
    const editor = await page.getByRole('link', { name: 'Open in Swagger Editor' }).getAttribute('href');
    expect(editor).toBe(`https://editor.swagger.io/?url=${encodeURIComponent(href!)}`);
  });

  it('tests a real key: auto-prefixes it, shows the masked request and the formatted JSON', async () => {
    const { page, key, keyInput, testButton } = await openDocsWithKey();
    expect(await page.getByText("API key must start with 'fxrates_'").isVisible()).toBe(true);
    expect(await testButton.isDisabled()).toBe(true);

    await keyInput.fill(key.slice('fxrates_'.length)); // the bare part, as if copied without prefix
    await keyInput.blur();
    expect(await keyInput.inputValue()).toBe(key);
    await testButton.click();

    const request = await waitForText(page.getByTestId('tester-request'), /GET/);
    expect(request).toContain(`GET ${baseUrl}/api/v1/rates/rate?from=USD&to=EUR`);
    expect(request).toContain(`X-API-Key: fxrates_••••••••${key.slice(-4)}`);
    expect(request).not.toContain(key);
    const response = await waitForText(page.getByTestId('tester-response'), /"rate"/);
    expect(response).toContain('200');
    expect(response).toMatch(/"from": "USD",\n\s+"to": "EUR",\n\s+"rate": \d/);
  });

  it('offers every public endpoint, history included, and shows the plan refusal for a Free key', async () => {
    const { key } = await given.keyOnPlan();
    const page = await openDocs();
    await page.getByRole('combobox', { name: 'Endpoint' }).click();
    const list = page.getByRole('listbox', { name: 'Endpoint' });
    await list.waitFor();
    const offered = await list.getByRole('option').allInnerTexts();
    for (const endpoint of [
      'GET /rates/rate',
      'GET /rates/convert',
      'GET /rates/historical/{date}',
      'GET /rates/timeseries',
      'GET /rates/fluctuation',
    ]) {
      expect(offered).toContain(endpoint);
    }
    // A key cannot be tested on a route that reads none.
    expect(offered).not.toContain('GET /status');
    // Nor on the batch: the tester sends GETs, and its body is no form.
    expect(offered.filter((option) => option.includes('/convert/batch'))).toEqual([]);
    await list.getByRole('option', { name: 'GET /rates/fluctuation', exact: true }).click();
    await page.getByRole('textbox', { name: 'API key' }).fill(key);
    await page.getByRole('button', { name: 'Test Key' }).click();
    const request = await waitForText(page.getByTestId('tester-request'), /GET/);
    expect(request).toContain(`GET ${baseUrl}/api/v1/rates/fluctuation?`);
    // A Free key may not call it: the API answers 403 plan-upgrade-required, the tester the spec's text.
    // Its title the spec's text, then the plan it needs (docs-reference.e2e.ts has the rest).
    await waitForText(page.getByTestId('tester-response').getByRole('alert'), /^API key unauthorized/);
  });

  it('opens the rate stream with a Professional key and shows its events as they arrive, until stopped', async () => {
    const { key } = await given.keyOnPlan({ plan: 'professional' });
    const page = await openDocs();
    await page.getByRole('combobox', { name: 'Endpoint' }).click();
    await page
      .getByRole('listbox', { name: 'Endpoint' })
      .getByRole('option', { name: 'GET /stream', exact: true })
      .click();
    await page.getByRole('textbox', { name: 'API key' }).fill(key);
    await page.getByRole('button', { name: 'Test Key' }).click();

    const request = await waitForText(page.getByTestId('tester-request'), /GET/);
    expect(request).toContain(`GET ${baseUrl}/api/v1/stream?base=USD&symbols=EUR%2CGBP%2CBTC`);
    expect(request).toContain('Accept: text/event-stream');
    const stream = page.getByTestId('tester-stream');
    await waitForText(stream, /200 · live/);
    const items = page.getByTestId('stream-item');
    await waitForText(items.last(), /"rates"/);
    expect(await items.last().getAttribute('data-kind')).toBe('snapshot');

    // A change of a requested rate arrives while the page watches, newest first.
    await publishToStack(snapshotWith({ EUR: '0.8123456789' }, 'bundled-snapshot', new Date()));
    await waitForText(items.first(), /"symbol": "EUR"/);
    expect(await items.first().getAttribute('data-kind')).toBe('rate');
    expect(await items.first().innerText()).toContain('"rate": 0.8123456789');

    await stream.getByRole('button', { name: 'Stop' }).click();
    await waitForText(stream, /ended/);
  });

  it('turns a legacy fxpro_ key into ours, and shows the spec message for a wrong key', async () => {
    const page = await openDocs();
    const keyInput = page.getByRole('textbox', { name: 'API key' });
    await keyInput.fill(`fxpro_${'0'.repeat(32)}`);
    await keyInput.blur();
    expect(await keyInput.inputValue()).toBe(`fxrates_${'0'.repeat(32)}`);
    await page.getByRole('button', { name: 'Test Key' }).click();
    await waitForText(page.getByTestId('tester-response').getByRole('alert'), 'Invalid or missing API key');
  });

  it('refuses a key without the prefix before calling anything', async () => {
    const page = await openDocs();
    let called = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/')) called = true;
    });
    await page.getByRole('textbox', { name: 'API key' }).fill('not-a-key!');
    await page.getByRole('button', { name: 'Test Key' }).click();
    await waitForText(
      page.getByText('API key must start with "fxrates_"'),
      'API key must start with "fxrates_"',
    );
    expect(called).toBe(false);
  });

  it('clears the previous request and response when a new test starts, even one refused at once', async () => {
    const { page, key, keyInput, testButton } = await openDocsWithKey();
    const requestPanel = page.getByTestId('tester-request');
    const responsePanel = page.getByTestId('tester-response');
    await keyInput.fill(key);
    await testButton.click();
    await waitForText(responsePanel, /"rate"/);

    // A second key: while its call is in flight, the first key's answer is gone.
    const unknownKey = `fxrates_${'0'.repeat(32)}`;
    await delayRequests(page, '/api/v1/rates/rate', 1_000);
    await keyInput.fill(unknownKey);
    await testButton.click();
    await waitForText(requestPanel, new RegExp(`X-API-Key: fxrates_•+0000$`));
    expect(await responsePanel.count()).toBe(0);
    await waitForText(responsePanel.getByRole('alert'), 'Invalid or missing API key');
    expect(await responsePanel.innerText()).not.toContain('"rate"');

    // A key refused before any call: nothing of the previous test is left beside its error.
    await keyInput.fill('not-a-key!');
    await testButton.click();
    await page.getByText('API key must start with "fxrates_"').waitFor();
    expect(await requestPanel.count()).toBe(0);
    expect(await responsePanel.count()).toBe(0);
  });
});
