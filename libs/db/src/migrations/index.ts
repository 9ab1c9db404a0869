import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_anonymous_sessions } from './Migration20261122000000_anonymous_sessions';
import { Migration20261122120000_accounts } from './Migration20261122120000_accounts';
import { Migration20261122180000_api_keys } from './Migration20261122180000_api_keys';
import { Migration20261122190000_usage } from './Migration20261122190000_usage';
import { Migration20261122200000_contact_messages } from './Migration20261122200000_contact_messages';
import { Migration20261122210000_rate_history } from './Migration20261122210000_rate_history';
import { Migration20261123000000_paypal_billing } from './Migration20261123000000_paypal_billing';
import { Migration20261123030000_rate_history_observed_at } from './Migration20261123030000_rate_history_observed_at';
import { Migration20261124100000_subscription_payments } from './Migration20261124100000_subscription_payments';
import { Migration20261126170000_user_last_sign_in } from './Migration20261126170000_user_last_sign_in';
import { Migration20261126171000_pending_plan_changes } from './Migration20261126171000_pending_plan_changes';
import { Migration20261127110000_quota_alerts } from './Migration20261127110000_quota_alerts';
import { Migration20261128090000_email_verification } from './Migration20261128090000_email_verification';
import { Migration20261128120000_usage_owner } from './Migration20261128120000_usage_owner';
import { Migration20261128170000_payments } from './Migration20261128170000_payments';
import { Migration20261128180000_payments_refunded } from './Migration20261128180000_payments_refunded';
import { Migration20261128200000_history_backfill_progress } from './Migration20261128200000_history_backfill_progress';
import { Migration20261129010000_rate_history_covering_index } from './Migration20261129010000_rate_history_covering_index';
import { Migration20261129050000_password_resets } from './Migration20261129050000_password_resets';
import { Migration20261129090000_email_changes } from './Migration20261129090000_email_changes';
import { Migration20261129100000_quota_alert_choices } from './Migration20261129100000_quota_alert_choices';
import { Migration20261129120000_account_sessions } from './Migration20261129120000_account_sessions';
import { Migration20261129121000_two_factor } from './Migration20261129121000_two_factor';
import { Migration20261129122000_subscription_payments } from './Migration20261129122000_subscription_payments';
import { Migration20261129123000_account_deletion } from './Migration20261129123000_account_deletion';
import { Migration20261130100000_audit_events } from './Migration20261130100000_audit_events';
import { Migration20261130090000_key_governance } from './Migration20261130090000_key_governance';
import { Migration20261130110000_usage_breakdown } from './Migration20261130110000_usage_breakdown';
import { Migration20261201020000_rate_alerts } from './Migration20261201020000_rate_alerts';
import { Migration20261201100000_fixings } from './Migration20261201100000_fixings';
import { Migration20261201110000_rate_bars } from './Migration20261201110000_rate_bars';
import { Migration20261201010000_webhooks } from './Migration20261201010000_webhooks';

/** Listed explicitly so the same build runs from .ts (tests) and .js (dist) without globbing. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122000000_anonymous_sessions', class: Migration20261122000000_anonymous_sessions },
  { name: 'Migration20261122120000_accounts', class: Migration20261122120000_accounts },
  { name: 'Migration20261122180000_api_keys', class: Migration20261122180000_api_keys },
  { name: 'Migration20261122190000_usage', class: Migration20261122190000_usage },
  {
    name: 'Migration20261122200000_contact_messages',
    class: Migration20261122200000_contact_messages,
  },
  { name: 'Migration20261122210000_rate_history', class: Migration20261122210000_rate_history },
  { name: 'Migration20261123000000_paypal_billing', class: Migration20261123000000_paypal_billing },
  {
    name: 'Migration20261123030000_rate_history_observed_at',
    class: Migration20261123030000_rate_history_observed_at,
  },
  {
    name: 'Migration20261124100000_subscription_payments',
    class: Migration20261124100000_subscription_payments,
  },
  { name: 'Migration20261126170000_user_last_sign_in', class: Migration20261126170000_user_last_sign_in },
  {
    name: 'Migration20261126171000_pending_plan_changes',
    class: Migration20261126171000_pending_plan_changes,
  },
  { name: 'Migration20261127110000_quota_alerts', class: Migration20261127110000_quota_alerts },
  {
    name: 'Migration20261128090000_email_verification',
    class: Migration20261128090000_email_verification,
  },
  { name: 'Migration20261128120000_usage_owner', class: Migration20261128120000_usage_owner },
  { name: 'Migration20261128170000_payments', class: Migration20261128170000_payments },
  {
    name: 'Migration20261128180000_payments_refunded',
    class: Migration20261128180000_payments_refunded,
  },
  {
    name: 'Migration20261128200000_history_backfill_progress',
    class: Migration20261128200000_history_backfill_progress,
  },
  {
    name: 'Migration20261129010000_rate_history_covering_index',
    class: Migration20261129010000_rate_history_covering_index,
  },
  { name: 'Migration20261129050000_password_resets', class: Migration20261129050000_password_resets },
  { name: 'Migration20261129090000_email_changes', class: Migration20261129090000_email_changes },
  {
    name: 'Migration20261129100000_quota_alert_choices',
    class: Migration20261129100000_quota_alert_choices,
  },
  { name: 'Migration20261129120000_account_sessions', class: Migration20261129120000_account_sessions },
  { name: 'Migration20261129121000_two_factor', class: Migration20261129121000_two_factor },
  {
    name: 'Migration20261129122000_subscription_payments',
    class: Migration20261129122000_subscription_payments,
  },
  { name: 'Migration20261129123000_account_deletion', class: Migration20261129123000_account_deletion },
  { name: 'Migration20261130090000_key_governance', class: Migration20261130090000_key_governance },
  { name: 'Migration20261130100000_audit_events', class: Migration20261130100000_audit_events },
  { name: 'Migration20261130110000_usage_breakdown', class: Migration20261130110000_usage_breakdown },
  { name: 'Migration20261201010000_webhooks', class: Migration20261201010000_webhooks },
  { name: 'Migration20261201020000_rate_alerts', class: Migration20261201020000_rate_alerts },
  { name: 'Migration20261201100000_fixings', class: Migration20261201100000_fixings },
  { name: 'Migration20261201110000_rate_bars', class: Migration20261201110000_rate_bars },
];
