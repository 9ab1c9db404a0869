import type { ApiPropertyOptions } from '@nestjs/swagger';
import { PAID_PLAN_IDS } from '@fxrates/domain';

/**
 * `pendingChange` of the account and subscription views: a downgrade PayPal confirmed, applied at the
 * end of the period paid for, or null. Inline, so `nullable` holds for the whole object.
 */
export const PENDING_CHANGE_PROPERTY: ApiPropertyOptions = {
  type: 'object',
  nullable: true,
  description: 'A downgrade PayPal confirmed, applied at the end of the period paid for; null when none',
  required: ['plan', 'billingCycle', 'effectiveAt'],
  properties: {
    plan: { type: 'string', enum: [...PAID_PLAN_IDS], example: 'basic' },
    billingCycle: { type: 'string', enum: ['monthly', 'annual'] },
    effectiveAt: {
      type: 'string',
      format: 'date-time',
      description: 'End of the paid period, when the new plan applies',
    },
  },
};
