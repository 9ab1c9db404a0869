import type { AccountUsage, PlanId } from '@fxrates/domain';
import { quotaBanner } from './quota-banner';

const usage = (plan: PlanId, used: number, monthlyQuota: number): AccountUsage => ({
  plan,
  monthlyQuota,
  used,
  remaining: Math.max(0, monthlyQuota - used),
  resetsAt: '2026-12-01T00:00:00.000Z',
  burstPerSecond: 2,
  days: [],
});

describe('quota banner', () => {
  it('shows nothing below 75 % of the quota', () => {
    expect(quotaBanner(usage('free', 0, 1000))).toBeNull();
    expect(quotaBanner(usage('free', 749, 1000))).toBeNull();
  });

  it('warns from 75 %, rising at 90 % and 100 %, with the upgrade link', () => {
    expect(quotaBanner(usage('free', 750, 1000))).toEqual({
      level: 75,
      color: 'yellow',
      title: "You have used 75% of this month's API quota",
      detail: '750 of 1,000 requests on the Free plan. The quota resets on December 1, 2026.',
      link: { to: '/pricing', label: 'Upgrade your plan' },
    });
    expect(quotaBanner(usage('basic', 9_100, 10_000))).toMatchObject({
      level: 90,
      color: 'orange',
      title: "You have used 91% of this month's API quota",
    });
    expect(quotaBanner(usage('basic', 10_000, 10_000))).toMatchObject({
      level: 100,
      color: 'red',
      title: "You have used all of this month's API quota",
      detail:
        '10,000 of 10,000 requests on the Basic plan. Calls are refused (429) until the quota resets on December 1, 2026.',
    });
  });

  it('sends the highest plan to the contact page for more quota', () => {
    expect(quotaBanner(usage('enterprise', 400_000, 500_000))?.link).toEqual({
      to: '/contact',
      label: 'Contact us for a higher quota',
    });
  });
});
