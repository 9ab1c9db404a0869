import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { DESKTOP_VIEWPORT, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { markSet, networkQuiet, PICKER_PRELOAD_MARK, requestedSinceMark } from '../support/first-load';
import { ConverterPanel } from '../support/home-page';

const { baseUrl } = e2eEnvironment();

/** The scripts that / fetches for its searchable pickers (learnt from a visit of its own). */
async function pickerScripts(context: BrowserContext): Promise<Set<string>> {
  const page = await context.newPage();
  // The resource timing buffer holds 250 entries by default; the landing page's icons can fill it
  // before the pickers' scripts are fetched, which then go unrecorded.
  await page.addInitScript(() => performance.setResourceTimingBufferSize(10_000));
  await page.goto(`${baseUrl}/`);
  await markSet(page, PICKER_PRELOAD_MARK);
  await networkQuiet(page);
  const scripts = [...(await requestedSinceMark(page, PICKER_PRELOAD_MARK))].filter((url) =>
    new URL(url).pathname.endsWith('.js'),
  );
  await page.close();
  expect(scripts.length).toBeGreaterThan(0);
  return new Set(scripts);
}

/** Holds the picker's scripts unanswered until `release()`: the page keeps its stand-ins meanwhile. */
async function holdPickerScripts(context: BrowserContext): Promise<{ release: () => Promise<void> }> {
  const scripts = await pickerScripts(context);
  const held: Route[] = [];
  let released = false;
  await context.route(
    (url) => scripts.has(url.href),
    (route) => (released ? route.continue() : void held.push(route)),
  );
  return {
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

/** Where the field, its label and its icon are drawn. */
async function geometryOf(page: Page, picker: Locator) {
  const id = await picker.getAttribute('id');
  const box = async (locator: Locator) => {
    const found = await locator.boundingBox();
    if (!found) throw new Error('not drawn');
    return found;
  };
  return {
    field: await box(picker),
    label: await box(page.locator(`label[for="${id}"]`)),
    icon: await box(picker.locator('xpath=ancestor::div[contains(@class, "mantine-Input-wrapper")][1]//img')),
  };
}

const isFocused = (picker: Locator) => picker.evaluate((field) => field === document.activeElement);

/**
 * The landing page paints its currency pickers before Mantine's Select has loaded.
 * Until then each is a stand-in with the same look, role and name; the real picker replaces it
 * without losing what the user has started.
 */
describe('the currency pickers before their code has loaded', () => {
  // What a first visit fetches, and when: a context of its own per test, its cache empty.
  const opened = usePagePerTest(DESKTOP_VIEWPORT, { freshContext: true });

  it('are pickers by role and name, keep what is typed, and hand it over without moving', async () => {
    const { page, context } = opened();
    const held = await holdPickerScripts(context);
    const converter = new ConverterPanel(page);
    await converter.open(baseUrl);
    await markSet(page, PICKER_PRELOAD_MARK);

    for (const [picker, text] of [
      [converter.from, 'USD - US Dollar'],
      [converter.to, 'EUR - Euro'],
    ] as const) {
      expect(await picker.inputValue()).toBe(text);
      expect(await picker.getAttribute('aria-expanded')).toBe('false');
      expect(await picker.getAttribute('aria-haspopup')).toBe('listbox');
    }
    const before = { from: await geometryOf(page, converter.from), to: await geometryOf(page, converter.to) };

    await converter.from.click();
    await converter.from.selectText();
    await page.keyboard.type('GBP');
    expect(await converter.from.inputValue()).toBe('GBP');
    expect(await converter.from.getAttribute('aria-expanded')).toBe('false');

    await held.release();
    await converter.from.and(page.locator('[aria-expanded="true"]')).waitFor();
    expect(await isFocused(converter.from)).toBe(true);
    expect(await converter.from.inputValue()).toBe('GBP');
    const listbox = page.locator(`[id="${await converter.from.getAttribute('aria-controls')}"]`);
    const options = (await listbox.getByRole('option').allInnerTexts()).map((option) => option.trim());
    expect(options).toContain('GBP - British Pound');
    expect(options.every((option) => option.includes('GBP'))).toBe(true);

    // Typing goes on in the real picker, right after the handed-over text.
    await page.keyboard.type(' - B');
    expect(await converter.from.inputValue()).toBe('GBP - B');
    await listbox.getByRole('option', { name: 'GBP - British Pound' }).click();
    expect(await converter.from.inputValue()).toBe('GBP - British Pound');

    // Same place and size as the stand-ins: the swap shifts nothing.
    expect(await geometryOf(page, converter.to)).toEqual(before.to);
    expect((await geometryOf(page, converter.from)).field).toEqual(before.from.field);
    expect((await geometryOf(page, converter.from)).label).toEqual(before.from.label);
  });

  it('keep the focus of a keyboard user, whose list then opens as Select opens it', async () => {
    const { page, context } = opened();
    const held = await holdPickerScripts(context);
    const converter = new ConverterPanel(page);
    await converter.open(baseUrl);

    await converter.amount.focus();
    await page.keyboard.press('Tab');
    expect(await isFocused(converter.from)).toBe(true);

    await held.release();
    await converter.from.and(page.locator('[aria-expanded="true"]')).waitFor();
    expect(await isFocused(converter.from)).toBe(true);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('JPY');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await converter.from.inputValue()).toBe('JPY - Japanese Yen');
    expect(await converter.to.inputValue()).toBe('EUR - Euro');
  });
});
