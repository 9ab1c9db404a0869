import { KEYS_PAGE_DEFAULT_LIMIT } from '@fxrates/domain';
import { Client } from 'pg';
import { registerViaApi } from '../support/accounts-api';
import { heading, signInOnLoginPage, waitForPath } from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { textsOf, waitForText } from '../support/texts';

const { baseUrl, apiUrl } = e2eEnvironment();

/** `count` disabled keys named "old 1" (oldest) … "old <count>" (newest), written straight to PostgreSQL. */
async function disabledKeys(userId: string, count: number): Promise<void> {
  const db = new Client({
    connectionString: e2eEnvironment().databaseUrl,
  });
  await db.connect();
  try {
    await db.query(
      `insert into api_keys (id, user_id, name, key_hash, key_prefix, key_last4, status, created_at, disabled_at)
       select gen_random_uuid(), $1, 'old ' || i, md5(random()::text || i), 'fxrates_', 'abcd', 'disabled',
              date_trunc('milliseconds', now() - ($2 - i) * interval '1 minute'), now()
         from generate_series(1, $2::int) as i`,
      [userId, count],
    );
  } finally {
    await db.end();
  }
}

describe('dashboard: disabled keys a page at a time', () => {
  const opened = usePagePerTest();

  it(`shows the newest ${KEYS_PAGE_DEFAULT_LIMIT} disabled keys, then the rest on "Load more"`, async () => {
    const { page } = opened();
    const user = await registerViaApi(apiUrl);
    const total = KEYS_PAGE_DEFAULT_LIMIT + 5;
    await disabledKeys(user.user.uid, total);
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
