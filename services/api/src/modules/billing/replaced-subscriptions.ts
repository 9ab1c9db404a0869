import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { Subscription } from '@fxrates/db';
import { PayPalClient } from '@fxrates/paypal';

/**
 * A user changing plan buys a new PayPal subscription; the one it replaces must stop billing.
 * Best effort: a failure is logged for operators (and the user keeps the new plan).
 */
@Injectable()
export class ReplacedSubscriptions {
  private readonly logger = new Logger(ReplacedSubscriptions.name);

  constructor(
    private readonly em: EntityManager,
    private readonly paypal: PayPalClient,
  ) {}

  async cancelOthers(userId: string, keptPayPalId: string): Promise<void> {
    const em = this.em.fork();
    const others = await em.find(Subscription, {
      user: userId,
      paypalSubscriptionId: { $ne: null, $nin: [keptPayPalId] },
      status: { $in: ['active', 'suspended'] },
    });
    for (const other of others) {
      const id = other.paypalSubscriptionId!;
      try {
        await this.paypal.cancelSubscription(id, `Replaced by subscription ${keptPayPalId}`);
        other.status = 'cancelled';
      } catch (error) {
        this.logger.error(
          `Replaced PayPal subscription ${id} of user ${userId} NOT cancelled: ${(error as Error).message}`,
        );
      }
    }
    await em.flush();
  }
}
