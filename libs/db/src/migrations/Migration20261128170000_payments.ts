import { Migration } from '@mikro-orm/migrations';

/**
 * One-time payments taken through PayPal's Orders API (an upgrade's prorated difference): what we
 * asked for and what PayPal captured. A PayPal order and a capture each pay once (unique).
 */
export class Migration20261128170000_payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "payments" (
      "id" uuid not null primary key,
      "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "subscription_id" uuid not null references "subscriptions" ("id") on update cascade on delete cascade,
      "status" varchar(20) not null default 'created',
      "from_plan" varchar(20) not null,
      "from_billing_cycle" varchar(10) not null,
      "plan" varchar(20) not null,
      "billing_cycle" varchar(10) not null,
      "amount_minor" int not null check ("amount_minor" > 0),
      "currency" varchar(3) not null,
      "period_end" timestamptz not null,
      "paypal_order_id" varchar(64) not null unique,
      "paypal_capture_id" varchar(64) null unique,
      "payer_id" varchar(32) null,
      "captured_minor" int null,
      "captured_at" timestamptz null,
      "expires_at" timestamptz not null,
      "created_at" timestamptz not null,
      constraint "payments_captured_whole" check (
        ("status" = 'captured') = ("paypal_capture_id" is not null and "captured_minor" is not null and "captured_at" is not null)));`);
    this.addSql(`create index "payments_user_id_index" on "payments" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payments";`);
  }
}
