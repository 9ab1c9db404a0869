import { cheapestPlanFor, PLANS, type PlanId, type PublicEndpoint } from '@fxrates/domain';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PUBLIC_ENDPOINTS } from '../../frontends/marketing/src/docs/public-endpoints';
import { PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { waitForText } from '../support/texts';

const { baseUrl } = e2eEnvironment();
const SDK_VERSION = (
  JSON.parse(readFileSync(path.join(__dirname, '../../libs/sdk/package.json'), 'utf8')) as { version: string }
).version;

/** The plan table's endpoint behind each documented one; none: every plan calls it (catalogue, usage, status). */
const PLAN_TABLE_ENDPOINT: Record<string, PublicEndpoint | null> = {
  rate: 'rate',
  'rates-convert': 'convert',
  convert: 'convert',
  latest: 'latest',
  historical: 'historical',
  timeseries: 'timeseries',
  fluctuation: 'fluctuation',
  stream: 'stream',
  fixings: 'fixings',
  'fixing-rates': 'fixings',
  fixing: 'fixings',
  'fixing-verify': 'fixings',
  average: 'average',
  ohlc: 'ohlc',
  'convert-batch': 'convert-batch',
  currencies: null,
  usage: null,
  status: null,
  'status-history': null,
};

function expectedBadge(id: string): string {
  const endpoint = PLAN_TABLE_ENDPOINT[id];
  if (endpoint === undefined) throw new Error(`${id} is not in this spec's table`);
  const plan: PlanId | null = endpoint && cheapestPlanFor(endpoint);
  return plan && plan !== 'free' ? `${PLANS[plan].name} plan and up` : 'Every plan';
}

describe.each(PHONE_AND_DESKTOP)('/docs says everything ($name)', ({ name, viewport }) => {
  const opened = usePagePerTest(viewport);

  async function openDocs(hash = '') {
    const { page } = opened();
    await page.goto(`${baseUrl}/docs${hash}`);
    await waitForText(page.getByRole('heading', { level: 1 }), 'API Documentation');
    await page.getByTestId('plan-badge').first().waitFor();
    return page;
  }

  /** The tester with an endpoint chosen. */
  async function chooseEndpoint(page: Awaited<ReturnType<typeof openDocs>>, label: string) {
    await page.getByRole('combobox', { name: 'Endpoint' }).click();
    await page
      .getByRole('listbox', { name: 'Endpoint' })
      .getByRole('option', { name: label, exact: true })
      .click();
  }

  it('badges every endpoint with the plan the plan table says it needs, and shows its example answer', async () => {
    const page = await openDocs();
    expect(await page.getByTestId('plan-badge').count()).toBe(PUBLIC_ENDPOINTS.length);
    for (const endpoint of PUBLIC_ENDPOINTS) {
      const section = page.locator(`section[aria-labelledby="endpoint-${endpoint.id}"]`);
      expect([endpoint.id, (await section.getByTestId('plan-badge').textContent())?.trim()]).toEqual([
        endpoint.id,
        expectedBadge(endpoint.id),
      ]);
      const example = section.getByLabel(`Example answer for ${endpoint.path}`, { exact: true });
      expect(await example.textContent()).toMatch(
        endpoint.streamed ? /^id: .+\nevent: snapshot\n/ : /^\{\n {2}"/,
      );
    }
    const rate = await page.getByLabel('Example answer for /rates/rate', { exact: true }).textContent();
    expect(JSON.parse(rate!)).toMatchObject({ from: 'USD', to: 'EUR', rate: expect.any(Number) });
  });

  it('jumps to a section or an endpoint from the side navigation, and lands on one linked to', async () => {
    const page = await openDocs();
    const heading = page.getByRole('heading', { level: 3, name: '/rates/fluctuation', exact: true });
    /** The heading is at the top of the window, below the fixed header (64 px). */
    const landedOn = async (id: string) => {
      await page.waitForFunction((hash) => window.location.hash === hash, `#${id}`);
      await page.waitForFunction((target) => {
        const top = document.getElementById(target)?.getBoundingClientRect().top ?? -1;
        return top >= 64 && top < window.innerHeight / 2;
      }, id);
    };
    if (name === 'desktop') {
      const nav = page.getByRole('navigation', { name: 'On this page' });
      await nav.getByRole('link', { name: '/rates/fluctuation', exact: true }).click();
      await landedOn('endpoint-fluctuation');
      expect(await heading.isVisible()).toBe(true);
      // Kept in view beside the content, far down the page.
      const box = await nav.boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y).toBeLessThan(viewport.height);
      await nav.getByRole('link', { name: 'Test Your API Key', exact: true }).click();
      await landedOn('key-tester-title');
    } else {
      // No list beside the content on a phone: a select above it.
      expect(await page.getByRole('link', { name: '/rates/fluctuation', exact: true }).count()).toBe(0);
      await page.getByRole('combobox', { name: 'Jump to' }).selectOption('endpoint-fluctuation');
      await landedOn('endpoint-fluctuation');
      expect(await heading.isVisible()).toBe(true);
    }

    // A link to an endpoint opens the page there.
    const linked = await openDocs('#endpoint-timeseries');
    const timeseries = linked.getByRole('heading', { level: 3, name: '/rates/timeseries', exact: true });
    await linked.waitForFunction(() => {
      const top = document.getElementById('endpoint-timeseries')?.getBoundingClientRect().top ?? -1;
      return top >= 64 && top < window.innerHeight / 2;
    });
    expect(await timeseries.isVisible()).toBe(true);
  });

  it("edits the tester's parameters: the request follows them, and so does the answer", async () => {
    const { key } = await given.keyOnPlan();
    const page = await openDocs();
    const url = page.getByTestId('tester-url');
    await waitForText(url, `GET ${baseUrl}/api/v1/rates/rate?from=USD&to=EUR`);
    const to = page.getByTestId('tester-parameters').getByRole('textbox', { name: 'to', exact: true });
    await to.fill('GBP');
    await waitForText(url, `GET ${baseUrl}/api/v1/rates/rate?from=USD&to=GBP`);
    await page.getByRole('textbox', { name: 'API key' }).fill(key);
    await page.getByRole('button', { name: 'Test Key' }).click();
    expect(await waitForText(page.getByTestId('tester-request'), /GET/)).toContain(
      `GET ${baseUrl}/api/v1/rates/rate?from=USD&to=GBP`,
    );
    await waitForText(page.getByTestId('tester-response'), /"to": "GBP"/);

    // Another endpoint starts from its own examples; an optional parameter emptied is not sent.
    await chooseEndpoint(page, 'GET /rates/latest');
    await waitForText(url, `GET ${baseUrl}/api/v1/rates/latest?base=USD&symbols=EUR%2CGBP%2CINR`);
    const symbols = page
      .getByTestId('tester-parameters')
      .getByRole('textbox', { name: 'symbols', exact: true });
    await symbols.fill('CHF');
    await waitForText(url, `GET ${baseUrl}/api/v1/rates/latest?base=USD&symbols=CHF`);
    await page.getByRole('button', { name: 'Test Key' }).click();
    const answer = await waitForText(page.getByTestId('tester-response'), /"CHF"/);
    expect(answer).not.toContain('"EUR"');
  });

  it('shows a Free key on a paid endpoint the plan it needs, with the way to /pricing', async () => {
    const { key } = await given.keyOnPlan({ plan: 'free' });
    const page = await openDocs();
    await chooseEndpoint(page, 'GET /rates/timeseries');
    await page.getByRole('textbox', { name: 'API key' }).fill(key);
    await page.getByRole('button', { name: 'Test Key' }).click();
    const refusal = page.getByTestId('plan-refusal');
    const text = await waitForText(refusal, /^API key unauthorized/);
    const needed = PLANS[cheapestPlanFor('timeseries')].name;
    expect(text).toContain(`Needs the ${needed} plan or higher; your key is on Free.`);
    expect(text).toContain(`needs the ${needed} plan or higher; your plan is Free`);
    expect(await refusal.getByRole('alert').count()).toBe(0);
    expect(await refusal.getAttribute('role')).toBe('alert');
    const upgrade = refusal.getByRole('link', { name: 'See the plans and upgrade' });
    expect(await upgrade.getAttribute('href')).toBe('/pricing');
    await upgrade.click();
    await page.waitForURL(`${baseUrl}/pricing`);
  });

  it('installs the SDK from a URL of this site, and its download and the Postman collection answer', async () => {
    const page = await openDocs();
    const tarball = `${baseUrl}/downloads/fxrates-sdk-${SDK_VERSION}.tgz`;
    await waitForText(page.getByLabel('SDK install command', { exact: true }), `npm install ${tarball}`);
    const sdkLink = page.getByRole('link', { name: `Download the SDK (${SDK_VERSION})` });
    expect(await sdkLink.getAttribute('href')).toBe(tarball);
    const sdk = await fetch(tarball);
    expect([sdk.status, sdk.headers.get('content-type')]).toEqual([200, 'application/gzip']);
    expect(Buffer.from(await sdk.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    const postmanHref = await page
      .getByRole('link', { name: 'Download Postman collection' })
      .getAttribute('href');
    expect(postmanHref).toBe(`${baseUrl}/downloads/fxrates-postman-collection.json`);
    const postman = await fetch(postmanHref!);
    expect([postman.status, postman.headers.get('content-type')]).toEqual([
      200,
      'application/json; charset=utf-8',
    ]);
    const collection = (await postman.json()) as { info: { schema: string }; auth: { type: string } };
    expect(collection.info.schema).toBe(
      'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    );
    expect(collection.auth.type).toBe('apikey');
  });
});
