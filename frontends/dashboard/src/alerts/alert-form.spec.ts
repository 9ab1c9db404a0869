import {
  ALERT_FORM_TEXTS,
  alertFormErrors,
  createAlertRequestOf,
  newAlertValues,
  type AlertFormValues,
} from './alert-form';

const values = (overrides: Partial<AlertFormValues>): AlertFormValues => ({
  ...newAlertValues(),
  ...overrides,
});

describe('the new-alert form', () => {
  it('asks for a level above 0 for above and below', () => {
    expect(alertFormErrors(values({ level: '' }))).toEqual({ level: ALERT_FORM_TEXTS.levelInvalid });
    expect(alertFormErrors(values({ level: '0' }))).toEqual({ level: ALERT_FORM_TEXTS.levelInvalid });
    expect(alertFormErrors(values({ level: '1,10' }))).toEqual({ level: ALERT_FORM_TEXTS.levelInvalid });
    expect(alertFormErrors(values({ condition: 'below', level: ' 1.10 ' }))).toEqual({});
  });

  it('asks for a move above 0 and a whole window of at least a minute for a change', () => {
    expect(alertFormErrors(values({ condition: 'change', changePercent: '', windowMinutes: '0' }))).toEqual({
      changePercent: ALERT_FORM_TEXTS.changeInvalid,
      windowMinutes: ALERT_FORM_TEXTS.windowInvalid,
    });
    expect(
      alertFormErrors(values({ condition: 'change', changePercent: '2', windowMinutes: '1.5' })),
    ).toEqual({
      windowMinutes: ALERT_FORM_TEXTS.windowInvalid,
    });
    expect(alertFormErrors(values({ condition: 'change', changePercent: '2', windowMinutes: '60' }))).toEqual(
      {},
    );
  });

  it('refuses a pair of one currency, and optional numbers that are not numbers', () => {
    expect(
      alertFormErrors(values({ quote: 'EUR', level: '1', hysteresisPercent: 'x', cooldownMinutes: '2.5' })),
    ).toEqual({
      quote: ALERT_FORM_TEXTS.samePair,
      hysteresisPercent: ALERT_FORM_TEXTS.hysteresisInvalid,
      cooldownMinutes: ALERT_FORM_TEXTS.cooldownInvalid,
    });
  });

  it("sends the condition's own fields, and leaves empty optional ones to the API's defaults", () => {
    expect(createAlertRequestOf(values({ level: ' 1.10 ', changePercent: '5' }))).toEqual({
      base: 'EUR',
      quote: 'USD',
      condition: 'above',
      level: '1.10',
      channel: 'email',
    });
    expect(
      createAlertRequestOf(
        values({
          base: 'GBP',
          condition: 'change',
          level: '1.2',
          changePercent: '2',
          windowMinutes: '60',
          hysteresisPercent: '0.5',
          cooldownMinutes: '30',
          channel: 'webhook',
        }),
      ),
    ).toEqual({
      base: 'GBP',
      quote: 'USD',
      condition: 'change',
      changePercent: '2',
      windowMinutes: 60,
      hysteresisPercent: '0.5',
      cooldownMinutes: 30,
      channel: 'webhook',
    });
  });
});
