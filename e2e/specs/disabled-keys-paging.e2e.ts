import { KEYS_PAGE_DEFAULT_LIMIT } from '@fxrates/domain';
import { heading, signInOnLoginPage, waitForPath } from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { textsOf, waitForText } from '../support/texts';

const { baseUrl } = e2eEnvironment();

/** `count` disabled keys of the user named "old 1" (oldest) … "old <count>" (newest), a minute apart. */
async function disabledKeys(user: { id: string }, count: number): Promise<void> {
  const now = Date.now();
  for (let i = 1; i <= count; i++) {
    await given.key(user, {
      name: `old ${i}`,
      status: 'disabled',
      createdAt: new Date(now - (count - i) * 60_000),
    });
  }
}

describe('dashboard: disabled keys a page at a time', () => {
  const opened = usePagePerTest();

  it(`shows the newest ${KEYS_PAGE_DEFAULT_LIMIT} disabled keys, then the rest on "Load more"`, async () => {
    const { page } = opened();
    const user = await given.user();
    const total = KEYS_PAGE_DEFAULT_LIMIT + 5;
    await disabledKeys(user, total);
    await signInOnLoginPage(page, baseUrl, user);
    await waitForPath(page, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.getByRole('tab', { name: 'Disabled Keys' }).click();

    const names = () => textsOf(page.getByTestId('key-row').locator('td:first-child'));
    const newestFirst = (n: number) => Array.from({ length: n }, (_, i) => `old ${total - i}`);
    await waitForText(page.getByTestId('key-row').first().locator('td').first(), `old ${total}`);
    expect(await names()).toEqual(newestFirst(KEYS_PAGE_DEFAULT_LIMIT));

    await page.getByTestId('load-more-disabled').click();
    await waitForText(page.getByTestId('key-row').last().locator('td').first(), 'old 1');
    expect(await names()).toEqual(newestFirst(total));
    expect(await page.getByTestId('load-more-disabled').count()).toBe(0);
  }, 60_000);
});
