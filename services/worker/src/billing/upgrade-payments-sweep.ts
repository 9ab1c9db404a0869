import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { Payment } from '@fxrates/db';
import { completedCapture, PayPalClient } from '@fxrates/paypal';
import { BY_PAYPAL, recordUpgradeCapture, UpgradeAlreadyRecorded, UserPlan } from '@fxrates/plans';
import type { Redis } from 'ioredis';
import { WORKER_REDIS } from '../worker.tokens';

/** Upgrade payments loaded at once; a sweep walks every page of its window. */
const PAGE = 100;
/** Left to the buyer's own return first: the page records its payment within seconds. */
const GRACE_MS = 10 * 60 * 1000;
/** Unrecorded payments of a worker down this long are still found when it is back. */
const LOOK_BACK_MS = 4 * 24 * 3600 * 1000;
/**
 * Only our API captures, and only before a quote's `expiresAt`; a capture it started then has ended
 * (PayPal's answer or its timeout) well within this. A quote past both is never captured.
 */
const CAPTURE_SETTLED_MS = 10 * 60 * 1000;

export interface UpgradePaymentsSummary {
  /** Captured at PayPal, recorded here now. */
  recovered: number;
  /** Of those, captured for a period or plan no longer held: recorded, not granted (to refund). */
  notGranted: number;
  /** Quotes that ran out uncaptured: marked expired, never asked about again. */
  expired: number;
}

/**
 * The backstop of an upgrade payment PayPal captured whose record never committed (the buyer closed
 * the tab, an API instance died between the capture and its commit): each unrecorded payment of the
 * last days whose order PayPal shows COMPLETED is checked as the API checks it (our reference,
 * amount, currency, the subscription's payer) and recorded, granting its plan while its period runs.
 * Nothing is ever captured here: an order only the buyer approved stays theirs to complete.
 */
@Injectable()
export class UpgradePaymentsSweep {
  private readonly logger = new Logger(UpgradePaymentsSweep.name);

  constructor(
    private readonly em: EntityManager,
    private readonly paypal: PayPalClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_REDIS) private readonly redis: Redis,
  ) {}

  /**
   * Every unrecorded upgrade payment between the grace and the look-back is asked about, newest first
   * (the likeliest to be a buyer waiting for their plan), page by page: a window read as one page of
   * the oldest let a hundred abandoned checkouts hide every newer payment. An abandoned checkout is
   * asked about until its quote has run out, then marked expired.
   */
  async run(now = new Date()): Promise<UpgradePaymentsSummary> {
    const summary: UpgradePaymentsSummary = { recovered: 0, notGranted: 0, expired: 0 };
    if (!this.paypal.configured) return summary;
    const em = this.em.fork();
    // The ids first, then pages of them: marking and recording change rows as the sweep goes, and a
    // keyset on created_at would compare at JavaScript's milliseconds what PostgreSQL keeps in micro.
    const ids = await em.find(
      Payment,
      {
        status: 'created',
        kind: 'upgrade',
        createdAt: { $gte: new Date(now.getTime() - LOOK_BACK_MS), $lte: new Date(now.getTime() - GRACE_MS) },
      },
      { fields: ['id'], orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    for (let start = 0; start < ids.length; start += PAGE) {
      em.clear();
      const page = await em.find(
        Payment,
        { id: { $in: ids.slice(start, start + PAGE).map((payment) => payment.id) }, status: 'created' },
        { populate: ['subscription'], orderBy: { createdAt: 'desc', id: 'desc' } },
      );
      for (const payment of page) {
        try {
          const outcome = await this.recover(payment, now);
          if (outcome === 'granted' || outcome === 'not-granted') summary.recovered += 1;
          if (outcome === 'not-granted') summary.notGranted += 1;
          if (outcome === 'expired') summary.expired += 1;
        } catch (error) {
          this.logger.warn(`Upgrade payment ${payment.id} not looked at: ${(error as Error).message}`);
        }
      }
    }
    return summary;
  }

  private async recover(
    payment: Payment,
    now: Date,
  ): Promise<'granted' | 'not-granted' | 'expired' | 'nothing'> {
    const order = await this.paypal.getOrder(payment.orderId());
    if (order?.status !== 'COMPLETED') {
      const settled = (payment.expiresAt?.getTime() ?? Infinity) + CAPTURE_SETTLED_MS < now.getTime();
      if (!settled) return 'nothing';
      // Conditional: a capture recorded meanwhile is never overwritten.
      const marked = await this.em
        .fork()
        .nativeUpdate(Payment, { id: payment.id, status: 'created' }, { status: 'expired' });
      return marked === 1 ? 'expired' : 'nothing';
    }
    const paypalId = payment.subscription.getEntity().paypalSubscriptionId;
    const subscription = paypalId ? await this.paypal.getSubscription(paypalId) : null;
    const expected = {
      reference: payment.id,
      amountMinor: payment.amountMinor,
      payerId: subscription?.subscriber?.payer_id ?? null,
    };
    const capture = completedCapture(order, expected);
    if (typeof capture === 'string') {
      this.logger.error(
        `Upgrade payment ${payment.id}: PayPal's capture is not what we asked for: ${capture}`,
      );
      return 'nothing';
    }
    try {
      const recorded = await recordUpgradeCapture(
        this.em,
        payment.id,
        {
          captureId: capture.id,
          capturedMinor: capture.amountMinor!,
          payerId: order.payerId,
          at: capture.createTime ? new Date(capture.createTime) : new Date(),
        },
        BY_PAYPAL,
      );
      await UserPlan.announce(this.redis, this.config.redis.keyPrefix, recorded.userId);
      if (recorded.granted) {
        this.logger.log(
          `Upgrade payment ${payment.id} captured at PayPal, recorded and granted by the sweep`,
        );
        return 'granted';
      }
      this.logger.error(
        `Upgrade payment ${payment.id} captured for a period, plan or status no longer held: recorded, not granted, review for a refund`,
      );
      return 'not-granted';
    } catch (error) {
      if (error instanceof UpgradeAlreadyRecorded) return 'nothing';
      throw error;
    }
  }
}
