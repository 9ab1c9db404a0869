import { Migration } from '@mikro-orm/migrations';

/**
 * Outgoing webhooks: each account's endpoints (the signing secret sealed) and the deliveries of
 * events to them. One delivery per endpoint and event (replays aside), so a fan-out run twice sends
 * nothing twice; one metered delivery per account and event, so retries and replays are free.
 */
export class Migration20261201010000_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "webhook_endpoints" (
      "id" uuid not null primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "url" varchar(2048) not null,
      "description" varchar(200) not null default '',
      "events" text[] not null,
      "pairs" text[] not null default '{}',
      "min_change_percent" numeric(9,4) not null default 0,
      "secret_sealed" text not null,
      "status" varchar(10) not null default 'active',
      "disabled_reason" varchar(300) null,
      "disabled_at" timestamptz null,
      "failed_deliveries_in_row" integer not null default 0,
      "disabled_notice_emailed_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now());`);
    this.addSql(
      `create index "webhook_endpoints_user_id_created_at_index" on "webhook_endpoints" ("user_id", "created_at");`,
    );
    this.addSql(
      `create index "webhook_endpoints_active_events_index" on "webhook_endpoints" using gin ("events") where "status" = 'active';`,
    );
    this.addSql(`create table "webhook_deliveries" (
      "id" uuid not null primary key,
      "endpoint_id" uuid not null references "webhook_endpoints" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "event_id" varchar(100) not null,
      "type" varchar(40) not null,
      "payload" jsonb not null,
      "status" varchar(10) not null default 'pending',
      "attempts" integer not null default 0,
      "last_status" smallint null,
      "last_error" varchar(500) null,
      "created_at" timestamptz not null default now(),
      "delivered_at" timestamptz null,
      "next_attempt_at" timestamptz null,
      "replay_of" uuid null references "webhook_deliveries" ("id") on delete set null,
      "metered" boolean not null default false);`);
    this.addSql(
      `create index "webhook_deliveries_endpoint_id_created_at_index" on "webhook_deliveries" ("endpoint_id", "created_at" desc, "id" desc);`,
    );
    this.addSql(
      `create unique index "webhook_deliveries_endpoint_event_unique" on "webhook_deliveries" ("endpoint_id", "event_id") where "replay_of" is null;`,
    );
    this.addSql(
      `create unique index "webhook_deliveries_metered_unique" on "webhook_deliveries" ("user_id", "event_id") where "metered";`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_deliveries";`);
    this.addSql(`drop table if exists "webhook_endpoints";`);
  }
}
