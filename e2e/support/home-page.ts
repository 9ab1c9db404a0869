import type { Locator, Page, Request } from 'playwright-core';

/**
 * A decimal string as the converter writes it, thousands grouped: "1234567.8900" → "1,234,567.8900"
 * (written here independently of the page's own formatter).
 */
export function grouped(decimal: string): string {
  const [whole, fraction] = decimal.split('.');
  const digits = whole.replace('-', '');
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return `${whole.startsWith('-') ? '-' : ''}${groups.join(',')}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** The converter calls (GET /api/rates/convert) the page sends from now on, with their query. */
export function recordConvertRequests(page: Page): URL[] {
  const sent: URL[] = [];
  page.on('request', (request: Request) => {
    if (request.url().includes('/api/rates/convert')) sent.push(new URL(request.url()));
  });
  return sent;
}

/** The landing page's converter, addressed the way a user (or a screen reader) finds it. */
export class ConverterPanel {
  constructor(private readonly page: Page) {}

  get amount(): Locator {
    return this.page.getByLabel('Amount', { exact: true });
  }

  get from(): Locator {
    return this.page.getByRole('combobox', { name: 'From', exact: true });
  }

  get to(): Locator {
    return this.page.getByRole('combobox', { name: 'To', exact: true });
  }

  get convertButton(): Locator {
    return this.page.getByRole('button', { name: 'Convert', exact: true });
  }

  get swapButton(): Locator {
    return this.page.getByRole('button', { name: 'Swap currencies' });
  }

  get showCrypto(): Locator {
    return this.page.getByRole('switch', { name: 'Show Crypto' });
  }

  get showMetals(): Locator {
    return this.page.getByRole('switch', { name: 'Show metals' });
  }

  get result(): Locator {
    return this.page.getByTestId('convert-result');
  }

  get source(): Locator {
    return this.page.getByTestId('convert-source');
  }

  get error(): Locator {
    return this.page.getByTestId('convert-error');
  }

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/`);
    await this.convertButton.waitFor();
  }

  async setAmount(value: string): Promise<void> {
    await this.amount.fill(value);
  }

  async toggleShowCrypto(): Promise<void> {
    await this.showCrypto.click();
  }

  async toggleShowMetals(): Promise<void> {
    await this.showMetals.click();
  }

  /** Opens a picker, searches and picks the option whose label contains `label`. */
  async choose(picker: Locator, search: string, label: string | RegExp): Promise<void> {
    await picker.click();
    await picker.fill(search);
    // The other picker's list may still be closing, with the same options in it.
    await (await this.listboxOf(picker)).getByRole('option', { name: label }).click();
  }

  /**
   * Searches a picker for `search` and returns the `src` of the icon of the option named `name`
   * once the image has loaded; the list is left open.
   */
  async loadedOptionIcon(picker: Locator, search: string, name: string | RegExp): Promise<string | null> {
    await picker.click();
    await picker.fill(search);
    const icon = this.page.getByRole('option', { name }).locator('img');
    await icon.waitFor();
    await this.page.waitForFunction(
      (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
      await icon.elementHandle(),
    );
    return icon.getAttribute('src');
  }

  /** Labels of the options a picker currently offers (unfiltered). */
  async optionLabels(picker: Locator): Promise<string[]> {
    const listbox = await this.openList(picker);
    const labels = (await listbox.getByRole('option').allInnerTexts()).map((text) => text.trim());
    await this.page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'hidden' });
    return labels;
  }

  /** Clicks a picker and returns its list of options once it shows. */
  async openList(picker: Locator): Promise<Locator> {
    await picker.click();
    const listbox = await this.listboxOf(picker);
    await listbox.waitFor();
    return listbox;
  }

  /** The list of options of a picker that is open now (or opens next). */
  openedList(picker: Locator): Promise<Locator> {
    return this.listboxOf(picker);
  }

  /**
   * The list of options an opened picker controls (Mantine links them by aria-controls). Found
   * through locators only, never an element handle: until its code has loaded, a picker is a
   * stand-in that the real one replaces, focus and typed text included.
   */
  private async listboxOf(picker: Locator): Promise<Locator> {
    const opened = picker.and(this.page.locator('[aria-expanded="true"][aria-controls]'));
    await opened.waitFor();
    const id = await opened.getAttribute('aria-controls');
    if (!id) throw new Error('The opened picker names no listbox');
    return this.page.locator(`[id="${id}"]`);
  }
}
