import { Migration } from '@mikro-orm/migrations';

/**
 * A downgrade waits for the end of the period already paid for: the cheaper plan and cycle PayPal
 * confirmed, and when they apply. All three or none; only those rows are indexed, for the worker's
 * sweep of the changes that are due.
 */
export class Migration20261126171000_pending_plan_changes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "subscriptions"
      add column "pending_plan" varchar(20) null,
      add column "pending_billing_cycle" varchar(10) null,
      add column "pending_change_at" timestamptz null,
      add constraint "subscriptions_pending_change_whole" check (
        ("pending_plan" is null) = ("pending_billing_cycle" is null)
        and ("pending_plan" is null) = ("pending_change_at" is null));`);
    this.addSql(`create index "subscriptions_pending_change_at_index" on "subscriptions" ("pending_change_at")
      where "pending_change_at" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "subscriptions_pending_change_at_index";`);
    this.addSql(`alter table "subscriptions"
      drop constraint if exists "subscriptions_pending_change_whole",
      drop column if exists "pending_plan",
      drop column if exists "pending_billing_cycle",
      drop column if exists "pending_change_at";`);
  }
}
