import { Migration } from '@mikro-orm/migrations';

/**
 * Rate alerts and their firings. An alert's condition fixes which fields it has (checks below), so
 * a row the API did not validate cannot confuse the worker. The worker reads alerts by pair on each
 * publish: the partial indexes on base and on quote hold only the alerts it evaluates (not paused).
 * A firing is written in the statement that moves its alert to `triggered`; only firings still to
 * deliver are indexed, for the sweep.
 */
export class Migration20261201020000_rate_alerts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "rate_alerts" (
      "id" uuid not null,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "base" varchar(12) not null,
      "quote" varchar(12) not null,
      "condition" varchar(10) not null check ("condition" in ('above', 'below', 'change')),
      "level" numeric null check ("level" > 0),
      "change_percent" numeric null check ("change_percent" > 0 and "change_percent" <= 100),
      "window_minutes" integer null check ("window_minutes" between 1 and 1440),
      "hysteresis_percent" numeric not null default 0
        check ("hysteresis_percent" >= 0 and "hysteresis_percent" <= 50),
      "cooldown_minutes" integer not null default 0 check ("cooldown_minutes" between 0 and 10080),
      "channel" varchar(10) not null check ("channel" in ('email', 'webhook')),
      "state" varchar(10) not null default 'armed' check ("state" in ('armed', 'triggered')),
      "paused" boolean not null default false,
      "last_triggered_at" timestamptz null,
      "last_triggered_rate" numeric null,
      "created_at" timestamptz not null default now(),
      constraint "rate_alerts_pkey" primary key ("id"),
      constraint "rate_alerts_pair_check" check ("base" <> "quote"),
      constraint "rate_alerts_condition_fields_check" check (
        ("condition" in ('above', 'below') and "level" is not null
          and "change_percent" is null and "window_minutes" is null)
        or ("condition" = 'change' and "level" is null
          and "change_percent" is not null and "window_minutes" is not null)));`);
    this.addSql(
      `create index "rate_alerts_user_id_created_at_index" on "rate_alerts" ("user_id", "created_at");`,
    );
    this.addSql(`create index "rate_alerts_base_index" on "rate_alerts" ("base") where not "paused";`);
    this.addSql(`create index "rate_alerts_quote_index" on "rate_alerts" ("quote") where not "paused";`);

    this.addSql(`create table "rate_alert_firings" (
      "id" uuid not null,
      "alert_id" uuid null references "rate_alerts" ("id") on delete set null,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "base" varchar(12) not null,
      "quote" varchar(12) not null,
      "condition" varchar(10) not null,
      "level" numeric null,
      "change_percent" numeric null,
      "window_minutes" integer null,
      "previous_rate" numeric null,
      "rate" numeric not null,
      "channel" varchar(10) not null check ("channel" in ('email', 'webhook')),
      "fired_at" timestamptz not null,
      "created_at" timestamptz not null default now(),
      "emailed_at" timestamptz null,
      "email_failed_at" timestamptz null,
      "email_error" text null,
      "emitted_at" timestamptz null,
      "skipped_at" timestamptz null,
      constraint "rate_alert_firings_pkey" primary key ("id"));`);
    this.addSql(`create index "rate_alert_firings_alert_id_index" on "rate_alert_firings" ("alert_id");`);
    this.addSql(`create index "rate_alert_firings_undelivered_index" on "rate_alert_firings" ("created_at")
      where "emailed_at" is null and "emitted_at" is null and "skipped_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_alert_firings" cascade;`);
    this.addSql(`drop table if exists "rate_alerts" cascade;`);
  }
}
