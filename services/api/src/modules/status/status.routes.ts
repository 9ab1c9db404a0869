import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ErrorCode } from '@fxrates/domain';
import { SourceAgeSamples, SourceHealthStore, type ProviderId } from '@fxrates/rates';
import type { Redis } from 'ioredis';
import { AppException } from '../../common/errors';
import { DirectRoutes, type DirectRequest, type HttpAnswer } from '../../common/http';
import { onlyParameters } from '../../common/input';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../common/resilience';
import { CurrentRates } from '../current-rates';
import { REDIS } from '../redis';
import { CurrencySources, PIVOT } from './currency-sources';
import { historyAnswer, sourcesAnswer } from './status-answers';
import {
  documentedHistory,
  documentedStatus,
  STATUS_HISTORY_ROUTE,
  STATUS_ROUTE,
  statusHistoryWriter,
  statusWriter,
} from './status.schemas';
import { StatusLimits } from './status-limits';
import { WindowedAnswer } from './windowed-answer';

/** The status answer is made at most once per this, for every caller of the instance. */
const STATUS_WINDOW_MS = 5_000;
/** The age history changes once per sample (a minute by default). */
const HISTORY_WINDOW_MS = 60_000;

/** The status store (Redis) could not be read: said as such, never a 500. */
function statusUnavailable(): AppException {
  return new AppException(
    ErrorCode.ServiceUnavailable,
    `The status of the rates sources cannot be read right now. Retry in ${UNAVAILABLE_RETRY_AFTER_SECONDS} seconds.`,
    undefined,
    { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
  );
}

/**
 * GET /api/v1/status and /api/v1/status/history: public (no key), not metered, limited per IP, served
 * by DirectRoutes like the rest of /api/v1. What the worker records in Redis (SourceHealthStore,
 * SourceAgeSamples) is read once per window, not per call (WindowedAnswer); the status's currency
 * rows come from this instance's rates table, worked out once per table version (CurrencySources).
 */
@Injectable()
export class StatusRoutes implements OnModuleInit {
  private readonly status: WindowedAnswer;
  private readonly history: WindowedAnswer;

  constructor(
    private readonly direct: DirectRoutes,
    private readonly limits: StatusLimits,
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    rates: CurrentRates,
  ) {
    const health = new SourceHealthStore(redis, config.redis.keyPrefix);
    const samples = new SourceAgeSamples(redis, config.redis.keyPrefix);
    const providers = config.rates.providers;
    const enabled: ProviderId[] = providers.map((p) => p.id);
    const currencies = new CurrencySources();
    this.status = new WindowedAnswer(
      STATUS_WINDOW_MS,
      async (at) => {
        const table = rates.current;
        const known = await health.load(enabled).catch(() => {
          throw statusUnavailable();
        });
        const sources = sourcesAnswer(providers, known, at);
        const answer = { ...sources, pivot: PIVOT, currencies: currencies.answer(table, at) };
        return statusWriter.write(documentedStatus(answer));
      },
      // A new rates table is answered at once, not at the window's end.
      () => rates.current.version,
    );
    this.history = new WindowedAnswer(HISTORY_WINDOW_MS, async (at) => {
      const recorded = await samples.load(enabled, at).catch(() => {
        throw statusUnavailable();
      });
      return statusHistoryWriter.write(documentedHistory(historyAnswer(enabled, recorded, at)));
    });
  }

  onModuleInit(): void {
    this.direct.get(STATUS_ROUTE.path, (request) => this.answer(this.status, request));
    this.direct.get(STATUS_HISTORY_ROUTE.path, (request) => this.answer(this.history, request));
  }

  private async answer(made: WindowedAnswer, request: DirectRequest): Promise<HttpAnswer> {
    onlyParameters(request.query, []);
    await this.limits.admit(request);
    return made.answer(request.headers, Date.now());
  }
}
