import type { Locator, Page } from 'playwright-core';
import { heading, signedInAsNewUser, waitForPath } from '../support/accounts-ui';
import { PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { routePayPalSdkStandIn } from '../support/paypal-sdk-stand-in';
import { waitForText } from '../support/texts';

const { baseUrl, paypalUrl } = e2eEnvironment();

/** A colour as the browser computes it, "rgb(255, 196, 57)", as "#FFC439". */
async function hexOf(locator: Locator, property: 'background-color' | 'color'): Promise<string> {
  const rgb = await locator.evaluate(
    (element, name) => getComputedStyle(element).getPropertyValue(name),
    property,
  );
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
  return `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0').toUpperCase()).join('')}`;
}

/** Renders the SDK stand-in's button with `style` into a container of the page, as paypal.Buttons does. */
async function renderButton(page: Page, style?: object): Promise<Locator> {
  const id = `paypal-${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    async ({ id, style }) => {
      const container = document.createElement('div');
      container.id = id;
      container.style.width = '320px';
      document.body.prepend(container);
      const sdk = (
        window as unknown as { paypal: { Buttons(options: object): { render(at: string): Promise<void> } } }
      ).paypal;
      await sdk.Buttons({ style, createSubscription: () => '', onApprove: () => undefined }).render(`#${id}`);
    },
    { id, style },
  );
  return page.locator(`#${id}`);
}

/**
 * The PayPal SDK stand-in of tests and local development draws PayPal's button as PayPal does for the
 * style the page asks: nothing is loaded from PayPal.
 */
describe.each(PHONE_AND_DESKTOP)('the stand-in PayPal button on a $name', ({ viewport }) => {
  const opened = usePagePerTest(viewport);

  it("is PayPal's: gold by default with the wordmark in PayPal's blues, blue and rectangular on /subscribe", async () => {
    const { page } = opened();
    const outside: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['127.0.0.1', 'localhost'].includes(url.hostname) && !url.pathname.startsWith('/sdk/js')) {
        outside.push(request.url());
      }
    });
    await routePayPalSdkStandIn(page, paypalUrl);
    await signedInAsNewUser(page, baseUrl, '/pricing');
    await page.getByTestId('pricing-card-basic').getByRole('button').click();
    await waitForPath(page, '/subscribe');
    await waitForText(heading(page), 'Complete Subscription');

    // What /subscribe asks for (the spec: vertical, blue, rectangular): PayPal's blue #0070BA, white wordmark.
    const subscribe = page.getByRole('button', { name: 'PayPal Subscribe' });
    await subscribe.waitFor();
    await page.mouse.move(0, 0); // not hovered
    await page.waitForTimeout(150); // the colour's transition
    expect(await hexOf(subscribe, 'background-color')).toBe('#0070BA');
    expect(await subscribe.evaluate((button) => getComputedStyle(button).borderTopLeftRadius)).toBe('4px');
    expect((await subscribe.innerText()).replace(/\s+/g, ' ').trim()).toBe('PayPal Subscribe');
    expect(await page.getByText('Powered by').first().isVisible()).toBe(true);
    const box = await subscribe.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(40);

    // PayPal's default: the gold pill when asked, "Pay with PayPal", "Pay" dark blue and "Pal" light blue.
    const gold = (await renderButton(page, { shape: 'pill', label: 'pay' })).getByRole('button');
    expect(await hexOf(gold, 'background-color')).toBe('#FFC439');
    expect(await gold.getAttribute('aria-label')).toBe('Pay with PayPal');
    expect(await hexOf(gold.getByText('Pay', { exact: true }), 'color')).toBe('#003087');
    expect(await hexOf(gold.getByText('Pal', { exact: true }), 'color')).toBe('#009CDE');
    const height = (await gold.boundingBox())?.height ?? 0;
    expect(
      await gold.evaluate((button) => parseFloat(getComputedStyle(button).borderTopLeftRadius)),
    ).toBeCloseTo(Math.round(height / 2), 0);
    const plain = (await renderButton(page)).getByRole('button');
    expect(await hexOf(plain, 'background-color')).toBe('#FFC439');
    expect(await plain.getAttribute('aria-label')).toBe('PayPal');

    // Hover darkens it as PayPal's does; keyboard focus shows a ring.
    if (viewport.width > 500) {
      await gold.hover();
      await page.waitForTimeout(150); // the colour's transition
      expect(await hexOf(gold, 'background-color')).toBe('#F2BA36');
    }
    await page.mouse.move(0, 0);
    await gold.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await gold.evaluate((button) => getComputedStyle(button).boxShadow)).toContain('rgb(0, 112, 186)');
    expect(outside).toEqual([]);
  }, 60_000);
});
