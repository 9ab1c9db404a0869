import path from 'node:path';
import type { Page } from 'playwright-core';
import { Authenticator } from '../../services/api/test/support/authenticator';
import { heading, signedInAsNewUser, waitForPath } from '../support/accounts-ui';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { SCREENSHOTS_DIR } from '../support/paths';
import { readQrCode } from '../support/qr-code';
import { waitForText } from '../support/texts';
import { expectUsableLayout } from '../support/usable-layout';

const { baseUrl } = e2eEnvironment();

const CODE_PROMPT = 'Enter the 6-digit code from your authenticator app';

/**
 * Signs out as the top bar's Logout does (POST /api/auth/logout), whatever the layout hides it in;
 * first lets the page finish what it is loading (the full load of /dashboard after a sign-in and its
 * session refresh), or the app, finding itself signed out halfway, navigates to /login itself and
 * cuts short the test's own navigation there.
 */
async function signOut(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const status = await page.evaluate(
    async () => (await fetch('/api/auth/logout', { method: 'POST' })).status,
  );
  if (status !== 204) throw new Error(`POST /api/auth/logout answered ${status}`);
}

/**
 * The login page up to the code step: the right password of an account with two-factor on. The app
 * may still be navigating after the step before (its reload on noticing the sign-out, or the full
 * load of /dashboard after a sign-in), which cuts a navigation short (ERR_ABORTED, "interrupted by
 * another navigation"): once the page has landed, it is the login page when the app went there
 * itself, or the login page is opened again.
 */
async function passwordStep(page: Page, user: { email: string; password: string }): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const cutShort = await page.goto(`${baseUrl}/login`).then(
      () => undefined,
      (error: Error) => error,
    );
    if (!cutShort) break;
    if (attempt === 5 || !/ERR_ABORTED|interrupted by another navigation/.test(cutShort.message))
      throw cutShort;
    await page.waitForLoadState('load');
    if (new URL(page.url()).pathname === '/login') break;
  }
  await page.getByRole('heading', { level: 1, name: 'Login to Your Account' }).waitFor();
  await page.getByLabel('Email Address').fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByTestId('two-factor-step').waitFor();
}

/** Turns two-factor on from the account page; answers the phone that read the key shown, and the codes. */
async function turnOnTwoFactor(page: Page): Promise<{ phone: Authenticator; recoveryCodes: string[] }> {
  const section = page.getByTestId('two-factor-settings');
  await section.getByRole('button', { name: 'Set up' }).click();
  const phone = new Authenticator(
    await waitForText(section.getByTestId('two-factor-secret'), /^[A-Z2-7]{32}$/),
  );
  await section.getByLabel(CODE_PROMPT).fill(await phone.fresh());
  await section.getByRole('button', { name: 'Turn on' }).click();
  const recoveryCodes = await shownRecoveryCodes(page);
  await section.getByRole('button', { name: "I've saved them" }).click();
  await waitForText(section.getByTestId('two-factor-badge'), 'On');
  return { phone, recoveryCodes };
}

/** The recovery codes the account page shows once. */
async function shownRecoveryCodes(page: Page): Promise<string[]> {
  const section = page.getByTestId('two-factor-settings');
  await section.getByTestId('recovery-codes').waitFor();
  return (await section.getByTestId('recovery-code-item').allTextContents()).map((code) => code.trim());
}

/** The login page's password step, then a recovery code instead of the app's code. */
async function signInWithRecoveryCode(
  page: Page,
  user: { email: string; password: string },
  recoveryCode: string,
): Promise<void> {
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Enter one of your recovery codes').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
}

const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: path.join(SCREENSHOTS_DIR, `two-factor-${name}-${width}.png`), fullPage: true });

describe.each([
  { name: 'desktop', viewport: DESKTOP_VIEWPORT },
  { name: 'phone', viewport: PHONE_VIEWPORT },
])('two-factor authentication at $viewport.width px ($name)', ({ viewport }) => {
  const opened = usePagePerTest(viewport);

  it('is set up from the account page with the key shown, then sign-in asks for a code, and a recovery code works once', async () => {
    const { page } = opened();
    const user = await signedInAsNewUser(page, baseUrl, '/account');
    await waitForText(heading(page), 'Account Settings');
    const section = page.getByTestId('two-factor-settings');
    await waitForText(section.getByTestId('two-factor-badge'), 'Off');
    await section.getByRole('button', { name: 'Set up' }).click();

    // The QR code, and the key for typing in: the phone of this test scans the code, which holds
    // the same key as the text beside it.
    const qr = section.getByTestId('two-factor-qr');
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = await waitForText(section.getByTestId('two-factor-secret'), /^[A-Z2-7]{32}$/);
    const scanned = new URL((await readQrCode(qr)) ?? 'about:no-code');
    expect([scanned.protocol, scanned.host, decodeURIComponent(scanned.pathname)]).toEqual([
      'otpauth:',
      'totp',
      `/FXRates Pro:${user.email.toLowerCase()}`,
    ]);
    expect(scanned.searchParams.get('secret')).toBe(secret);
    const phone = new Authenticator(scanned.searchParams.get('secret')!);
    await expectUsableLayout(page);
    await shot(page, 'set-up', viewport.width);

    // A wrong code first: the API's words under the field.
    await section.getByLabel(CODE_PROMPT).fill(phone.wrongCode());
    await section.getByRole('button', { name: 'Turn on' }).click();
    await waitForText(section.getByText(/^That code is not right/), /^That code is not right/);
    await section.getByLabel(CODE_PROMPT).fill(await phone.fresh());
    await section.getByRole('button', { name: 'Turn on' }).click();

    // Ten recovery codes, shown this once.
    const codes = section.getByTestId('recovery-code-item');
    await section.getByTestId('recovery-codes').waitFor();
    const recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await expectUsableLayout(page);
    await shot(page, 'recovery-codes', viewport.width);
    await section.getByRole('button', { name: "I've saved them" }).click();
    await waitForText(section.getByTestId('two-factor-summary'), /^On since .+\. 10 recovery codes left\.$/);
    await waitForText(section.getByTestId('two-factor-badge'), 'On');
    expect(await codes.count()).toBe(0);

    // Signed out, the password alone no longer signs in: the code step asks for the app's code.
    await signOut(page);
    await passwordStep(page, user);
    await page.getByLabel(CODE_PROMPT).waitFor();
    await expectUsableLayout(page);
    await shot(page, 'code-step', viewport.width);
    await page.getByLabel(CODE_PROMPT).fill(await phone.fresh());
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/dashboard');

    // Without the phone: a recovery code instead, once.
    await signOut(page);
    await signInWithRecoveryCode(page, user, recoveryCodes[0]);
    await waitForPath(page, '/dashboard');

    await signOut(page);
    await signInWithRecoveryCode(page, user, recoveryCodes[0]);
    await waitForText(
      page.getByTestId('two-factor-error'),
      'That recovery code is not right, or was used already.',
    );
    await expectUsableLayout(page);
    await page.getByLabel('Enter one of your recovery codes').fill(recoveryCodes[1]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/dashboard');
    await page.goto(`${baseUrl}/account`);
    await waitForText(page.getByTestId('two-factor-summary'), /^On since .+\. 8 recovery codes left\.$/);
  });

  it('replaces the recovery codes with a code: the new ones sign in, the old ones no longer do', async () => {
    const { page } = opened();
    const user = await signedInAsNewUser(page, baseUrl, '/account');
    const { phone, recoveryCodes: old } = await turnOnTwoFactor(page);
    const section = page.getByTestId('two-factor-settings');

    await section.getByRole('button', { name: 'New recovery codes' }).click();
    await section.getByLabel(CODE_PROMPT).fill(phone.wrongCode());
    await section.getByRole('button', { name: 'Replace codes' }).click();
    await waitForText(section.getByText(/^That code is not right/), /^That code is not right/);
    await section.getByLabel(CODE_PROMPT).fill(await phone.fresh());
    await section.getByRole('button', { name: 'Replace codes' }).click();
    const fresh = await shownRecoveryCodes(page);
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => old.includes(code))).toEqual([]);
    await expectUsableLayout(page);
    await section.getByRole('button', { name: "I've saved them" }).click();
    await waitForText(section.getByTestId('two-factor-summary'), /^On since .+\. 10 recovery codes left\.$/);

    await signOut(page);
    await signInWithRecoveryCode(page, user, old[0]);
    await waitForText(
      page.getByTestId('two-factor-error'),
      'That recovery code is not right, or was used already.',
    );
    await page.getByLabel('Enter one of your recovery codes').fill(fresh[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/dashboard');
  });

  it("asks an old sign-in to confirm it's you with a code before creating a key, then creates it", async () => {
    const { page } = opened();
    const user = await signedInAsNewUser(page, baseUrl, '/account');
    const { phone } = await turnOnTwoFactor(page);

    // The sign-in proved itself three hours ago: the next refresh (a reload) says so.
    await given.signInsAuthenticatedAt(user, new Date(Date.now() - 3 * 3_600_000));
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.getByRole('button', { name: 'Create New Key' }).click();
    await page.getByRole('textbox', { name: 'Key name' }).fill('After confirming');
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
    await confirm.getByLabel(CODE_PROMPT).fill(phone.wrongCode());
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await waitForText(confirm.getByTestId('reauthentication-error'), /^That code is not right/);
    await expectUsableLayout(page);
    await shot(page, 'confirm-it-is-you', viewport.width);
    await confirm.getByLabel(CODE_PROMPT).fill(await phone.fresh());
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await waitForText(page.getByTestId('new-key'), /^fxrates_[0-9a-f]{32}$/);
    await confirm.waitFor({ state: 'detached' });
  });
});

// The top bar's Login dialog exists at desktop widths only (a phone's menu links to /login).
describe('two-factor authentication in the Login dialog at 1280 px', () => {
  const opened = usePagePerTest(DESKTOP_VIEWPORT);

  it("asks for the code after the password, shows a wrong code in the API's words, and signs in with the right one", async () => {
    const { page } = opened();
    const user = await signedInAsNewUser(page, baseUrl, '/account');
    const { phone } = await turnOnTwoFactor(page);
    await signOut(page);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByLabel('Email Address').fill(user.email);
    await dialog.getByLabel(/^Password/).fill(user.password);
    await dialog.getByRole('button', { name: 'Login' }).click();
    await dialog.getByLabel(CODE_PROMPT).fill(phone.wrongCode());
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await waitForText(dialog.getByTestId('two-factor-error'), /^That code is not right/);
    await expectUsableLayout(page);
    await shot(page, 'login-dialog', DESKTOP_VIEWPORT.width);
    await dialog.getByLabel(CODE_PROMPT).fill(await phone.fresh());
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/dashboard');
  });
});
