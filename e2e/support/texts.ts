import type { Locator } from 'playwright-core';

/**
 * Waits until the locator's text matches, then returns it (playwright-core has no auto-retrying expect).
 * The deadline is generous because CI runs the browser beside the API suites on two cores; it only
 * costs time when the text never comes.
 */
export async function waitForText(
  locator: Locator,
  expected: string | RegExp,
  timeoutMs = 30_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let actual = '';
  while (Date.now() < deadline) {
    actual = ((await locator.count()) > 0 ? await locator.first().textContent() : '') ?? '';
    if (typeof expected === 'string' ? actual.trim() === expected : expected.test(actual.trim()))
      return actual.trim();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Expected text ${String(expected)} but found "${actual.trim()}"`);
}

/** The text of the elements a field is described by (aria-describedby): its hint or its error. */
export async function describedBy(field: Locator): Promise<string> {
  return field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? '').trim() : ''))
      .filter(Boolean)
      .join(' '),
  );
}

/** Trimmed inner texts of all matches. */
export async function textsOf(locator: Locator): Promise<string[]> {
  return (await locator.allInnerTexts()).map((text) => text.trim());
}

/** A date a year from today as the product writes every date, "December 12, 2026" (the browser runs in UTC). */
export function aYearFromTodayLong(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
