import { PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { ConverterPanel } from '../support/home-page';

const { baseUrl } = e2eEnvironment();

/**
 * A picker searches as one types: opening it selects the shown currency, so that what one types
 * replaces it, and the list narrows by code and by name with every key.
 */
describe.each(PHONE_AND_DESKTOP)('the currency pickers on a $name', ({ viewport }) => {
  const opened = usePagePerTest(viewport);
  let converter: ConverterPanel;

  beforeEach(async () => {
    converter = new ConverterPanel(opened().page);
    await converter.open(baseUrl);
  });

  it('replace the shown currency with what is typed: GBP into To picks British Pound', async () => {
    const { page } = opened();
    await converter.to.click();
    await page.keyboard.type('GBP');
    expect(await converter.to.inputValue()).toBe('GBP');
    const listbox = await converter.openedList(converter.to);
    const options = (await listbox.getByRole('option').allInnerTexts()).map((text) => text.trim());
    expect(options[0]).toBe('GBP - British Pound');
    await page.keyboard.press('Enter');
    expect(await converter.to.inputValue()).toBe('GBP - British Pound');
    expect(await converter.from.inputValue()).toBe('USD - US Dollar');
  });

  it('narrow by name as one types, move with the arrow keys, and Escape restores the choice', async () => {
    const { page } = opened();
    await converter.from.click();
    await page.keyboard.type('yen');
    const listbox = await converter.openedList(converter.from);
    expect((await listbox.getByRole('option').allInnerTexts()).map((text) => text.trim())).toEqual([
      'JPY - Japanese Yen',
    ]);
    await page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'hidden' });
    expect(await converter.from.inputValue()).toBe('USD - US Dollar');

    await converter.from.click();
    await page.keyboard.type('swiss');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await converter.from.inputValue()).toBe('CHF - Swiss Franc');
  });
});
