import { Migration } from '@mikro-orm/migrations';

/** Daily closes per source: units of each currency per 1 USD, exactly as decimals. */
export class Migration20261122210000_rate_history extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "rate_history" (
      "source" varchar(32) not null,
      "day" date not null,
      "currency" varchar(10) not null,
      "rate_vs_usd" numeric not null check ("rate_vs_usd" > 0),
      "recorded_at" timestamptz not null default now(),
      constraint "rate_history_pkey" primary key ("source", "day", "currency"));`);
    this.addSql(`create index "rate_history_currency_day_index" on "rate_history" ("currency", "day");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_history" cascade;`);
  }
}
