import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { waitForText } from '../support/texts';

const { baseUrl } = e2eEnvironment();

describe('API docs: the sources and the credit their terms ask for', () => {
  const opened = usePagePerTest();

  it('names every source an answer can give and links ExchangeRate-API as its terms require', async () => {
    const { page } = opened();
    await page.goto(`${baseUrl}/docs`);
    await waitForText(page.getByRole('heading', { level: 2, name: 'Sources' }), 'Sources');
    const credit = page.getByRole('link', { name: 'Rates By Exchange Rate API' });
    expect(await credit.getAttribute('href')).toBe('https://www.exchangerate-api.com');
    const section = page.locator('section[aria-labelledby="sources"]');
    for (const id of ['ecb', 'frankfurter', 'coinbase-rates', 'open-er-api', 'bundled-snapshot']) {
      expect(await section.getByText(id, { exact: true }).count()).toBeGreaterThan(0);
    }
  });
});
