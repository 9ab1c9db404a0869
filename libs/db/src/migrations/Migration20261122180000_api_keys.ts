import { Migration } from '@mikro-orm/migrations';

export class Migration20261122180000_api_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "api_keys" (
      "id" uuid not null,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "name" varchar(64) not null,
      "key_hash" varchar(64) not null,
      "key_prefix" varchar(32) not null,
      "key_last4" varchar(4) not null,
      "status" varchar(10) not null check ("status" in ('active', 'disabled')),
      "created_at" timestamptz not null,
      "disabled_at" timestamptz null,
      "last_used_at" timestamptz null,
      "total_requests" bigint not null default 0,
      constraint "api_keys_pkey" primary key ("id"),
      constraint "api_keys_key_hash_unique" unique ("key_hash"));`);
    this.addSql(`create index "api_keys_user_id_status_index" on "api_keys" ("user_id", "status");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "api_keys" cascade;`);
  }
}
