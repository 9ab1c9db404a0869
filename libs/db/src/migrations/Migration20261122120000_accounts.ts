import { Migration } from '@mikro-orm/migrations';

export class Migration20261122120000_accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists citext;`);
    this.addSql(`create table "users" (
      "id" uuid not null,
      "email" citext not null,
      "password_hash" text not null,
      "first_name" varchar(100) not null,
      "last_name" varchar(100) not null,
      "company" varchar(200) null,
      "display_name" varchar(201) not null,
      "plan" varchar(20) not null default 'free',
      "chosen_plan" varchar(20) null,
      "created_at" timestamptz not null,
      constraint "users_pkey" primary key ("id"),
      constraint "users_email_unique" unique ("email"));`);
    this.addSql(`create table "refresh_tokens" (
      "id" uuid not null,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "family" uuid not null,
      "token_hash" varchar(64) not null,
      "expires_at" timestamptz not null,
      "created_at" timestamptz not null,
      "rotated_at" timestamptz null,
      "revoked_at" timestamptz null,
      constraint "refresh_tokens_pkey" primary key ("id"),
      constraint "refresh_tokens_token_hash_unique" unique ("token_hash"));`);
    this.addSql(`create index "refresh_tokens_family_index" on "refresh_tokens" ("family");`);
    this.addSql(`create index "refresh_tokens_user_id_index" on "refresh_tokens" ("user_id");`);
    this.addSql(`create index "refresh_tokens_expires_at_index" on "refresh_tokens" ("expires_at");`);
    this.addSql(`create table "subscriptions" (
      "id" uuid not null,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "plan" varchar(20) not null,
      "billing_cycle" varchar(10) not null,
      "status" varchar(20) not null,
      "paypal_subscription_id" varchar(64) null,
      "amount_minor" integer not null check ("amount_minor" >= 0),
      "currency" varchar(3) not null,
      "start_date" timestamptz null,
      "current_period_end" timestamptz null,
      "last_payment_at" timestamptz null,
      "created_at" timestamptz not null,
      constraint "subscriptions_pkey" primary key ("id"),
      constraint "subscriptions_paypal_subscription_id_unique" unique ("paypal_subscription_id"));`);
    this.addSql(`create index "subscriptions_user_id_index" on "subscriptions" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "subscriptions" cascade;`);
    this.addSql(`drop table if exists "refresh_tokens" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
  }
}
