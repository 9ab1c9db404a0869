import { AccountSession } from './account-session.entity';
import { AnonymousSession } from './anonymous-session.entity';
import { ApiKey } from './api-key.entity';
import { AuditEvent } from './audit-event.entity';
import { ContactMessage } from './contact-message.entity';
import { EmailChange } from './email-change.entity';
import { EmailVerification } from './email-verification.entity';
import { EmailedLink } from './emailed-link.entity';
import { EmailedRow } from './emailed-row.entity';
import { PasswordReset } from './password-reset.entity';
import { Payment } from './payment.entity';
import { QuotaAlert } from './quota-alert.entity';
import { RateAlert } from './rate-alert.entity';
import { RateAlertFiring } from './rate-alert-firing.entity';
import { RefreshToken } from './refresh-token.entity';
import { freeSubscriptionOf, heldAndUpcoming, Subscription } from './subscription.entity';
import { User } from './user.entity';
import { WebhookEvent } from './webhook-event.entity';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';

export {
  freeSubscriptionOf,
  heldAndUpcoming,
  AccountSession,
  AnonymousSession,
  ApiKey,
  AuditEvent,
  ContactMessage,
  Payment,
  EmailChange,
  EmailVerification,
  PasswordReset,
  QuotaAlert,
  RateAlert,
  RateAlertFiring,
  RefreshToken,
  Subscription,
  User,
  WebhookEvent,
  WebhookEndpoint,
  WebhookDelivery,
};

/** Every entity, registered once for the API, the worker and the migration CLI. */
export const ENTITIES = [
  EmailedRow,
  EmailedLink,
  AnonymousSession,
  User,
  RefreshToken,
  Subscription,
  ApiKey,
  ContactMessage,
  WebhookEvent,
  QuotaAlert,
  Payment,
  EmailVerification,
  PasswordReset,
  EmailChange,
  AccountSession,
  AuditEvent,
  RateAlert,
  RateAlertFiring,
  WebhookEndpoint,
  WebhookDelivery,
];
export { AUDIT_EVENTS_KEPT_PER_ACCOUNT, AUDIT_IP_MAX, AUDIT_USER_AGENT_MAX } from './audit-event.entity';
