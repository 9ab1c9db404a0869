import type { Locator, Page } from 'playwright-core';
import { seriousAxeViolations, unlabelledFields, type AxeFinding } from '../support/axe';
import { DESKTOP_VIEWPORT, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { settle } from '../support/layout-checks';
import { openProductPage, PUBLIC_PAGES, signedInWithKeys } from '../support/product-pages';

const { baseUrl } = e2eEnvironment();

/** axe's serious and critical findings and the unlabelled fields of the page as it is now. */
async function accessibilityProblems(page: Page): Promise<{ axe: AxeFinding[]; unlabelled: string[] }> {
  return { axe: await seriousAxeViolations(page), unlabelled: await unlabelledFields(page) };
}

const NO_PROBLEM = { axe: [], unlabelled: [] };

/** Whether the page's focus is inside the dialog. */
function focusIsIn(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((element) => element.contains(document.activeElement));
}

/**
 * Opens a dialog with `opener`, then checks what a keyboard user relies on: focus moves into the
 * dialog, Tab and Shift+Tab keep it there however often they are pressed, no serious axe finding
 * while it is open, Escape closes it and focus is back on the opener.
 */
async function expectDialogKeyboardBehaviour(page: Page, opener: Locator, title: string): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await page.waitForFunction(
    (element) => element?.contains(document.activeElement) ?? false,
    await dialog.elementHandle(),
  );
  const focusables = await dialog.evaluate(
    (element) =>
      element.querySelectorAll(
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), textarea, select',
      ).length,
  );
  expect(focusables).toBeGreaterThan(0);
  const stops = new Set<string>();
  for (const key of [
    ...Array<string>(focusables + 2).fill('Tab'),
    ...Array<string>(focusables + 2).fill('Shift+Tab'),
  ]) {
    await page.keyboard.press(key);
    expect({ key, inside: await focusIsIn(dialog) }).toEqual({ key, inside: true });
    stops.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? ''));
  }
  // Tab went round the dialog's controls, not stuck on one.
  expect(stops.size).toBeGreaterThan(1);
  expect(await accessibilityProblems(page)).toEqual(NO_PROBLEM);

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForFunction((element) => element === document.activeElement, await opener.elementHandle());
}

describe('dialogs: focus trapped inside, Escape closes, focus returns', () => {
  const opened = usePagePerTest(DESKTOP_VIEWPORT);

  it('the Login and Create Account dialogs of the top bar', async () => {
    const { page } = opened();
    await openProductPage(page, baseUrl, PUBLIC_PAGES[0]);
    const banner = page.getByRole('banner');
    await expectDialogKeyboardBehaviour(page, banner.getByRole('button', { name: 'Login' }), 'Login');
    await expectDialogKeyboardBehaviour(
      page,
      banner.getByRole('button', { name: 'Register' }),
      'Create Account',
    );
  });

  it('the Create New Key and Deactivate dialogs of the dashboard', async () => {
    const { page } = opened();
    await signedInWithKeys(page, baseUrl);
    await settle(page);
    await expectDialogKeyboardBehaviour(
      page,
      page.getByRole('button', { name: 'Create New Key' }),
      'Create New Key',
    );
    await expectDialogKeyboardBehaviour(
      page,
      page
        .getByTestId('key-row')
        .filter({ hasText: 'Production server' })
        .getByRole('button', { name: 'Deactivate' }),
      'Deactivate this key?',
    );
    // Escape deactivated nothing.
    expect(await page.getByTestId('key-row').filter({ hasText: 'Production server' }).count()).toBe(1);
  }, 90_000);
});
