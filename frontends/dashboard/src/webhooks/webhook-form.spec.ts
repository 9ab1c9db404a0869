import {
  WEBHOOK_FORM_TEXTS,
  createWebhookRequestOf,
  newWebhookValues,
  pairOf,
  webhookFormErrors,
  withPair,
  type WebhookFormValues,
} from './webhook-form';

const values = (overrides: Partial<WebhookFormValues>): WebhookFormValues => ({
  ...newWebhookValues(),
  ...overrides,
});

describe('the add-endpoint form', () => {
  it('asks for a full http(s) URL and at least one event', () => {
    expect(webhookFormErrors(values({}))).toEqual({
      url: WEBHOOK_FORM_TEXTS.urlRequired,
      events: WEBHOOK_FORM_TEXTS.eventRequired,
    });
    expect(webhookFormErrors(values({ url: 'example.com/hook', events: ['rates.published'] }))).toEqual({
      url: WEBHOOK_FORM_TEXTS.urlInvalid,
    });
    expect(webhookFormErrors(values({ url: 'ftp://example.com/hook', events: ['rates.published'] }))).toEqual(
      {
        url: WEBHOOK_FORM_TEXTS.urlInvalid,
      },
    );
    expect(
      webhookFormErrors(values({ url: ' https://example.com/hook ', events: ['rates.published'] })),
    ).toEqual({});
  });

  it('asks rate.changed for pairs and a minimum change in percent', () => {
    const changed = values({ url: 'https://example.com/hook', events: ['rate.changed'] });
    expect(webhookFormErrors({ ...changed, minChangePercent: 'a lot' })).toEqual({
      pairs: WEBHOOK_FORM_TEXTS.pairRequired,
      minChangePercent: WEBHOOK_FORM_TEXTS.minChangeInvalid,
    });
    expect(webhookFormErrors({ ...changed, pairs: ['EUR/USD'], minChangePercent: '0.5' })).toEqual({});
  });

  it('sends the events in the catalogue order, the description when given, pairs only for rate.changed', () => {
    expect(
      createWebhookRequestOf(
        values({
          url: ' https://example.com/hook ',
          events: ['quota.threshold', 'rates.published'],
          pairs: ['EUR/USD'],
        }),
      ),
    ).toEqual({ url: 'https://example.com/hook', events: ['rates.published', 'quota.threshold'] });
    expect(
      createWebhookRequestOf(
        values({
          url: 'https://example.com/hook',
          description: ' Pricing service ',
          events: ['alert.triggered', 'rate.changed'],
          pairs: ['EUR/USD', 'GBP/USD'],
          minChangePercent: ' 0.5 ',
        }),
      ),
    ).toEqual({
      url: 'https://example.com/hook',
      description: 'Pricing service',
      events: ['rate.changed', 'alert.triggered'],
      pairs: ['EUR/USD', 'GBP/USD'],
      minChangePercent: '0.5',
    });
  });

  it('makes a pair of two different currencies, each pair once', () => {
    expect(pairOf('EUR', 'USD')).toBe('EUR/USD');
    expect(pairOf('EUR', 'EUR')).toBeNull();
    expect(withPair(['EUR/USD'], 'GBP/USD')).toEqual(['EUR/USD', 'GBP/USD']);
    expect(withPair(['EUR/USD', 'GBP/USD'], 'EUR/USD')).toEqual(['EUR/USD', 'GBP/USD']);
  });
});
