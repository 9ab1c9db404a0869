import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { loadBundledSnapshot, RatesStore, type RatesTable } from '@fxrates/rates';
import type { Redis } from 'ioredis';
import { REDIS, RedisConnections } from '../redis';

const CATCH_UP_RETRY_MS = 500;

/**
 * This instance's in-memory rates table. Loaded at boot from Redis (or, before any ingest has run,
 * from the bundled snapshot) and swapped whole when the worker announces a new version, so a
 * conversion never waits on Redis or PostgreSQL.
 */
@Injectable()
export class CurrentRates implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(CurrentRates.name);
  private readonly store: RatesStore;
  private subscriber?: Redis;
  private table!: RatesTable;
  private readonly listeners: Array<() => void> = [];
  private readonly swapListeners: Array<(table: RatesTable, previous: RatesTable) => void> = [];
  private catchUpTimer?: NodeJS.Timeout;
  private closing = false;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly connections: RedisConnections,
  ) {
    this.store = new RatesStore(redis, config.redis.keyPrefix);
  }

  get current(): RatesTable {
    return this.table;
  }

  private bundledTable?: RatesTable;

  /** The bundled snapshot, whatever has been ingested since: what test keys are answered from. */
  get bundled(): RatesTable {
    return (this.bundledTable ??= loadBundledSnapshot());
  }

  /**
   * Calls `listener` on every announcement of the worker's ingest (whether or not the table changed:
   * an ingest may have written history only) and after a reconnect, when some may have been missed.
   */
  onAnnouncement(listener: () => void): void {
    this.listeners.push(listener);
  }

  /**
   * Calls `listener` each time another table is swapped in, with the one it replaces (rate streams
   * diff the two): once the new table is in service, from this instance's one subscription.
   */
  onSwap(listener: (table: RatesTable, previous: RatesTable) => void): void {
    this.swapListeners.push(listener);
  }

  async onModuleInit(): Promise<void> {
    const stored = await this.store.load().catch((error: Error) => {
      this.logger.warn(`Could not read rates from Redis (${error.message}); using the bundled snapshot`);
      return null;
    });
    this.swap(stored ?? loadBundledSnapshot());
    const subscriber = await this.connections.subscriber(this.redis, 'rates-subscriber');
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string, version: string) => {
      if (channel !== this.store.channel) return;
      if (version !== this.table.version) void this.reload();
      this.announce();
    });
    await subscriber.subscribe(this.store.channel);
    // After a reconnect we may have missed announcements: once subscribed again, read the latest.
    subscriber.on('ready', () => void this.catchUp(subscriber));
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearTimeout(this.catchUpTimer);
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  /**
   * Subscribes again (RedisConnections.subscriber: ioredis does not) and then
   * re-reads the table, so no announcement falls between the two; tried again until it succeeds,
   * since the shared connection may come back a moment after this one.
   */
  private async catchUp(subscriber: Redis): Promise<void> {
    clearTimeout(this.catchUpTimer);
    try {
      await subscriber.subscribe(this.store.channel);
      const table = await this.store.load();
      if (table && table.version !== this.table.version) this.swap(table);
      this.announce();
    } catch (error) {
      if (this.closing) return;
      this.logger.warn(`Rates not re-read after a reconnect (${(error as Error).message}); trying again`);
      this.catchUpTimer = setTimeout(() => void this.catchUp(subscriber), CATCH_UP_RETRY_MS);
    }
  }

  private announce(): void {
    for (const listener of this.listeners) listener();
  }

  private async reload(): Promise<void> {
    try {
      const table = await this.store.load();
      if (table && table.version !== this.table.version) this.swap(table);
    } catch (error) {
      this.logger.error(`Keeping rates ${this.table.version}: reload failed: ${(error as Error).message}`);
    }
  }

  private swap(table: RatesTable): void {
    const previous = this.table as RatesTable | undefined;
    this.table = table;
    this.logger.log(
      `Rates table ${table.version} in service (${table.source}, ${table.date}, ${table.perUsd.size} currencies)`,
    );
    if (previous) for (const listener of this.swapListeners) listener(table, previous);
  }
}
