import type { CreateRateAlert, RateAlertChannel, RateAlertCondition } from '@fxrates/domain';

/** The new-alert dialog's fields, numbers as typed ('' when empty). */
export interface AlertFormValues {
  base: string;
  quote: string;
  condition: RateAlertCondition;
  level: string;
  changePercent: string;
  windowMinutes: string;
  hysteresisPercent: string;
  cooldownMinutes: string;
  channel: RateAlertChannel;
}

export type AlertFormErrors = Partial<Record<keyof AlertFormValues, string>>;

export const ALERT_FORM_TEXTS = {
  samePair: 'Choose two different currencies.',
  levelInvalid: 'The level is a rate above 0, such as 1.10.',
  changeInvalid: 'The move is a number of percent above 0, such as 2.',
  windowInvalid: 'The window is a whole number of minutes, at least 1.',
  hysteresisInvalid: 'The hysteresis is a number of percent, such as 0.5, or empty for the default.',
  cooldownInvalid: 'The cooldown is a whole number of minutes, or empty for the default.',
} as const;

export function newAlertValues(): AlertFormValues {
  return {
    base: 'EUR',
    quote: 'USD',
    condition: 'above',
    level: '',
    changePercent: '',
    windowMinutes: '60',
    hysteresisPercent: '',
    cooldownMinutes: '',
    channel: 'email',
  };
}

const DECIMAL = /^\d+(\.\d+)?$/;
const WHOLE = /^\d+$/;
const positiveDecimal = (text: string) => DECIMAL.test(text) && Number(text) > 0;

/** What stops the form from being sent; the API checks the rest (the plan's currencies, its limits). */
export function alertFormErrors(values: AlertFormValues): AlertFormErrors {
  const errors: AlertFormErrors = {};
  if (values.base === values.quote) errors.quote = ALERT_FORM_TEXTS.samePair;
  if (values.condition === 'change') {
    if (!positiveDecimal(values.changePercent.trim())) errors.changePercent = ALERT_FORM_TEXTS.changeInvalid;
    const window = values.windowMinutes.trim();
    if (!WHOLE.test(window) || Number(window) < 1) errors.windowMinutes = ALERT_FORM_TEXTS.windowInvalid;
  } else if (!positiveDecimal(values.level.trim())) {
    errors.level = ALERT_FORM_TEXTS.levelInvalid;
  }
  const hysteresis = values.hysteresisPercent.trim();
  if (hysteresis !== '' && !DECIMAL.test(hysteresis))
    errors.hysteresisPercent = ALERT_FORM_TEXTS.hysteresisInvalid;
  const cooldown = values.cooldownMinutes.trim();
  if (cooldown !== '' && !WHOLE.test(cooldown)) errors.cooldownMinutes = ALERT_FORM_TEXTS.cooldownInvalid;
  return errors;
}

/** The body of `POST /api/alerts`: the condition's own fields only; empty optional fields left to the API's defaults. */
export function createAlertRequestOf(values: AlertFormValues): CreateRateAlert {
  const request: CreateRateAlert = {
    base: values.base,
    quote: values.quote,
    condition: values.condition,
    channel: values.channel,
  };
  if (values.condition === 'change') {
    request.changePercent = values.changePercent.trim();
    request.windowMinutes = Number(values.windowMinutes.trim());
  } else {
    request.level = values.level.trim();
  }
  const hysteresis = values.hysteresisPercent.trim();
  if (hysteresis !== '') request.hysteresisPercent = hysteresis;
  const cooldown = values.cooldownMinutes.trim();
  if (cooldown !== '') request.cooldownMinutes = Number(cooldown);
  return request;
}
