import { PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { checkEverySignedInView, openProductPage, PUBLIC_PAGES } from '../support/product-pages';
import { NO_USABILITY_PROBLEM, usabilityProblems } from '../support/usable-layout';

const { baseUrl } = e2eEnvironment();

/**
 * Every page, signed out and signed in (the dashboard in each tab), at a phone's width and a desktop's:
 * axe-core finds no serious or critical violation, every field has a label, and nothing overflows (the
 * document does not scroll sideways, no element reaches past either edge, nothing scrolls sideways
 * inside the page). Each page is opened once per width and checked for all three: a failure names the
 * page, the axe rule or the field, and each offending element with where it ends.
 */
describe.each(PHONE_AND_DESKTOP)('every page at $viewport.width px ($name)', ({ viewport }) => {
  const opened = usePagePerTest(viewport);

  it.each(PUBLIC_PAGES)(
    '$path: no serious axe violation, no unlabelled field and nothing overflowing for a visitor',
    async (target) => {
      const { page } = opened();
      await openProductPage(page, baseUrl, target);
      expect(await usabilityProblems(page)).toEqual(NO_USABILITY_PROBLEM);
    },
  );

  it('no page of a signed-in user has a serious axe violation, an unlabelled field or an overflow', async () => {
    const { page } = opened();
    const problemsOf = async () => {
      const { axe, unlabelled, overflows } = await usabilityProblems(page);
      return [
        ...axe,
        ...unlabelled.map((field) => `unlabelled field: ${field}`),
        ...overflows.map((overflow) => `overflow: ${overflow.element}: ${overflow.problem}`),
      ];
    };
    expect(await checkEverySignedInView(page, baseUrl, problemsOf)).toEqual({});
  }, 120_000);
});
