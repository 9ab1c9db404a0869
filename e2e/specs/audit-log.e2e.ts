import type { AuditPage } from '@fxrates/domain';
import type { Locator, Page } from 'playwright-core';
import { createKeyViaApi, signInViaApi } from '../support/accounts-api';
import {
  accessTokenOf,
  E2E_PASSWORD,
  heading,
  signInOnLoginPage,
  uniqueEmail,
  waitForPath,
} from '../support/accounts-ui';
import { PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { waitForText } from '../support/texts';
import { expectUsableLayout } from '../support/usable-layout';

const { baseUrl, apiUrl } = e2eEnvironment();

/** Events a page of the account page's log holds (AUDIT_PAGE_SIZE of the dashboard). */
const PAGE_SIZE = 20;

/** The account page's "Audit log" section, found by its heading. */
function auditLog(page: Page): Locator {
  return page.getByRole('region', { name: 'Audit log' });
}

/** Waits until the log shows `count` rows; answers them. */
async function waitForRows(page: Page, count: number): Promise<Locator> {
  await page.waitForFunction(
    (expected) => document.querySelectorAll('[data-testid="audit-row"]').length === expected,
    count,
  );
  return auditLog(page).getByTestId('audit-row');
}

/** A row's cells by their column: When, Event, Key, Who, From (the texts), and When's title. */
async function rowCells(row: Locator): Promise<Record<string, string>> {
  const cells = await row
    .locator('td')
    .evaluateAll((elements) =>
      elements.map((cell) => [
        cell.getAttribute('data-label') ?? '',
        (cell as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
      ]),
    );
  const title = (await row.locator('td[data-label="When"] [title]').getAttribute('title')) ?? '';
  return { ...Object.fromEntries(cells), title };
}

/** The account's log as the API gives it, newest first. */
async function auditViaApi(accessToken: string): Promise<AuditPage> {
  const response = await fetch(`${apiUrl}/api/account/audit?limit=100`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as AuditPage;
}

async function openAccountPage(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/account`);
  await waitForText(heading(page), 'Account Settings');
}

describe.each(PHONE_AND_DESKTOP)(
  'account page: the audit log at $viewport.width px ($name)',
  ({ viewport }) => {
    const opened = usePagePerTest(viewport);

    it('shows a sign-in with its address and browser, then a key created, newest first', async () => {
      const { page } = opened();
      const user = await given.user({ email: uniqueEmail(), password: E2E_PASSWORD });
      const loginToken = accessTokenOf(page, 'login');
      await signInOnLoginPage(page, baseUrl, user);
      await waitForPath(page, '/dashboard');
      const created = await createKeyViaApi(apiUrl, await loginToken, 'Audit test');

      await openAccountPage(page);
      const rows = await waitForRows(page, 2);
      const [keyEvent, signIn] = (await auditViaApi(await loginToken)).data;
      expect([keyEvent.action, signIn.action]).toEqual(['key.created', 'signed-in']);
      // The browser signed in through the web server on this machine.
      expect(signIn.ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
      expect(signIn.browser).toMatch(/Chrom/);

      const newest = await rowCells(rows.nth(0));
      expect(newest).toMatchObject({
        Event: 'Key created',
        Key: `Audit test ${created.maskedKey}`,
        Who: user.email,
        title: keyEvent.at,
      });
      expect(newest.From.startsWith(keyEvent.ip!)).toBe(true);

      const signedIn = await rowCells(rows.nth(1));
      expect(signedIn).toEqual({
        When: expect.stringMatching(/^\w+ \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/),
        Event: 'Signed in',
        Key: '—',
        Who: user.email,
        From: `${signIn.ip} ${signIn.browser}`,
        title: signIn.at,
      });
      // No more than the two events: nothing to load.
      expect(await auditLog(page).getByRole('button', { name: 'Load more' }).count()).toBe(0);

      await auditLog(page).scrollIntoViewIfNeeded();
      await expectUsableLayout(page);
    });
  },
);

describe('account page: the audit log, page by page', () => {
  const opened = usePagePerTest();

  it('shows a page of the newest events and loads the older ones on "Load more"', async () => {
    const { page } = opened();
    const user = await given.user({ email: uniqueEmail(), password: E2E_PASSWORD });
    // A page's worth of sign-ins through the API, then the browser's own: one more than a page.
    for (let index = 0; index < PAGE_SIZE; index++) await signInViaApi(apiUrl, user);
    const loginToken = accessTokenOf(page, 'login');
    await signInOnLoginPage(page, baseUrl, user);
    await waitForPath(page, '/dashboard');
    const events = (await auditViaApi(await loginToken)).data;
    expect(events).toHaveLength(PAGE_SIZE + 1);

    await openAccountPage(page);
    let rows = await waitForRows(page, PAGE_SIZE);
    const titles = () =>
      rows
        .locator('td[data-label="When"] [title]')
        .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title')));
    expect(await titles()).toEqual(events.slice(0, PAGE_SIZE).map((event) => event.at));

    await auditLog(page).getByRole('button', { name: 'Load more' }).click();
    rows = await waitForRows(page, PAGE_SIZE + 1);
    expect(await titles()).toEqual(events.map((event) => event.at));
    const oldest = await rowCells(rows.last());
    expect(oldest).toMatchObject({ Event: 'Signed in', Who: user.email, title: events.at(-1)!.at });
    expect(await auditLog(page).getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });
});
