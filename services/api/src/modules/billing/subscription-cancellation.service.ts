import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Subscription } from '@fxrates/db';
import { ErrorCode, type SubscriptionView } from '@fxrates/domain';
import { PayPalClient } from '@fxrates/paypal';
import { JOBS, QUEUES, type QueueOf } from '@fxrates/queues';
import { AppException } from '../../common/errors';
import { askPayPal } from './paypal-errors';
import { viewOf } from './subscription-view';

const CANCEL_REASON = 'Cancelled by the customer on the account page';
const DELETION_REASON = 'The customer deleted their account';
/** States in which PayPal may still bill a subscription. */
const ENDED = ['cancelled', 'expired', 'refused'];

/**
 * Cancels the user's active PayPal subscription at PayPal. The plan stays until the paid period
 * ends: the worker re-reads the subscription and returns the plan to free at that time.
 */
@Injectable()
export class SubscriptionCancellationService {
  private readonly logger = new Logger(SubscriptionCancellationService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly paypal: PayPalClient,
    @InjectQueue(QUEUES.paypalWebhooks) private readonly queue: QueueOf<'paypal-webhooks'>,
  ) {}

  /** `requestId` (the request's X-Request-Id) goes with the sync job, for the worker's log lines. */
  async cancel(userId: string, requestId?: string): Promise<SubscriptionView> {
    const em = this.em.fork();
    const subscription = await em.findOne(
      Subscription,
      { user: userId, paypalSubscriptionId: { $ne: null }, status: { $in: ['active', 'suspended'] } },
      { orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    if (!subscription?.paypalSubscriptionId) {
      throw new AppException(ErrorCode.SubscriptionNotFound, 'You have no active subscription to cancel.');
    }
    const paypalId = subscription.paypalSubscriptionId;
    const cancelled = await askPayPal(
      () => this.paypal.cancelSubscription(paypalId, CANCEL_REASON),
      (error) => this.logger.warn(`Subscription ${paypalId} not cancelled: ${error.message}`),
    );
    await this.queue.add(JOBS.syncPayPalSubscription, { paypalSubscriptionId: paypalId, requestId });
    if (!cancelled) {
      throw new AppException(
        ErrorCode.SubscriptionNotActive,
        'PayPal says this subscription is no longer active. Reload the page to see its state.',
      );
    }
    subscription.status = 'cancelled';
    // A scheduled downgrade is moot: the plan paid for ends with its period, then free.
    Object.assign(subscription, { pendingPlan: null, pendingBillingCycle: null, pendingChangeAt: null });
    await em.flush();
    return viewOf(subscription);
  }

  /**
   * Deleting the account: every subscription of the user PayPal may still bill is
   * cancelled at PayPal, before anything of the account is erased. One PayPal no longer bills
   * (422: cancelled, expired) counts as cancelled, so a deletion tried again after a failure goes
   * through. PayPal unreachable: 502 `payment-provider-unavailable`, nothing cancelled here nor erased.
   * Answers the PayPal ids, for the caller to mark cancelled with the rest of the deletion.
   */
  async cancelAllOf(userId: string): Promise<string[]> {
    const live = await this.em
      .fork()
      .find(
        Subscription,
        { user: userId, paypalSubscriptionId: { $ne: null }, status: { $nin: ENDED } },
        { fields: ['paypalSubscriptionId'] },
      );
    const ids = live.map((subscription) => subscription.paypalSubscriptionId!);
    for (const paypalId of ids) {
      await askPayPal(
        () => this.paypal.cancelSubscription(paypalId, DELETION_REASON),
        (error) => this.logger.warn(`Subscription ${paypalId} of a deletion not cancelled: ${error.message}`),
      );
    }
    return ids;
  }
}
