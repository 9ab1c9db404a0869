import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { heldAndUpcoming, Subscription, User } from '@fxrates/db';
import { normalizedThresholds, type AccountResponse, type NotificationSettings } from '@fxrates/domain';
import { unauthorized } from '../auth';
import { displayNameOf } from '../auth';
import type { UpdateAccountBody } from './dto/update-account.body';
import type { UpdateNotificationSettingsBody } from './dto/notification-settings.dto';

function majorUnits(amountMinor: number): string {
  return (amountMinor / 100).toFixed(2);
}

/**
 * The account page's view: the profile, the plan the user is metered on, and the latest subscription
 * while it is for that plan; once a paid one has lapsed (back on free), the spec's defaults.
 */
@Injectable()
export class AccountService {
  constructor(private readonly em: EntityManager) {}

  async get(userId: string): Promise<AccountResponse> {
    const em = this.em.fork();
    const user = await em.findOne(User, { id: userId });
    if (!user) throw unauthorized();
    return this.view(em, user);
  }

  async update(userId: string, changes: UpdateAccountBody): Promise<AccountResponse> {
    const em = this.em.fork();
    const user = await em.findOne(User, { id: userId });
    if (!user) throw unauthorized();
    if (changes.firstName !== undefined) user.firstName = changes.firstName;
    if (changes.lastName !== undefined) user.lastName = changes.lastName;
    if (changes.company !== undefined) user.company = changes.company || null;
    user.displayName = displayNameOf(user.firstName, user.lastName);
    await em.flush();
    return this.view(em, user);
  }

  async notifications(userId: string): Promise<NotificationSettings> {
    const user = await this.em.fork().findOne(User, { id: userId }, { fields: ['quotaAlertThresholds'] });
    if (!user) throw unauthorized();
    return { quotaAlerts: normalizedThresholds(user.quotaAlertThresholds) };
  }

  async updateNotifications(
    userId: string,
    changes: UpdateNotificationSettingsBody,
  ): Promise<NotificationSettings> {
    const em = this.em.fork();
    const user = await em.findOne(User, { id: userId }, { fields: ['quotaAlertThresholds'] });
    if (!user) throw unauthorized();
    if (changes.quotaAlerts !== undefined) {
      // MikroORM 7 types a partly loaded array of literals as a union of per-literal arrays.
      user.quotaAlertThresholds = normalizedThresholds(
        changes.quotaAlerts,
      ) as typeof user.quotaAlertThresholds;
      await em.flush();
    }
    return { quotaAlerts: normalizedThresholds(user.quotaAlertThresholds) };
  }

  private async view(em: EntityManager, user: User): Promise<AccountResponse> {
    const newestFirst = await em.find(
      Subscription,
      { user: user.id },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 2 },
    );
    // A subscription bought to start when the paid time ends: the one before it is what is held now.
    const { held: latest, upcoming } = heldAndUpcoming(newestFirst);
    const held = latest?.plan === user.plan ? latest : null;
    const resumed =
      upcoming && held && upcoming.plan === held.plan && upcoming.billingCycle === held.billingCycle;
    const subscription = resumed ? upcoming : held;
    const pendingChange =
      upcoming && !resumed
        ? {
            plan: upcoming.plan,
            billingCycle: upcoming.billingCycle,
            effectiveAt: upcoming.startDate!.toISOString(),
          }
        : (subscription?.pendingChange() ?? null);
    return {
      email: user.email,
      displayName: user.displayName,
      firstName: user.firstName,
      lastName: user.lastName,
      company: user.company,
      plan: user.plan,
      billingCycle: subscription?.billingCycle ?? 'monthly',
      status: subscription?.status ?? 'active',
      startDate: subscription?.startDate?.toISOString() ?? null,
      currentPeriodEnd: subscription?.currentPeriodEnd?.toISOString() ?? null,
      amount: majorUnits(subscription?.amountMinor ?? 0),
      currency: subscription?.currency ?? 'USD',
      createdAt: user.createdAt.toISOString(),
      lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
      pendingChange,
    };
  }
}
