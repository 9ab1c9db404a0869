import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ErrorCode, type PlanId } from '@fxrates/domain';
import type { RatesTable } from '@fxrates/rates';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppException } from '../../common/errors';
import { BackgroundReread } from '../../common/caching';
import { PushFrame, type PushConnection, problemAnswer } from '../../common/http';
import { CurrentRates } from '../current-rates';
import {
  ApiKeyResolver,
  invalidApiKey,
  keyExpired,
  keyDisabled,
  scopeNotAllowed,
  type KeyChange,
  type ResolvedKey,
} from '../keys';
import { assertEndpointInPlan } from '../plans';
import { MeteringService } from '../metering';
import { ApiMetrics } from '../../common/metrics';
import { REDIS } from '../redis';
import { HEARTBEAT, RECONNECT_AFTER_MS, sseEvent } from './sse';
import { StreamMetrics } from './stream-metrics';
import { StreamKeys, type KeyNow } from './stream-keys';
import { StreamSlots } from './stream-slots';
import { TableHistory } from './table-history';

/** What a set of streams receives alike: the same requested rates for the same plan. */
export interface StreamTopic {
  /** Streams of equal ids share every event, serialised once for all of them. */
  readonly id: string;
  /** The SSE text telling the changes from `previous` to `table`, or undefined when none concerns it. */
  changes(table: RatesTable, previous: RatesTable, now: number): string | undefined;
}

/** One open stream: its connection and a few fields, no timer and no subscription of its own. */
interface OpenStream {
  readonly connection: PushConnection;
  readonly topic: Topic;
  readonly key: ResolvedKey;
  readonly target: string;
  readonly requestId: string;
  /** When the next metered call is due (one per started period). */
  nextMeterAt: number;
  /** When its next heartbeat is due: a period after its opening, whatever was written since. */
  nextBeatAt: number;
  metering: boolean;
  released: boolean;
}

interface Topic {
  readonly spec: StreamTopic;
  readonly streams: Set<OpenStream>;
}

/** A slot taken for a stream about to open; given back if the stream never starts. */
export interface StreamSlot {
  readonly key: ResolvedKey;
  release(): void;
}

/** The last words to a stream ended by a shutdown: its client reconnects, to another instance. */
const SHUTDOWN_NOTE = PushFrame.of(': server shutting down, reconnect\n\n');
const HEARTBEAT_FRAME = new PushFrame(HEARTBEAT);
/** The last words to a stream whose owner's plan changed: reconnected, it serves the new plan. */
const PLAN_CHANGED_NOTE = PushFrame.of(': your plan changed, reconnect\n\n');

/** How often the shared timer looks for heartbeats and metered calls due, within a heartbeat period. */
const TICKS_PER_HEARTBEAT = 15;

/**
 * Every rate stream (GET /api/v1/stream) of this instance. Changes come from the one subscription
 * the instance already holds (CurrentRates swaps its table on `rates:changed`): each topic's events
 * are serialised and framed once, and the same bytes written to each of its streams' sockets. One
 * shared timer writes the heartbeats (each stream's a period after the last, so streams opened at
 * different times never all beat in the same turn), meters the streams whose period has started,
 * and keeps their slots counted in Redis (StreamSlots). A client that does not read is dropped once
 * `maxBufferBytes` wait for it.
 */
@Injectable()
export class StreamHub implements OnModuleInit, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger(StreamHub.name);
  private readonly topics = new Map<string, Topic>();
  private readonly history: TableHistory;
  private readonly slots: StreamSlots;
  private readonly settings: AppConfig['streams'];
  private readonly tickMs: number;
  private readonly metrics: StreamMetrics;
  private readonly keys: StreamKeys;
  /** Every stream's key read again, should an announcement of a change have been lost. */
  private readonly recheckAll: BackgroundReread;
  private readonly recheckEveryMs: number;
  /** Each stream's delay (ms from the table's store) in the fan-out under way, reused from one to the next. */
  private delays = new Float64Array(1024);
  private timer?: NodeJS.Timeout;
  private nextRefreshAt = 0;
  private closing = false;
  private count = 0;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly rates: CurrentRates,
    private readonly metering: MeteringService,
    metrics: ApiMetrics,
    private readonly resolver: ApiKeyResolver,
    em: EntityManager,
  ) {
    this.settings = config.streams;
    this.tickMs = Math.max(10, Math.round(config.streams.heartbeatMs / TICKS_PER_HEARTBEAT));
    this.history = new TableHistory(config.streams.resumeWindowMs);
    const aliveTtlMs = Math.max(3 * config.streams.heartbeatMs, 5000);
    this.slots = new StreamSlots(redis, config.redis.keyPrefix, randomUUID(), aliveTtlMs);
    this.metrics = new StreamMetrics(metrics.registry, () => this.count);
    this.keys = new StreamKeys(em);
    this.recheckAll = new BackgroundReread(() => this.recheck('anything'));
    this.recheckEveryMs = config.keys.cacheMaxAgeMs / 2;
  }

  /** Streams open on this instance. */
  get open(): number {
    return this.count;
  }

  get instanceId(): string {
    return this.slots.instanceId;
  }

  onModuleInit(): void {
    this.rates.onSwap((table, previous) => this.changed(table, previous));
    this.resolver.onChange((change) => void this.recheck(change));
    this.recheckAll.start(this.recheckEveryMs);
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  /** The most streams a user on `plan` may hold open at once. */
  limitOf(plan: PlanId): number {
    return this.settings.limits[plan] ?? 0;
  }

  /** The table a Last-Event-ID names, if this instance served it within the resume window. */
  tableOf(version: string, now: number): RatesTable | undefined {
    return version === this.rates.current.version ? this.rates.current : this.history.find(version, now);
  }

  /**
   * Takes one of the user's concurrent slots, or throws 429 `too-many-streams` (503 when Redis cannot
   * count it, 503 while this instance shuts down).
   */
  async reserve(key: ResolvedKey): Promise<StreamSlot> {
    if (this.closing) throw shuttingDown();
    const limit = this.limitOf(key.plan);
    if (!(await this.slots.acquire(key.userId, limit))) {
      throw new AppException(
        ErrorCode.TooManyStreams,
        `Your plan allows ${limit} open streams at a time and they are all open. Close one, then try again.`,
        undefined,
        { 'Retry-After': String(Math.ceil(this.settings.heartbeatMs / 1000)) },
      );
    }
    let released = false;
    return {
      key,
      release: () => {
        if (released) return;
        released = true;
        this.slots.release(key.userId);
      },
    };
  }

  /**
   * Starts a stream in `slot` (metered once already) on `connection`: its first text (`opening`,
   * written with the table in service now, so no change falls between it and the next) and then every
   * change of `topic` until the client leaves, the quota runs out or the instance shuts down.
   */
  start(
    slot: StreamSlot,
    spec: StreamTopic,
    opening: (table: RatesTable, now: number) => string,
    request: { target: string; id: string; connection: PushConnection },
  ): void {
    const { connection } = request;
    const now = Date.now();
    let topic = this.topics.get(spec.id);
    if (!topic) this.topics.set(spec.id, (topic = { spec, streams: new Set() }));
    const stream: OpenStream = {
      connection,
      topic,
      key: slot.key,
      target: request.target,
      requestId: request.id,
      nextMeterAt: now + this.settings.meterPeriodMs,
      nextBeatAt: now + this.settings.heartbeatMs,
      metering: false,
      released: false,
    };
    topic.streams.add(stream);
    this.count++;
    connection.onClose(() => this.remove(stream, slot));
    let first: string;
    try {
      first = opening(this.rates.current, now);
    } catch (error) {
      connection.end(PushFrame.of(`retry: ${RECONNECT_AFTER_MS}\n\n${this.errorEvent(error, stream)}`));
      return;
    }
    connection.push(PushFrame.of(`retry: ${RECONNECT_AFTER_MS}\n\n${first}`));
    if (this.closing) connection.end(SHUTDOWN_NOTE);
  }

  private remove(stream: OpenStream, slot: StreamSlot): void {
    if (stream.released) return;
    stream.released = true;
    const { topic } = stream;
    topic.streams.delete(stream);
    if (topic.streams.size === 0 && this.topics.get(topic.spec.id) === topic)
      this.topics.delete(topic.spec.id);
    this.count--;
    slot.release();
  }

  /** A new table: each topic's changes, serialised and framed once, to each of its streams. */
  private changed(table: RatesTable, previous: RatesTable): void {
    const now = Date.now();
    this.history.replace(previous, now);
    const { storedAt } = table;
    if (this.delays.length < this.count) this.delays = new Float64Array(this.count * 2);
    let written = 0;
    for (const topic of this.topics.values()) {
      let text: string | undefined;
      try {
        text = topic.spec.changes(table, previous, now);
      } catch (error) {
        this.logger.error({ err: error, topic: topic.spec.id }, 'Could not tell a topic its changes');
        continue;
      }
      if (text === undefined) continue;
      const frame = PushFrame.of(text);
      for (const stream of topic.streams) {
        this.write(stream, frame);
        if (storedAt !== undefined) this.delays[written++] = Date.now() - storedAt;
      }
    }
    if (written > 0) this.metrics.written(this.delays.subarray(0, written));
  }

  /** Writes `frame` to the stream; drops a client that leaves more than the bound unread. */
  private write(stream: OpenStream, frame: PushFrame): void {
    const { connection } = stream;
    connection.push(frame);
    if (connection.buffered > this.settings.maxBufferBytes) {
      this.logger.warn(
        { reqId: stream.requestId, buffered: connection.buffered },
        'A rate stream whose client does not read was dropped',
      );
      connection.destroy();
    }
  }

  private tick(): void {
    const now = Date.now();
    // Due within half a tick counts as due: a heartbeat is never more than half a tick late.
    const beatBefore = now + this.tickMs / 2;
    const refresh = now >= this.nextRefreshAt;
    const users = new Set<string>();
    for (const topic of this.topics.values()) {
      for (const stream of topic.streams) {
        if (refresh) users.add(stream.key.userId);
        if (stream.nextBeatAt <= beatBefore) {
          stream.nextBeatAt += this.settings.heartbeatMs;
          this.write(stream, HEARTBEAT_FRAME);
        }
        if (now >= stream.nextMeterAt && !stream.metering) this.meter(stream, now);
      }
    }
    if (!refresh) return;
    this.nextRefreshAt = now + this.settings.heartbeatMs;
    this.slots.refresh(users).catch((error: Error) => {
      this.logger.warn(`Open streams not refreshed in Redis (${error.message}); trying again`);
    });
  }

  /**
   * One metered call for the period that has started. A quota refusal ends the stream with an
   * `error` event; any other failure (the second's burst, Redis away) is tried again on the next tick.
   */
  private meter(stream: OpenStream, now: number): void {
    stream.metering = true;
    this.metering.meterThen(
      stream.key,
      now,
      () => {
        stream.metering = false;
        stream.nextMeterAt += this.settings.meterPeriodMs;
      },
      (refusal) => {
        stream.metering = false;
        if (refusal instanceof AppException && refusal.code === ErrorCode.QuotaExceeded) {
          stream.connection.end(PushFrame.of(this.errorEvent(refusal, stream)));
        }
      },
    );
  }

  /** The `error` event carrying the problem (RFC 9457) `error` answers on this stream's request. */
  private errorEvent(error: unknown, stream: OpenStream): string {
    const answer = problemAnswer(error, { method: 'GET', url: stream.target, id: stream.requestId });
    return sseEvent('error', typeof answer.body === 'string' ? answer.body : answer.body.toString());
  }

  /**
   * A key or plan changed (announced, or found on the periodic re-read): the streams it concerns are
   * checked against PostgreSQL. A key no longer active ends its streams with `invalid-api-key`; a plan
   * without streams, with the problem a new stream would get; another plan, with a note to reconnect,
   * so the stream opens again on the plan paid for now. While PostgreSQL is away they stay open, as
   * the keys this instance knows stay served, until a later round reads them.
   */
  private async recheck(change: KeyChange): Promise<void> {
    let streams: OpenStream[] = [];
    for (const topic of this.topics.values()) streams.push(...topic.streams);
    if (streams.length === 0) return;
    try {
      if (change !== 'anything' && 'userId' in change) {
        streams = streams.filter((stream) => stream.key.userId === change.userId);
      } else if (change !== 'anything') {
        const keyId = await this.keys.idOf(change.keyHash);
        streams = streams.filter((stream) => stream.key.keyId === keyId);
      }
      if (streams.length === 0) return;
      const now = await this.keys.current([...new Set(streams.map((stream) => stream.key.keyId))]);
      for (const stream of streams) {
        const ending = this.endingFor(stream, now.get(stream.key.keyId));
        if (ending && !stream.released) stream.connection.end(ending);
      }
    } catch (error) {
      this.logger.warn(`Open streams' keys not checked again (${(error as Error).message}); trying later`);
    }
  }

  /** The last words to a stream whose key is now `key`, or undefined if it may go on. */
  private endingFor(stream: OpenStream, key: KeyNow | undefined): PushFrame | undefined {
    if (key?.status !== 'active') {
      // Deleted since (absent), or deactivated: what a new call with the key would be told.
      return PushFrame.of(this.errorEvent(key ? keyDisabled() : invalidApiKey(), stream));
    }
    // Expired, or no longer allowed to stream: what a new call would be told too.
    if (key.expiresAt !== null && Date.now() >= key.expiresAt)
      return PushFrame.of(this.errorEvent(keyExpired(key.expiresAt), stream));
    if (!key.scopes.includes('stream'))
      return PushFrame.of(this.errorEvent(scopeNotAllowed('stream'), stream));
    if (key.plan === stream.key.plan) return undefined;
    try {
      assertEndpointInPlan(key.plan, 'stream');
    } catch (refusal) {
      return PushFrame.of(this.errorEvent(refusal, stream));
    }
    return PLAN_CHANGED_NOTE;
  }

  /** Shutdown: new streams are refused and every open one ends, so the server can close. */
  onModuleDestroy(): void {
    this.closing = true;
    clearInterval(this.timer);
    void this.recheckAll.stop();
    for (const topic of this.topics.values())
      for (const stream of topic.streams) stream.connection.end(SHUTDOWN_NOTE);
  }

  /** A client that has not read its stream's end by now has its connection cut. */
  async beforeApplicationShutdown(): Promise<void> {
    for (const topic of [...this.topics.values()])
      for (const stream of [...topic.streams]) stream.connection.destroy();
    await this.slots.forget().catch(() => undefined);
  }
}

function shuttingDown(): AppException {
  return new AppException(
    ErrorCode.ServiceUnavailable,
    'This server is restarting; open the stream again in a moment.',
    undefined,
    { 'Retry-After': '1' },
  );
}
