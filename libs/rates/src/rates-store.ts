import { pubSubChannels } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { tableFromJson, tableToJson, type RatesTable, type RatesTableJson } from './rates-table';

/**
 * The latest rates table in Redis, and the channel that tells every API instance to swap its
 * in-memory copy. The message carries the version only; instances read the table once per change.
 */
export class RatesStore {
  readonly latestKey: string;
  readonly channel: string;

  constructor(
    private readonly redis: Redis,
    keyPrefix: string,
  ) {
    this.latestKey = `${keyPrefix}rates:latest`;
    this.channel = pubSubChannels(keyPrefix).ratesChanged;
  }

  /** Stores the table and announces it. Returns false (and announces nothing) when it is unchanged. */
  async publish(table: RatesTable): Promise<boolean> {
    const json = JSON.stringify({ ...tableToJson(table), storedAt: Date.now() });
    const previous = await this.redis.set(this.latestKey, json, 'GET');
    if (previous !== null && (JSON.parse(previous) as RatesTableJson).version === table.version) return false;
    await this.redis.publish(this.channel, table.version);
    return true;
  }

  async load(): Promise<RatesTable | null> {
    const json = await this.redis.get(this.latestKey);
    return json === null ? null : tableFromJson(JSON.parse(json) as RatesTableJson);
  }
}
