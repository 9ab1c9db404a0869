import { KEY_TESTER_MESSAGES } from '@fxrates/domain';
import { endpointUrl, KEY_TESTABLE_ENDPOINTS } from '../public-endpoints';
import { outcomeOf, planRefusalOf } from './test-outcome';

const REFUSAL = {
  type: '/problems/plan-upgrade-required',
  title: 'Plan upgrade required',
  status: 403,
  detail:
    'The timeseries endpoint needs the Professional plan or higher; your plan is Free. Upgrade at /pricing.',
  code: 'plan-upgrade-required',
  message:
    'The timeseries endpoint needs the Professional plan or higher; your plan is Free. Upgrade at /pricing.',
  requiredPlan: 'professional',
  currentPlan: 'free',
  upgradeUrl: '/pricing',
};

describe('a plan refusal in the key tester', () => {
  it("keeps the spec's 403 text as its title and names both plans", () => {
    const outcome = outcomeOf(403, JSON.stringify(REFUSAL));
    expect(outcome.message).toBe(KEY_TESTER_MESSAGES.forbidden);
    expect(outcome.upgrade).toEqual({
      detail: REFUSAL.detail,
      requiredPlan: 'professional',
      currentPlan: 'free',
      upgradeUrl: '/pricing',
    });
  });

  it('links to this site’s pricing page whatever the body says, and ignores plans it does not know', () => {
    expect(
      planRefusalOf(403, { ...REFUSAL, upgradeUrl: 'https://evil.example/', requiredPlan: 'platinum' }),
    ).toEqual({ detail: REFUSAL.detail, requiredPlan: null, currentPlan: 'free', upgradeUrl: '/pricing' });
  });

  it.each([
    ['another 403', 403, { ...REFUSAL, code: 'api-key-disabled' }],
    ['a refusal with another status', 401, REFUSAL],
    ['a body that is not a problem', 403, 'Forbidden'],
  ])('is none for %s', (_what, status, body) => {
    expect(planRefusalOf(status, body)).toBeUndefined();
    expect(outcomeOf(status, typeof body === 'string' ? body : JSON.stringify(body)).upgrade).toBeUndefined();
  });
});

describe("the tester's request from edited parameters", () => {
  const find = (id: string) => KEY_TESTABLE_ENDPOINTS.find((endpoint) => endpoint.id === id)!;

  it('sends what was typed, drops an emptied optional parameter, and puts a path parameter in the path', () => {
    expect(endpointUrl(find('convert'), { from: 'GBP', to: 'JPY', amount: '250', unit: '' })).toBe(
      '/convert?from=GBP&to=JPY&amount=250',
    );
    expect(endpointUrl(find('latest'), { base: 'EUR', symbols: '' })).toBe('/rates/latest?base=EUR');
    expect(endpointUrl(find('historical'), { date: '2024-03-14', base: 'USD', symbols: 'CHF' })).toBe(
      '/rates/historical/2024-03-14?base=USD&symbols=CHF',
    );
  });
});
