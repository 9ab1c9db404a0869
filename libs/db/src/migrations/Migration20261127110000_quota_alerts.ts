import { Migration } from '@mikro-orm/migrations';

/**
 * Quota alerts: the thresholds each user's calls passed, per month and quota, once
 * (the unique key is the guard against a second email), and whether each was emailed. Only rows
 * still to email are indexed, for the worker's sweep.
 */
export class Migration20261127110000_quota_alerts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "quota_alerts" (
      "id" uuid not null,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "month" varchar(7) not null check ("month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      "threshold" smallint not null check ("threshold" in (75, 90, 100)),
      "plan" varchar(20) not null,
      "monthly_quota" integer not null check ("monthly_quota" > 0),
      "used" bigint not null check ("used" >= 0),
      "superseded" boolean not null default false,
      "created_at" timestamptz not null default now(),
      "emailed_at" timestamptz null,
      "email_failed_at" timestamptz null,
      "email_error" text null,
      constraint "quota_alerts_pkey" primary key ("id"),
      constraint "quota_alerts_user_id_month_monthly_quota_threshold_unique"
        unique ("user_id", "month", "monthly_quota", "threshold"));`);
    this.addSql(`create index "quota_alerts_unsent_index" on "quota_alerts" ("created_at")
      where "emailed_at" is null and not "superseded";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "quota_alerts" cascade;`);
  }
}
