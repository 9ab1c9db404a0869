import { RateAlert } from '@fxrates/db';
import type { RateAlertChannel, RateAlertCondition } from '@fxrates/domain';
import type { GivenDatabase } from './database';

export interface GivenRateAlertOptions {
  /** EUR/USD unless given. */
  base?: string;
  quote?: string;
  /** `above` unless given. */
  condition?: RateAlertCondition;
  /** `above` / `below`: 1.10 unless given. */
  level?: string;
  /** `change`: 2 % over 60 minutes unless given. */
  changePercent?: string;
  windowMinutes?: number;
  /** 0 unless given (the API's default is 0.5). */
  hysteresisPercent?: string;
  /** 0 unless given (the API's default is 60). */
  cooldownMinutes?: number;
  /** `email` unless given. */
  channel?: RateAlertChannel;
  state?: 'armed' | 'triggered';
  paused?: boolean;
  lastTriggeredAt?: Date | null;
  lastTriggeredRate?: string | null;
  createdAt?: Date;
}

export interface GivenRateAlert {
  id: string;
  userId: string;
}

/** A rate alert of `user` as the API stores one (armed, not paused, unless told otherwise). */
export async function givenRateAlert(
  db: GivenDatabase,
  user: { id: string },
  options: GivenRateAlertOptions = {},
): Promise<GivenRateAlert> {
  const condition = options.condition ?? 'above';
  const change = condition === 'change';
  const em = db.em.fork();
  const alert = em.create(RateAlert, {
    userId: user.id,
    base: options.base ?? 'EUR',
    quote: options.quote ?? 'USD',
    condition,
    level: change ? null : (options.level ?? '1.10'),
    changePercent: change ? (options.changePercent ?? '2') : null,
    windowMinutes: change ? (options.windowMinutes ?? 60) : null,
    hysteresisPercent: options.hysteresisPercent ?? '0',
    cooldownMinutes: options.cooldownMinutes ?? 0,
    channel: options.channel ?? 'email',
    state: options.state ?? 'armed',
    paused: options.paused ?? false,
    lastTriggeredAt: options.lastTriggeredAt ?? null,
    lastTriggeredRate: options.lastTriggeredRate ?? null,
    createdAt: options.createdAt ?? new Date(),
  });
  await em.flush();
  return { id: alert.id, userId: user.id };
}
