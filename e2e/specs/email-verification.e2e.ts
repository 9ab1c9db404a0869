import { registerViaApi } from '../support/accounts-api';
import { heading, signInOnLoginPage, signedUpOverHttp, waitForPath } from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { startMailWorker, type MailWorker } from '../support/mail-worker';
import { describedBy, waitForText } from '../support/texts';
import { expireVerificationLinks } from '../support/verified-email';

const { baseUrl, apiUrl } = e2eEnvironment();

/** The token of a verification link, which must reach no server but in a POST body. */
const tokenOf = (link: string) => new URL(link).hash.replace(/^#token=/, '');

/**
 * In the browser: a new account is unverified until its owner opens the emailed link.
 * The worker sends the mail (to an SMTP stand-in) as in production.
 */
describe('email verification', () => {
  const opened = usePagePerTest();
  let mail: MailWorker;

  beforeAll(async () => {
    mail = await startMailWorker();
  });
  afterAll(async () => {
    await mail?.stop();
  });

  it('asks a new user to verify, resends the link, and unlocks API keys once it is opened', async () => {
    const { page } = opened();
    const { email } = await signedUpOverHttp(page, baseUrl, '/dashboard');

    const banner = page.getByTestId('verify-email-banner');
    await waitForText(
      banner.getByText('Verify your email address', { exact: true }),
      'Verify your email address',
    );
    expect(await banner.textContent()).toContain(`We sent a link to ${email}.`);

    await page.getByRole('tab', { name: 'API Keys' }).click();
    const create = page.getByRole('button', { name: 'Create New Key' });
    await create.waitFor();
    expect(await create.isDisabled()).toBe(true);
    expect(await describedBy(create)).toBe('Verify your email address to create API keys');
    const keysTab = page.getByRole('tabpanel', { name: 'API Keys' });
    expect(await keysTab.getByText('Verify your email address to create API keys').isVisible()).toBe(true);

    // The sign-up's mail, then another one on request.
    await mail.verificationLink(email, 1);
    await banner.getByRole('button', { name: 'Resend email' }).click();
    await waitForText(
      banner.getByTestId('resend-verification-result'),
      `We sent a new link to ${email}. It may take a few minutes to arrive.`,
    );
    const link = await mail.verificationLink(email, 2);
    expect(link.startsWith(`${baseUrl}/dashboard/verify-email#token=`)).toBe(true);

    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.goto(link);
    await waitForText(
      page.getByTestId('verify-email-result'),
      'Your email address is verified. You can now create API keys.',
    );
    // The token left the address bar, and went to no server in an address.
    expect(new URL(page.url()).hash).toBe('');
    expect(urls.filter((url) => url.includes(tokenOf(link)))).toEqual([]);

    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await waitForPath(page, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
    expect(await banner.count()).toBe(0);
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await create.click();
    await page.getByRole('textbox', { name: 'Key name' }).fill('Verified');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await waitForText(page.getByTestId('new-key'), /^fxrates_[0-9a-f]{32}$/);
  });

  it('says what to do with an expired link, and that a used one has done its work', async () => {
    const { page } = opened();
    const { email } = await signedUpOverHttp(page, baseUrl, '/dashboard');
    const expired = await mail.verificationLink(email, 1);
    await expireVerificationLinks(email);

    await page.goto(expired);
    const result = page.getByTestId('verify-email-result');
    await waitForText(result, 'This verification link has expired. Send a new one from your dashboard.');
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await waitForText(
      page.getByTestId('resend-verification-result'),
      `We sent a new link to ${email}. It may take a few minutes to arrive.`,
    );

    const fresh = await mail.verificationLink(email, 2);
    await page.goto(fresh);
    await waitForText(result, 'Your email address is verified. You can now create API keys.');

    // The same mail opened again later, in a page of its own.
    await page.goto(`${baseUrl}/dashboard`);
    await waitForText(heading(page), 'Dashboard');
    await page.goto(fresh);
    await waitForText(result, 'This verification link was already used. Your email address is verified.');
    expect(await page.getByRole('button', { name: 'Send a new link' }).count()).toBe(0);
  });

  it('brings a signed-out visitor back to the link after sign-in, the token never in a query string', async () => {
    const { page } = opened();
    const user = await registerViaApi(apiUrl);
    const link = await mail.verificationLink(user.email, 1);
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));

    await page.goto(link);
    await waitForPath(page, '/login');
    const login = new URL(page.url());
    expect(login.searchParams.get('next')).toBe('/dashboard/verify-email');
    expect(login.hash).toBe(`#token=${tokenOf(link)}`);

    await signInOnLoginPage(page, baseUrl, user, `${login.search}${login.hash}`);
    await waitForPath(page, '/dashboard/verify-email');
    await waitForText(
      page.getByTestId('verify-email-result'),
      'Your email address is verified. You can now create API keys.',
    );
    expect(urls.filter((url) => url.includes(tokenOf(link)))).toEqual([]);
  });
});
