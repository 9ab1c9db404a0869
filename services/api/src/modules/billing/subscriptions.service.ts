import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { Subscription, User } from '@fxrates/db';
import { ErrorCode, type SubscriptionView } from '@fxrates/domain';
import { AppException } from '../../common/app-exception';
import { UserPlansService } from '../public-api/user-plans.service';
import type { CreateSubscriptionBody } from './dto/create-subscription.body';
import { PayPalClient, subscriptionFields } from '@fxrates/paypal';
import { askPayPal } from './paypal-errors';
import { ReplacedSubscriptions } from './replaced-subscriptions';
import { SubscriptionVerifier, type VerifiedSubscription } from './subscription-verifier';
import { viewOf } from './subscription-view';

const alreadyBound = () =>
  new AppException(
    ErrorCode.SubscriptionAlreadyBound,
    'This PayPal subscription is already used by another account.',
  );

const paymentRevoked = () =>
  new AppException(
    ErrorCode.SubscriptionNotActive,
    'PayPal refunded or reversed the latest payment of this subscription, so it pays for no plan until its next payment. Subscribe again from the pricing page.',
  );

/** Records a subscription approved in PayPal once PayPal confirms it, and moves the user's plan at once. */
@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger(SubscriptionsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly paypal: PayPalClient,
    private readonly verifier: SubscriptionVerifier,
    private readonly userPlans: UserPlansService,
    private readonly replaced: ReplacedSubscriptions,
  ) {}

  async subscribe(userId: string, body: CreateSubscriptionBody): Promise<SubscriptionView> {
    if (!this.paypal.configured) {
      throw new AppException(ErrorCode.BillingNotConfigured, 'Subscriptions are not available right now.');
    }
    const verified = await askPayPal(
      () =>
        this.verifier.verify(body.paypalSubscriptionId, userId, {
          plan: body.plan,
          cycle: body.billingCycle,
        }),
      (error) => this.logger.warn(`Subscription ${body.paypalSubscriptionId} not verified: ${error.message}`),
    );
    // The id we asked PayPal about is the one recorded, whatever its answer says of itself.
    const paypalId = body.paypalSubscriptionId;
    const subscription = await this.recordWithPlan(userId, paypalId, verified);
    await this.userPlans.announce(userId);
    await this.replaced.cancelOthers(userId, paypalId);
    return viewOf(subscription);
  }

  /**
   * The subscription row and the user's plan, in one transaction: a crash between them would leave
   * a paid subscription on a free account (or the reverse). The unique PayPal id keeps one
   * subscription to one user.
   */
  private async recordWithPlan(
    userId: string,
    paypalId: string,
    verified: VerifiedSubscription,
  ): Promise<Subscription> {
    try {
      return await this.em.fork().transactional(async (em) => {
        const subscription = await this.record(em, userId, paypalId, verified);
        await this.userPlans.writePlan(em, userId, verified.plan);
        return subscription;
      });
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      // The same subscription reported twice at once: the other request's transaction wrote both.
      const winner = await this.em.fork().findOneOrFail(Subscription, { paypalSubscriptionId: paypalId });
      if (winner.user.id !== userId) throw alreadyBound();
      return winner;
    }
  }

  /** Inserts or refreshes the row, in the caller's transaction. */
  private async record(
    em: EntityManager,
    userId: string,
    paypalId: string,
    { paypal, plan, cycle }: VerifiedSubscription,
  ): Promise<Subscription> {
    const fields = subscriptionFields(paypal, plan, cycle);
    const existing = await em.findOne(Subscription, { paypalSubscriptionId: paypalId });
    if (existing) {
      if (existing.user.id !== userId) throw alreadyBound();
      if (existing.paymentRevoked()) throw paymentRevoked();
      em.assign(existing, fields);
      await em.flush();
      return existing;
    }
    const created = em.create(Subscription, {
      ...fields,
      user: em.getReference(User, userId),
      paypalSubscriptionId: paypalId,
      createdAt: new Date(),
    });
    await em.flush();
    return created;
  }
}
