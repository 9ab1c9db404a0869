import { Migration } from '@mikro-orm/migrations';

/**
 * Every answered call made with a known key, by key, endpoint and status class per day (UTC): what
 * the team reads to see how a key is used and refused, beside usage_daily, which is what bills. The
 * key is a plain id (keys are purged, their history stays); the owner goes with the user. The key
 * orders a user's rows by day first, as they are read (a range of days) and listed; the day index
 * serves the retention sweep.
 */
export class Migration20261130110000_usage_breakdown extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "usage_breakdown_daily" (
      "user_id" uuid not null,
      "key_id" uuid not null,
      "day" date not null,
      "endpoint" varchar(100) not null,
      "status_class" varchar(3) not null,
      "calls" bigint not null,
      constraint "usage_breakdown_daily_pkey"
        primary key ("user_id", "day", "key_id", "endpoint", "status_class"),
      constraint "usage_breakdown_daily_user_id_foreign"
        foreign key ("user_id") references "users" ("id") on delete cascade,
      constraint "usage_breakdown_daily_status_class_check"
        check ("status_class" in ('2xx', '3xx', '4xx', '5xx')),
      constraint "usage_breakdown_daily_calls_check" check ("calls" > 0));`);
    this.addSql(`create index "usage_breakdown_daily_day_index" on "usage_breakdown_daily" ("day");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "usage_breakdown_daily" cascade;`);
  }
}
