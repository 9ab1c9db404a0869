import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Payment, User } from '@fxrates/db';
import {
  ErrorCode,
  type AccountPayment,
  type AccountPaymentPage,
  type PaymentReceipt,
} from '@fxrates/domain';
import { AppException } from '../../common/errors';
import { decodeNewestFirstCursor, encodeNewestFirstCursor } from '../../common/input';
import { unauthorized } from '../auth';

/** Only money PayPal took is a payment here: an order still waiting for the buyer is not. */
const TAKEN: FilterQuery<Payment> = {
  status: { $in: ['captured', 'refunded'] },
  capturedAt: { $ne: null },
  paypalCaptureId: { $ne: null },
};

const paymentNotFound = () => new AppException(ErrorCode.PaymentNotFound, 'No payment of yours has this id.');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function majorUnits(amountMinor: number): string {
  return (amountMinor / 100).toFixed(2);
}

/** A recorded payment as the account page lists it: the amount PayPal captured, not the one quoted. */
function toAccountPayment(payment: Payment): AccountPayment {
  return {
    id: payment.id,
    paidAt: payment.capturedAt!.toISOString(),
    kind: payment.kind,
    status: payment.status === 'refunded' ? 'refunded' : 'paid',
    plan: payment.plan,
    billingCycle: payment.billingCycle,
    // A subscription's charge pays for its billing period; an upgrade applies from its capture to
    // the end of the period it was quoted for.
    periodStart: (payment.periodStart ?? payment.capturedAt!).toISOString(),
    periodEnd: payment.periodEnd.toISOString(),
    amount: majorUnits(payment.capturedMinor ?? payment.amountMinor),
    currency: payment.currency,
    paypalTransactionId: payment.paypalCaptureId!,
  };
}

/**
 * The signed-in user's payment history and receipts. Every query names the user: another user's
 * payment is not found, exactly as one that does not exist (never 403, so ids cannot be probed).
 */
@Injectable()
export class PaymentsService {
  constructor(private readonly em: EntityManager) {}

  /** A page of the user's payments, newest first, after `cursor` (a `next` of the page before). */
  async list(userId: string, limit: number, cursor?: string): Promise<AccountPaymentPage> {
    const after = cursor === undefined ? undefined : decodeNewestFirstCursor(cursor);
    const payments = await this.em.fork().find(
      Payment,
      {
        $and: [TAKEN, { user: userId }],
        ...(after && {
          $or: [
            { capturedAt: { $lt: after.createdAt } },
            { capturedAt: after.createdAt, id: { $lt: after.id } },
          ],
        }),
      },
      { orderBy: { capturedAt: 'desc', id: 'desc' }, limit: limit + 1 },
    );
    const page = payments.slice(0, limit);
    const last = page.at(-1);
    return {
      data: page.map(toAccountPayment),
      next:
        payments.length > limit && last
          ? encodeNewestFirstCursor({ createdAt: last.capturedAt!, id: last.id })
          : null,
    };
  }

  /** One payment of the user's with whom its receipt is made out to, or 404 `payment-not-found`. */
  async receipt(userId: string, paymentId: string): Promise<PaymentReceipt> {
    if (!UUID.test(paymentId)) throw paymentNotFound();
    const em = this.em.fork();
    const payment = await em.findOne(Payment, {
      $and: [TAKEN, { id: paymentId.toLowerCase(), user: userId }],
    });
    if (!payment) throw paymentNotFound();
    const user = await em.findOne(User, { id: userId });
    if (!user) throw unauthorized();
    return {
      ...toAccountPayment(payment),
      customer: {
        firstName: user.firstName,
        lastName: user.lastName,
        company: user.company,
        email: user.email,
      },
    };
  }
}
