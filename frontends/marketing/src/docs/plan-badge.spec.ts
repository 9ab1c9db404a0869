import { cheapestPlanFor, PLANS } from '@fxrates/domain';
import { planBadgeLabel, planBadgeTitle } from './plan-badge';
import { PUBLIC_ENDPOINTS } from './public-endpoints';

describe('the plan badge of each endpoint on /docs', () => {
  it('names the cheapest plan the plan table lets call it', () => {
    const byId = Object.fromEntries(
      PUBLIC_ENDPOINTS.map((endpoint) => [endpoint.id, planBadgeLabel(endpoint.plan)]),
    );
    expect(byId).toMatchObject({
      rate: 'Every plan',
      latest: 'Every plan',
      historical: `${PLANS[cheapestPlanFor('historical')].name} plan and up`,
      timeseries: `${PLANS[cheapestPlanFor('timeseries')].name} plan and up`,
      stream: `${PLANS[cheapestPlanFor('stream')].name} plan and up`,
      fixing: `${PLANS[cheapestPlanFor('fixings')].name} plan and up`,
      average: `${PLANS[cheapestPlanFor('average')].name} plan and up`,
      ohlc: `${PLANS[cheapestPlanFor('ohlc')].name} plan and up`,
      'convert-batch': `${PLANS[cheapestPlanFor('convert-batch')].name} plan and up`,
      status: 'Every plan',
    });
    expect(byId.historical).toBe('Basic plan and up');
    expect(byId.fluctuation).toBe('Professional plan and up');
  });

  it('says what the plan means in words', () => {
    expect(planBadgeTitle('free')).toBe('Every plan may call it, Free included');
    expect(planBadgeTitle('professional')).toBe('Needs the Professional plan or higher');
  });
});
