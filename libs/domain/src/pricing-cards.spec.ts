import { PLANS } from './plans';
import { PRICING_CARDS } from './pricing-cards';

describe('pricing cards', () => {
  it("state each plan's monthly quota as the API enforces it", () => {
    for (const card of PRICING_CARDS) {
      if (card.id === 'rfq') continue;
      const stated = Number(card.features[0].replace(/[^\d]/g, ''));
      expect([card.id, stated]).toEqual([card.id, PLANS[card.id].monthlyQuota]);
    }
  });

  it('are the five of the spec, Basic the most popular', () => {
    expect(PRICING_CARDS.map((c) => c.name)).toEqual([
      'Free',
      'Basic',
      'Professional',
      'Enterprise',
      'Other API Intergrations',
    ]);
    expect(PRICING_CARDS.filter((c) => c.mostPopular).map((c) => c.id)).toEqual(['basic']);
  });
});
