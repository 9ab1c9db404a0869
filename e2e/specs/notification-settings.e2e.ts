import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { heading, recordRequests, signedInAsNewUser } from '../support/accounts-ui';
import { seriousAxeViolations, unlabelledFields } from '../support/axe';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { horizontalOverflows } from '../support/layout-checks';
import { SCREENSHOTS_DIR } from '../support/paths';
import { waitForText } from '../support/texts';

const { baseUrl } = e2eEnvironment();

const SAVED = 'Your notification settings were saved.';
const LABELS = ['75 % of the monthly quota', '90 %', '100 %'];

/** No serious axe violation, no unlabelled field, nothing wider than the screen. */
async function expectUsableLayout(page: Page): Promise<void> {
  expect({
    axe: await seriousAxeViolations(page),
    unlabelled: await unlabelledFields(page),
    overflows: await horizontalOverflows(page),
  }).toEqual({ axe: [], unlabelled: [], overflows: [] });
}

/** The account page's Notifications section, found by its heading as assistive technology finds it. */
function notificationsSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications' });
}

/** Which of the three quota alert boxes are checked, in their order. */
async function checkedBoxes(page: Page): Promise<Record<string, boolean>> {
  const section = notificationsSection(page);
  const checked: Record<string, boolean> = {};
  for (const label of LABELS) checked[label] = await section.getByLabel(label, { exact: true }).isChecked();
  return checked;
}

async function openNotifications(page: Page): Promise<void> {
  await waitForText(heading(page), 'Account Settings');
  await notificationsSection(page).getByLabel(LABELS[0], { exact: true }).waitFor();
}

describe.each([
  { name: 'desktop', viewport: DESKTOP_VIEWPORT },
  { name: 'phone', viewport: PHONE_VIEWPORT },
])('the notification settings at $viewport.width px ($name)', ({ viewport }) => {
  const opened = usePagePerTest(viewport);

  it('turns quota alerts off and on, saved with a notice, and the choice stays after a reload', async () => {
    const { page } = opened();
    await signedInAsNewUser(page, baseUrl, '/account');
    await openNotifications(page);
    const section = notificationsSection(page);
    const save = section.getByRole('button', { name: 'Save' });
    // All three on, as before there was a choice; nothing to save yet.
    expect(await checkedBoxes(page)).toEqual({ [LABELS[0]]: true, [LABELS[1]]: true, [LABELS[2]]: true });
    expect(await save.isDisabled()).toBe(true);
    await expectUsableLayout(page);

    const sent = recordRequests(page, '/api/account/notifications');
    await section.getByLabel('90 %', { exact: true }).uncheck();
    await section.getByLabel('100 %', { exact: true }).uncheck();
    expect(await save.isDisabled()).toBe(false);
    const patched = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/account/notifications') && response.request().method() === 'PATCH',
    );
    await save.click();
    expect((await patched).status()).toBe(200);
    expect(sent.filter((r) => r.method() === 'PATCH').map((r) => r.postDataJSON())).toEqual([
      { quotaAlerts: [75] },
    ]);
    await waitForText(section.getByTestId('notifications-saved'), SAVED);
    expect(await save.isDisabled()).toBe(true);
    await expectUsableLayout(page);
    await page.screenshot({
      path: path.join(SCREENSHOTS_DIR, `notification-settings-saved-${viewport.width}.png`),
      fullPage: true,
    });

    await page.reload();
    await openNotifications(page);
    expect(await checkedBoxes(page)).toEqual({ [LABELS[0]]: true, [LABELS[1]]: false, [LABELS[2]]: false });
    // The notice was about the save, not about the page as reloaded.
    expect(await notificationsSection(page).getByTestId('notifications-saved').count()).toBe(0);

    // Back on: 100 % alone this time, and it too stays.
    await notificationsSection(page).getByLabel('100 %', { exact: true }).check();
    await notificationsSection(page).getByRole('button', { name: 'Save' }).click();
    await waitForText(notificationsSection(page).getByTestId('notifications-saved'), SAVED);
    await page.reload();
    await openNotifications(page);
    expect(await checkedBoxes(page)).toEqual({ [LABELS[0]]: true, [LABELS[1]]: false, [LABELS[2]]: true });
  });
});
