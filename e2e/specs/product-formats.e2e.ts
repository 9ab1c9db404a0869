import { heading, signedInAsNewUser } from '../support/accounts-ui';
import { PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { ConverterPanel } from '../support/home-page';
import { waitForText } from '../support/texts';

const { baseUrl } = e2eEnvironment();

/** The product's one date format, "December 1, 2026", and with a time "December 1, 2026, 14:05 UTC". */
const DATE =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/;
const DATE_TIME = /^[A-Z][a-z]+ \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/;

/** Today as the product writes it (the browser runs in UTC), computed apart from the product's code. */
const today = () =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date());

describe.each(PHONE_AND_DESKTOP)('numbers and dates on a $name', ({ viewport }) => {
  const opened = usePagePerTest(viewport);

  it('groups thousands in the converter result', async () => {
    const converter = new ConverterPanel(opened().page);
    await converter.open(baseUrl);
    await converter.setAmount('1234567.89');
    await converter.convertButton.click();
    const line = await waitForText(converter.result, /^1,234,567\.8900 USD = /);
    expect(line).toMatch(/^1,234,567\.8900 USD = \d{1,3}(,\d{3})+\.\d{4} EUR$/);
  });

  it('writes the dates of the keys table and the account page in the one format', async () => {
    const { page } = opened();
    const user = await signedInAsNewUser(page, baseUrl, '/dashboard');
    await given.key(user, { name: 'Dated key', createdAt: new Date('2026-03-05T14:05:30Z') });
    await waitForText(heading(page), 'Dashboard');
    await page.getByRole('tab', { name: 'API Keys', exact: true }).click();
    const row = page.getByTestId('key-row').filter({ hasText: 'Dated key' });
    await row.waitFor();
    const created = row.locator('td[data-label="Created"]');
    expect(await created.innerText()).toBe('March 5, 2026, 14:05 UTC');
    expect(await created.innerText()).toMatch(DATE_TIME);

    await page.goto(`${baseUrl}/account`);
    await waitForText(heading(page), 'Account Settings');
    const start = page.getByTestId('account-startDate');
    await waitForText(start, today());
    expect(await start.innerText()).toMatch(DATE);
  });
});
