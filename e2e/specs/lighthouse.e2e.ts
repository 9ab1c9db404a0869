import { e2eEnvironment } from '../support/e2e-environment';
import { auditAccessibility } from '../support/lighthouse';

const { baseUrl } = e2eEnvironment();

/** The pages a visitor lands on. */
const PAGES = [
  { path: '/', name: 'home' },
  { path: '/pricing', name: 'pricing' },
  { path: '/docs', name: 'docs' },
];
const MIN_ACCESSIBILITY = 95;

/**
 * Only what does not move with the machine's load is checked here: the performance
 * score and its timings are figures, reported beside their targets by `npm run bench -- --only
 * lighthouse` and recorded in docs/performance.md.
 */
describe('Lighthouse', () => {
  it.each(PAGES)(
    '$path scores accessibility ≥ 95; report in artifacts/lighthouse',
    async ({ path, name }) => {
      const audit = await auditAccessibility(`${baseUrl}${path}`, name);
      // The failed audits are logged: what a score under the line would have to fix.
      console.log(`Lighthouse ${path}: ${JSON.stringify(audit)}`);
      expect(audit.accessibility).toBeGreaterThanOrEqual(MIN_ACCESSIBILITY);
    },
    160_000,
  );
});
