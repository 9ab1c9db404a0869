import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { FixingsRepository } from '@fxrates/db';
import { cutInstant, fixingId, type FixingCut } from '@fxrates/domain';
import {
  buildFixingDocument,
  canonicalJson,
  RatesStore,
  signDetached,
  type RatesTable,
} from '@fxrates/rates';
import type { Redis } from 'ioredis';
import { setTimeout } from 'node:timers/promises';
import { RatesWebhookEvents } from '../webhooks';
import { WORKER_REDIS } from '../worker.tokens';
import { FixingSigningKeys } from './fixing-signing-keys';

/** How early a freeze may start and wait for its cut rather than fail. */
const EARLY_WAIT_MS = 5_000;

export type FreezeOutcome = 'frozen' | 'exists' | 'too-late' | 'no-table' | 'unknown-cut';

/**
 * Freezes a cut's fixing of a day: the rates table in service when it runs (at or after the cut),
 * signed and stored once. Every worker may try; the unique cut and day keeps the first, and only the
 * worker that stored it announces it (`fixing.published`). A worker that runs later than
 * FIXING_LATE_BOUND_MS after the cut stores nothing: the day is left without that fixing, logged,
 * rather than given a later table under the cut's name.
 */
@Injectable()
export class FixingFreezer {
  private readonly logger = new Logger(FixingFreezer.name);
  private readonly store: RatesStore;
  private readonly cuts: Map<string, FixingCut>;
  private readonly lateBoundMs: number;
  /** Per ECB cut, the last ECB day known to have its fixing: later tables of that day ask nothing. */
  private readonly ecbDaysFixed = new Map<string, string>();

  constructor(
    private readonly em: EntityManager,
    @Inject(WORKER_REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keys: FixingSigningKeys,
    private readonly events: RatesWebhookEvents,
  ) {
    this.store = new RatesStore(redis, config.redis.keyPrefix);
    this.cuts = new Map(config.fixings.cuts.map((cut) => [cut.name, cut]));
    this.lateBoundMs = config.fixings.lateBoundMs;
  }

  /** A clock cut's fixing of `day`, from the table in service now. */
  async freeze(cutName: string, day: string, now = Date.now()): Promise<FreezeOutcome> {
    const cut = this.cuts.get(cutName);
    if (!cut) return 'unknown-cut';
    const cutAt = cutInstant(cut, day);
    // A delayed job may start a moment early on a host whose clock is behind the one that queued it.
    if (now < cutAt && cutAt - now <= EARLY_WAIT_MS) {
      await setTimeout(cutAt - now);
      now = Date.now();
    }
    if (now < cutAt)
      throw new Error(`${cutName} ${day}: the cut (${new Date(cutAt).toISOString()}) has not passed`);
    const repository = new FixingsRepository(this.em.fork());
    if (await repository.findByCutAndDay(cutName, day)) return 'exists';
    if (now - cutAt > this.lateBoundMs) {
      this.logger.warn(
        `${cutName} ${day}: no fixing, ${Math.round((now - cutAt) / 1000)} s after the cut is later than FIXING_LATE_BOUND_MS (${this.lateBoundMs} ms); the day is left without one`,
      );
      return 'too-late';
    }
    const table = await this.store.load();
    if (!table) {
      this.logger.error(`${cutName} ${day}: no rates table in service; no fixing`);
      return 'no-table';
    }
    return this.signAndStore(repository, cut, day, cutAt, table, now);
  }

  /**
   * After a table is published: the ECB cuts' fixing of the day its ECB rates belong to, when this is
   * the first table carrying them (a later table of the same ECB day finds the fixing stored).
   */
  async tablePublished(table: RatesTable, now = Date.now()): Promise<void> {
    const ecbCuts = this.config.fixings.cuts.filter((cut) => cut.kind === 'ecb');
    if (ecbCuts.length === 0) return;
    const ecbDay = [...table.provenance.values()].find((origin) => origin.source === 'ecb')?.date;
    if (!ecbDay) return;
    for (const cut of ecbCuts) {
      // Every table of an ECB day carries its rates (a publish a minute): the database is asked once.
      if (this.ecbDaysFixed.get(cut.name) === ecbDay) continue;
      try {
        const cutAt = cutInstant(cut, ecbDay);
        const repository = new FixingsRepository(this.em.fork());
        // The ECB's rates of an old day seen only now (a restore, a long outage): not the day's fix.
        if (!(await repository.findByCutAndDay(cut.name, ecbDay)) && now - cutAt <= 86_400_000)
          await this.signAndStore(repository, cut, ecbDay, cutAt, table, now);
        this.ecbDaysFixed.set(cut.name, ecbDay);
      } catch (error) {
        this.logger.error(`${cut.name} ${ecbDay}: fixing not frozen: ${(error as Error).message}`);
      }
    }
  }

  private async signAndStore(
    repository: FixingsRepository,
    cut: FixingCut,
    day: string,
    cutAt: number,
    table: RatesTable,
    now: number,
  ): Promise<FreezeOutcome> {
    const id = fixingId(cut.name, day);
    const key = await this.keys.active();
    const document = buildFixingDocument({ id, cut: cut.name, date: day, cutAt, frozenAt: now, table });
    const payload = canonicalJson(document);
    const signature = await signDetached(payload, key.privateJwkJson, key.kid);
    const inserted = await repository.insertIfAbsent({
      id,
      cut: cut.name,
      day,
      cutAt: new Date(cutAt),
      tableVersion: table.version,
      tableStoredAt: table.storedAt === undefined ? null : new Date(table.storedAt),
      rates: document.rates,
      provenance: document.provenance,
      payload,
      signature,
      kid: key.kid,
      createdAt: new Date(now),
    });
    if (!inserted) return 'exists';
    this.logger.log(`Fixing ${id} frozen from table ${table.version}, signed by ${key.kid}`);
    await this.events.fixingPublished({ id, cut: cut.name, date: day, cutAt: document.cutAt });
    return 'frozen';
  }
}
