import type { Page } from 'playwright-core';
import { seriousAxeViolations, unlabelledFields, type AxeFinding } from '../support/axe';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { horizontalOverflows, type Overflow } from '../support/layout-checks';
import { checkEverySignedInView, openProductPage, PUBLIC_PAGES } from '../support/product-pages';

const { baseUrl } = e2eEnvironment();

interface PageProblems {
  /** axe-core's serious and critical findings. */
  axe: AxeFinding[];
  /** Form fields without an accessible name. */
  unlabelled: string[];
  /** What reaches past the viewport's edges or scrolls sideways. */
  overflows: Overflow[];
}

const NO_PROBLEM: PageProblems = { axe: [], unlabelled: [], overflows: [] };

/** The page as it is now, checked as a keyboard and screen-reader user and as a phone user meet it. */
async function pageProblems(page: Page): Promise<PageProblems> {
  // axe waits until nothing on the page moves, so the overflow check measures the page at rest too.
  const axe = await seriousAxeViolations(page);
  return { axe, unlabelled: await unlabelledFields(page), overflows: await horizontalOverflows(page) };
}

/**
 * Every page, signed out and signed in (the dashboard in each tab), at a phone's width and a desktop's:
 * axe-core finds no serious or critical violation, every field has a label, and nothing overflows (the
 * document does not scroll sideways, no element reaches past either edge, nothing scrolls sideways
 * inside the page). Each page is opened once per width and checked for all three: a failure names the
 * page, the axe rule or the field, and each offending element with where it ends.
 */
describe.each([
  { name: 'phone', viewport: PHONE_VIEWPORT },
  { name: 'desktop', viewport: DESKTOP_VIEWPORT },
])('every page at $viewport.width px ($name)', ({ viewport }) => {
  const opened = usePagePerTest(viewport);

  it.each(PUBLIC_PAGES)(
    '$path: no serious axe violation, no unlabelled field and nothing overflowing for a visitor',
    async (target) => {
      const { page } = opened();
      await openProductPage(page, baseUrl, target);
      expect(await pageProblems(page)).toEqual(NO_PROBLEM);
    },
  );

  it('no page of a signed-in user has a serious axe violation, an unlabelled field or an overflow', async () => {
    const { page } = opened();
    const problemsOf = async () => {
      const { axe, unlabelled, overflows } = await pageProblems(page);
      return [
        ...axe,
        ...unlabelled.map((field) => `unlabelled field: ${field}`),
        ...overflows.map((overflow) => `overflow: ${overflow.element}: ${overflow.problem}`),
      ];
    };
    expect(await checkEverySignedInView(page, baseUrl, problemsOf)).toEqual({});
  }, 120_000);
});
