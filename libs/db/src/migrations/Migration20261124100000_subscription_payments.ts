import { Migration } from '@mikro-orm/migrations';

/**
 * What PayPal's payments of a subscription say about the period paid for: the newest completed one
 * and the newest refunded or reversed one (each by when PayPal took it). Both only ever move forward,
 * so redelivered and reordered webhooks leave them exact.
 */
export class Migration20261124100000_subscription_payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "subscriptions"
      add column "paid_sale_at" timestamptz null,
      add column "revoked_sale_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "subscriptions"
      drop column if exists "paid_sale_at",
      drop column if exists "revoked_sale_at";`);
  }
}
