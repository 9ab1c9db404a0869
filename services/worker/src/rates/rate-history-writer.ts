import { Injectable } from '@nestjs/common';
import { RateHistoryRepository } from '@fxrates/db';
import type { GoodValue, ProviderId } from '@fxrates/rates';

/**
 * Writes accepted values to `rate_history`: one row per source, day and currency holding the newest
 * value of that day (the latest intraday value, and once the day is over its close). A value older
 * than the row's never replaces it.
 */
@Injectable()
export class RateHistoryWriter {
  constructor(private readonly repository: RateHistoryRepository) {}

  async write(source: ProviderId, values: ReadonlyMap<string, GoodValue>): Promise<void> {
    await this.repository.recordObserved(
      source,
      [...values].map(([currency, v]) => ({
        day: v.day,
        currency,
        rate: v.perUsd.toString(),
        observedAt: v.observedAt,
      })),
    );
  }
}
