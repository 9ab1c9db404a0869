import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { delayRequests, recordRequests, signedInAsNewUser } from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { E2E_RECAPTCHA_SITE_KEY, routeRecaptchaStandIn } from '../support/recaptcha-stand-in';
import { waitForText } from '../support/texts';

const { baseUrl, apiUrl } = e2eEnvironment();

describe('contact page', () => {
  const opened = usePagePerTest();

  async function openContact() {
    const { page } = opened();
    await routeRecaptchaStandIn(page);
    await page.goto(`${baseUrl}/contact`);
    await waitForText(page.getByRole('heading', { level: 1 }), 'Contact Us');
    return page;
  }

  it('shows the support address and Global Service, and sends a message with reCAPTCHA', async () => {
    const page = await openContact();
    expect(await page.getByRole('link', { name: 'support@fxrates.example' }).isVisible()).toBe(true);
    expect(await page.getByText('Global Service').isVisible()).toBe(true);
    const send = page.getByRole('button', { name: 'Send Message' });
    expect(await send.isDisabled()).toBe(true); // consent not given yet

    const subject = `E2E ${randomUUID()}`;
    await page.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    const message = page.getByRole('textbox', { name: 'Message' });
    expect(await message.getAttribute('rows')).toBe('4');
    await message.fill('Hello from the browser test');
    await page.getByRole('checkbox', { name: 'I agree to be contacted regarding my message' }).check();
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/contact'));
    await send.click();

    const response = await answered;
    expect(response.status()).toBe(202);
    expect(response.request().postDataJSON()).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject,
      message: 'Hello from the browser test',
      recaptchaToken: 'e2e-recaptcha-token',
    });
    await waitForText(
      page.getByTestId('snackbar'),
      'Your message has been sent! We will get back to you soon.',
    );
    expect(await page.getByTestId('snackbar').getAttribute('role')).toBe('status');
    expect(
      await page.evaluate(() => (window as unknown as { __recaptchaCalls: unknown[] }).__recaptchaCalls),
    ).toEqual([{ siteKey: E2E_RECAPTCHA_SITE_KEY, action: 'contact_form' }]);
    expect(await page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('');
    expect(
      await page.getByRole('checkbox', { name: 'I agree to be contacted regarding my message' }).isChecked(),
    ).toBe(false);
  });

  it('pre-fills name and email for a signed-in user, and keeps the email after sending', async () => {
    const { page } = opened();
    await routeRecaptchaStandIn(page);
    const { email } = await signedInAsNewUser(page, baseUrl, '/contact');
    await waitForText(page.getByRole('heading', { level: 1 }), 'Contact Us');
    const name = page.getByRole('textbox', { name: 'Name' });
    const emailField = page.getByRole('textbox', { name: 'Email' });
    await name.waitFor();
    expect(await name.inputValue()).toBe('Eve Tester');
    expect(await emailField.inputValue()).toBe(email);
    await page.getByRole('textbox', { name: 'Subject' }).fill('Signed in');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello as a user');
    await page.getByRole('checkbox', { name: 'I agree to be contacted regarding my message' }).check();
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/contact'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await answered).status()).toBe(202);
    await waitForText(
      page.getByTestId('snackbar'),
      'Your message has been sent! We will get back to you soon.',
    );
    expect(await emailField.inputValue()).toBe(email);
    expect(await page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('');
  });

  it("shows the server's message in the snackbar when the API refuses", async () => {
    const page = await openContact();
    await page.route('**/api/v1/contact', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          status: 429,
          code: 'rate-limited',
          message: 'Too many requests. Wait a moment, then try again.',
        }),
      }),
    );
    await page.getByRole('textbox', { name: 'Name' }).fill('Ada');
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await page.getByRole('textbox', { name: 'Subject' }).fill('Hi');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
    await page.getByRole('checkbox', { name: 'I agree to be contacted regarding my message' }).check();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await waitForText(page.getByTestId('snackbar'), 'Too many requests. Wait a moment, then try again.');
    expect(await page.getByTestId('snackbar').getAttribute('role')).toBe('alert');
    expect(await page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('Hi'); // nothing lost
    await page.getByRole('button', { name: 'Dismiss' }).click();
    // Gone at once, after its exit transition (250 ms).
    await page.getByTestId('snackbar').waitFor({ state: 'detached', timeout: 1_000 });
  });

  it('says how long to wait once an address has sent its messages of the hour (the real API)', async () => {
    const email = `e2e-${randomUUID()}@example.test`;
    // CONTACT_ADDRESS_LIMIT_PER_HOUR is 5 by default: five messages go through, as from other pages.
    for (let i = 0; i < 5; i++) {
      const sent = await fetch(`${apiUrl}/api/v1/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Ada',
          email,
          subject: `Earlier ${i}`,
          message: 'Hello',
          recaptchaToken: 'x',
        }),
      });
      expect(sent.status).toBe(202);
    }
    const page = await openContact();
    await page.getByRole('textbox', { name: 'Name' }).fill('Ada');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Subject' }).fill('One more');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello again');
    await page.getByRole('checkbox', { name: 'I agree to be contacted regarding my message' }).check();
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/contact'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    const response = await answered;
    expect(response.status()).toBe(429);
    const wait = Number(await response.headerValue('retry-after'));
    expect(wait).toBeGreaterThan(60);
    await waitForText(
      page.getByTestId('snackbar'),
      `Too many messages from this email address in a short time. Wait ${Math.ceil(wait / 60)} minutes, then send yours again.`,
    );
    expect(await page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('One more'); // nothing lost
  });

  describe('says why Send Message is disabled', () => {
    const hint = (page: Page) => page.getByTestId('send-hint');
    const send = (page: Page) => page.getByRole('button', { name: 'Send Message' });

    /** The button is disabled, described by the hint (for screen readers), and the hint says `text`. */
    async function expectBlockedBecause(page: Page, text: string | RegExp) {
      await waitForText(hint(page), text);
      expect(await send(page).isDisabled()).toBe(true);
      expect(await hint(page).getAttribute('aria-live')).toBe('polite');
      expect(await send(page).getAttribute('aria-describedby')).toBe(await hint(page).getAttribute('id'));
    }

    async function fillForm(page: Page) {
      await page.getByRole('textbox', { name: 'Name' }).fill('Ada');
      await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
      await page.getByRole('textbox', { name: 'Subject' }).fill('Why disabled?');
      await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
    }

    it('until consent is ticked, and while sending', async () => {
      const page = await openContact();
      await fillForm(page);
      await expectBlockedBecause(page, 'Tick "I agree to be contacted regarding my message" to send.');
      // Still reachable by keyboard, so the reason can be heard; activating it sends nothing.
      const sent = recordRequests(page, '/api/v1/contact');
      await send(page).focus();
      await page.keyboard.press('Enter');
      await page.waitForTimeout(500); // time enough for a send to start
      expect(sent).toHaveLength(0);
      expect(await hint(page).innerText()).not.toContain('Sending');

      await page.getByRole('checkbox', { name: 'I agree to be contacted regarding my message' }).check();
      await waitForText(hint(page), '');
      expect(await send(page).isDisabled()).toBe(false);
      expect(await send(page).getAttribute('aria-describedby')).toBeNull();

      await delayRequests(page, '/api/v1/contact', 1_000);
      await send(page).click();
      await expectBlockedBecause(page, 'Sending your message...');
      await waitForText(
        page.getByTestId('snackbar'),
        'Your message has been sent! We will get back to you soon.',
      );
      expect(sent).toHaveLength(1);
    });

    it('while reCAPTCHA is loading, and when it could not load, with what to do', async () => {
      const { page } = opened();
      let releaseScript: () => void = () => undefined;
      const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
      await page.route('https://www.google.com/recaptcha/api.js**', async (route) => {
        await scriptHeld;
        await route.abort('connectionrefused');
      });
      await page.goto(`${baseUrl}/contact`);
      await fillForm(page);
      await page.getByRole('checkbox', { name: 'I agree to be contacted regarding my message' }).check();
      await expectBlockedBecause(
        page,
        'Loading the spam check (reCAPTCHA): Send Message is enabled once it has loaded.',
      );

      releaseScript();
      await expectBlockedBecause(
        page,
        'reCAPTCHA not loaded: check your connection, or allow www.google.com in your content blocker, then reload the page.',
      );
    });
  });
});
