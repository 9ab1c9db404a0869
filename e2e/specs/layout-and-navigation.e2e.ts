import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInAsNewUser } from '../support/accounts-ui';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { ConverterPanel } from '../support/home-page';
import { motionSettled } from '../support/layout-checks';
import { SCREENSHOTS_DIR } from '../support/paths';
import { PUBLIC_PAGES } from '../support/product-pages';
import { textsOf, waitForText } from '../support/texts';

const { baseUrl } = e2eEnvironment();

/** Every public route of the spec but home (titled "Home"), with the heading and tab title it renders. */
const ROUTES = PUBLIC_PAGES.filter((target) => target.path !== '/');

/** The routes that need a signed-in user (visitors are sent to /login: see auth-pages.e2e.ts). */
const SIGNED_IN_ROUTES = [
  { path: '/dashboard', heading: 'Dashboard' },
  { path: '/account', heading: 'Account Settings' },
  { path: '/subscribe', heading: 'Complete Subscription' },
];

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

describe('layout and navigation', () => {
  describe('on a wide screen', () => {
    const opened = usePagePerTest(DESKTOP_VIEWPORT);
    let page: Page;

    beforeEach(async () => {
      page = opened().page;
      await page.goto(`${baseUrl}/`);
      await heading(page).waitFor();
    });

    it('shows the hero texts and a title', async () => {
      expect(await heading(page).innerText()).toBe('Foreign Exchange Rates Professional');
      expect(
        await page.getByText('150+ currencies • Real-time rates • Crypto support 100+').isVisible(),
      ).toBe(true);
      expect(await page.title()).toBe('Home | FXRates Pro');
    });

    it('shows the top bar: product name to home, links, Login and Register', async () => {
      const banner = page.getByRole('banner');
      const brand = banner.getByRole('link', { name: 'FXRates Pro' });
      expect(await brand.getAttribute('href')).toBe('/');
      const nav = banner.getByRole('navigation', { name: 'Main' });
      expect(await textsOf(nav.getByRole('link'))).toEqual(['Home', 'Pricing', 'API Docs', 'Contact']);
      expect(await banner.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
      expect(await banner.getByRole('button', { name: 'Register' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Open navigation menu' }).isVisible()).toBe(false);
    });

    it('opens the Login and Create Account dialogs from the top bar', async () => {
      await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
      const login = page.getByRole('dialog', { name: 'Login' });
      await login.waitFor();
      await login.getByRole('button', { name: 'Cancel' }).click();
      await login.waitFor({ state: 'hidden' });

      await page.getByRole('banner').getByRole('button', { name: 'Register' }).click();
      await page.getByRole('dialog', { name: 'Create Account' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    });

    it('shows the three footer columns and the copyright line', async () => {
      const footer = page.getByTestId('site-footer');
      expect(await footer.getByText('Real-time currency exchange rates for professionals').isVisible()).toBe(
        true,
      );
      expect(
        await textsOf(footer.getByRole('navigation', { name: 'Quick Links' }).getByRole('link')),
      ).toEqual(['Home', 'Pricing', 'API Documentation', 'Contact Us']);
      const legal = footer.getByRole('navigation', { name: 'Legal' });
      expect(await textsOf(legal.getByRole('link'))).toEqual(['Terms of Service', 'Privacy Policy']);
      expect(await legal.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
      expect(await legal.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
      expect(await footer.getByTestId('copyright').innerText()).toBe(
        `© ${new Date().getFullYear()} FXRates Pro. All rights reserved`,
      );
    });

    it.each(ROUTES)('renders $path with its heading and title', async ({ path: route, heading: text }) => {
      await page.goto(`${baseUrl}${route}`);
      await waitForText(heading(page), text);
      expect(await page.title()).toBe(`${text} | FXRates Pro`);
    });

    it.each(SIGNED_IN_ROUTES)(
      'renders $path with its heading and title for a signed-in user',
      async ({ path: route, heading: text }) => {
        await signedInAsNewUser(page, baseUrl, route);
        await waitForText(heading(page), text);
        expect(await page.title()).toBe(`${text} | FXRates Pro`);
      },
    );

    it('navigates between the shell and the remotes without reloading the page', async () => {
      await page.goto(`${baseUrl}/login`);
      await waitForText(heading(page), 'Login to Your Account');
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
      await page.getByRole('link', { name: 'Create an account' }).click();
      await waitForText(heading(page), 'Create Account');
      await page.getByTestId('site-footer').getByRole('link', { name: 'Privacy Policy' }).click();
      await waitForText(heading(page), 'Privacy Policy');
      await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
      await waitForText(heading(page), 'Pricing');
      expect(
        await page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument),
      ).toBe(true);
    });

    it('shows "Page not found" for unknown routes', async () => {
      await page.goto(`${baseUrl}/no-such-page`);
      await waitForText(heading(page), 'Page not found');
    });

    it('saves a screenshot of the home page at 1280 px', async () => {
      const converter = new ConverterPanel(page);
      await converter.setAmount('100');
      await converter.convertButton.click();
      await waitForText(converter.result, /^100\.0000 USD = [\d.]+ EUR$/);
      await page.screenshot({ path: path.join(SCREENSHOTS_DIR, 'home-1280.png'), fullPage: true });
    });
  });

  describe('on a narrow screen (390 px)', () => {
    const opened = usePagePerTest(PHONE_VIEWPORT);
    let page: Page;

    beforeEach(async () => {
      page = opened().page;
      await page.goto(`${baseUrl}/`);
      await heading(page).waitFor();
    });

    it('replaces the top-bar links with a burger menu', async () => {
      const burger = page.getByRole('button', { name: 'Open navigation menu' });
      expect(await burger.isVisible()).toBe(true);
      expect(await page.getByRole('banner').getByRole('button', { name: 'Login' }).isVisible()).toBe(false);
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    });

    it('lists Home, Pricing, API Docs, Login and Register in the menu when signed out', async () => {
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Menu' });
      await menu.waitFor();
      expect(await textsOf(menu.getByRole('link'))).toEqual([
        'Home',
        'Pricing',
        'API Docs',
        'Login',
        'Register',
      ]);
      expect(await menu.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
      expect(await menu.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');

      await menu.getByRole('link', { name: 'Pricing' }).click();
      await waitForText(heading(page), 'Pricing');
      await menu.waitFor({ state: 'hidden' });
    });

    it('lists Home, Pricing, API Docs, Dashboard, Account and Logout when signed in; Logout goes home', async () => {
      await signedInAsNewUser(page, baseUrl, '/account');
      await waitForText(heading(page), 'Account Settings');
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Menu' });
      await menu.waitFor();
      expect(await textsOf(menu.getByRole('link'))).toEqual([
        'Home',
        'Pricing',
        'API Docs',
        'Dashboard',
        'Account',
      ]);
      expect(await textsOf(menu.getByRole('button'))).toEqual(['Logout']);
      await motionSettled(page); // the drawer's slide-in
      await page.screenshot({ path: path.join(SCREENSHOTS_DIR, 'menu-signed-in-390.png') });

      await menu.getByRole('link', { name: 'Dashboard' }).click();
      await waitForText(heading(page), 'Dashboard');
      await menu.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      await menu.getByRole('button', { name: 'Logout' }).click();
      await menu.waitFor({ state: 'hidden' });
      await page.waitForURL((url) => url.pathname === '/');
      await heading(page).waitFor();

      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      await menu.waitFor();
      expect(await textsOf(menu.getByRole('link'))).toEqual([
        'Home',
        'Pricing',
        'API Docs',
        'Login',
        'Register',
      ]);
      expect(await menu.getByRole('button').count()).toBe(0);
    });

    it('saves a screenshot of the home page at 390 px', async () => {
      const converter = new ConverterPanel(page);
      await converter.setAmount('100');
      await converter.convertButton.click();
      await waitForText(converter.result, /^100\.0000 USD = [\d.]+ EUR$/);
      await page.screenshot({ path: path.join(SCREENSHOTS_DIR, 'home-390.png'), fullPage: true });
    });
  });
});
