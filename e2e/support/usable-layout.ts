import type { Page } from 'playwright-core';
import { seriousAxeViolations, unlabelledFields, type AxeFinding } from './axe';
import { horizontalOverflows, type Overflow } from './layout-checks';

/** What keeps a page from being usable by everyone, at the width it is shown at. */
export interface UsabilityProblems {
  /** axe-core's serious and critical findings. */
  axe: AxeFinding[];
  /** Form fields without an accessible name. */
  unlabelled: string[];
  /** What reaches past the viewport's edges or scrolls sideways. */
  overflows: Overflow[];
}

export const NO_USABILITY_PROBLEM: UsabilityProblems = { axe: [], unlabelled: [], overflows: [] };

/** The page as it is now: serious axe violations, unlabelled fields, anything wider than the screen. */
export async function usabilityProblems(page: Page): Promise<UsabilityProblems> {
  // axe waits until nothing on the page moves, so the overflow check measures the page at rest too.
  const axe = await seriousAxeViolations(page);
  return { axe, unlabelled: await unlabelledFields(page), overflows: await horizontalOverflows(page) };
}

/** No serious axe violation, no unlabelled field, nothing wider than the screen. */
export async function expectUsableLayout(page: Page): Promise<void> {
  expect(await usabilityProblems(page)).toEqual(NO_USABILITY_PROBLEM);
}
