import { Migration } from '@mikro-orm/migrations';

export class Migration20261123000000_paypal_billing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "subscriptions" add column "paypal_updated_at" timestamptz null;`);
    this.addSql(`create table "webhook_events" (
      "id" uuid not null,
      "provider" varchar(20) not null,
      "event_id" varchar(100) not null,
      "type" varchar(100) not null,
      "resource_id" varchar(100) null,
      "payload" jsonb not null,
      "received_at" timestamptz not null,
      "processed_at" timestamptz null,
      "error" text null,
      constraint "webhook_events_pkey" primary key ("id"),
      constraint "webhook_events_provider_event_id_unique" unique ("provider", "event_id"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_events" cascade;`);
    this.addSql(`alter table "subscriptions" drop column if exists "paypal_updated_at";`);
  }
}
