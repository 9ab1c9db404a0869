import { Migration } from '@mikro-orm/migrations';

/**
 * Every payment PayPal took is a row of `payments`, the recurring charges of a
 * subscription (PayPal's sales, `kind` subscription) as well as an upgrade's prorated difference
 * (`kind` upgrade, an order). A sale has no order, no plan it replaced and no quote to expire; its id
 * goes in `paypal_capture_id`, whose unique index makes a replayed webhook or a second sync write it
 * once.
 */
export class Migration20261129122000_subscription_payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "payments"
      add column "kind" varchar(20) not null default 'upgrade',
      add column "period_start" timestamptz null,
      alter column "paypal_order_id" drop not null,
      alter column "from_plan" drop not null,
      alter column "from_billing_cycle" drop not null,
      alter column "expires_at" drop not null,
      add constraint "payments_kind_check" check ("kind" in ('upgrade', 'subscription')),
      add constraint "payments_kind_fields" check (
        ("kind" = 'upgrade' and "paypal_order_id" is not null and "from_plan" is not null
          and "from_billing_cycle" is not null and "expires_at" is not null)
        or ("kind" = 'subscription' and "status" in ('captured', 'refunded') and "period_start" is not null));`);
    this.addSql(
      `create index "payments_user_id_captured_at_index" on "payments" ("user_id", "captured_at" desc, "id" desc);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "payments" where "kind" = 'subscription';`);
    this.addSql(`drop index if exists "payments_user_id_captured_at_index";`);
    this.addSql(`alter table "payments"
      drop constraint "payments_kind_fields",
      drop constraint "payments_kind_check",
      drop column "period_start",
      drop column "kind",
      alter column "paypal_order_id" set not null,
      alter column "from_plan" set not null,
      alter column "from_billing_cycle" set not null,
      alter column "expires_at" set not null;`);
  }
}
