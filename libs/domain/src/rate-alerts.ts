/**
 * Rate alerts: a pair above or below a level, or a change of N % over a window. Fire once per
 * crossing; re-arm past the hysteresis and after the cooldown. Shared by the API, the worker and
 * the dashboard.
 */
export const RATE_ALERT_CONDITIONS = ['above', 'below', 'change'] as const;
export type RateAlertCondition = (typeof RATE_ALERT_CONDITIONS)[number];

export const RATE_ALERT_CHANNELS = ['email', 'webhook'] as const;
export type RateAlertChannel = (typeof RATE_ALERT_CHANNELS)[number];

/** An alert as the API answers it (`/api/alerts`). Decimals are strings. */
export interface RateAlertView {
  id: string;
  base: string;
  quote: string;
  condition: RateAlertCondition;
  /** `above` / `below`: the level crossed. */
  level: string | null;
  /** `change`: the move, in percent, over `windowMinutes` that fires it (either direction). */
  changePercent: string | null;
  windowMinutes: number | null;
  /** How far back past the level (percent of it) the rate must go before the alert re-arms. */
  hysteresisPercent: string;
  /** The least time between two firings. */
  cooldownMinutes: number;
  channel: RateAlertChannel;
  state: 'armed' | 'triggered';
  paused: boolean;
  lastTriggeredAt: string | null;
  /** The rate that last fired it. */
  lastTriggeredRate: string | null;
  createdAt: string;
}

export interface RateAlertList {
  alerts: RateAlertView[];
  /** The most alerts the account's plan may keep. */
  limit: number;
}

/** `POST /api/alerts`. */
export interface CreateRateAlert {
  base: string;
  quote: string;
  condition: RateAlertCondition;
  level?: string;
  changePercent?: string;
  windowMinutes?: number;
  hysteresisPercent?: string;
  cooldownMinutes?: number;
  channel: RateAlertChannel;
}
