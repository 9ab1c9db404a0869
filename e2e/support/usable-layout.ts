import type { Page } from 'playwright-core';
import { seriousAxeViolations, unlabelledFields } from './axe';
import { horizontalOverflows } from './layout-checks';

/** No serious axe violation, no unlabelled field, nothing wider than the screen. */
export async function expectUsableLayout(page: Page): Promise<void> {
  expect({
    axe: await seriousAxeViolations(page),
    unlabelled: await unlabelledFields(page),
    overflows: await horizontalOverflows(page),
  }).toEqual({ axe: [], unlabelled: [], overflows: [] });
}
