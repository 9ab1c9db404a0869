import { Migration } from '@mikro-orm/migrations';

export class Migration20261122190000_usage extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "usage_daily" (
      "key_id" uuid not null references "api_keys" ("id") on delete cascade,
      "day" date not null,
      "requests" bigint not null check ("requests" >= 0),
      constraint "usage_daily_pkey" primary key ("key_id", "day"));`);
    this.addSql(`create table "usage_flush_batches" (
      "id" uuid not null,
      "flushed_at" timestamptz not null default now(),
      constraint "usage_flush_batches_pkey" primary key ("id"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "usage_flush_batches" cascade;`);
    this.addSql(`drop table if exists "usage_daily" cascade;`);
  }
}
