import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { motionSettled } from './layout-checks';

/** axe-core's browser bundle, from the npm package (injected into the page: no network). */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules, plus best practices) on the page as it is and returns
 * the serious and critical violations, each with the selectors and HTML of the offending nodes.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  await motionSettled(page);
  // Evaluated through the DevTools protocol, so the page's Content-Security-Policy does not apply.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`),
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Form fields (input, select, textarea) that have no accessible name: no label, aria-label or labelledby. */
export async function unlabelledFields(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('input, select, textarea'))
      .filter((field) => {
        const input = field as HTMLInputElement;
        if (input.type === 'hidden' || input.closest('[aria-hidden="true"]')) return false;
        const style = getComputedStyle(input);
        if (style.display === 'none' || style.visibility === 'hidden') return false;
        const labelled =
          (input.labels?.length ?? 0) > 0 ||
          Boolean(input.getAttribute('aria-label')?.trim()) ||
          (input.getAttribute('aria-labelledby') ?? '')
            .split(/\s+/)
            .some((id) => Boolean(id && document.getElementById(id)?.textContent?.trim())) ||
          Boolean(input.getAttribute('title')?.trim());
        return !labelled;
      })
      .map((field) => field.outerHTML.slice(0, 200)),
  );
}
