import { Migration } from '@mikro-orm/migrations';

/**
 * What a company restricts a key to: its kind (secret, publishable, test), scopes, networks,
 * origins, a monthly cap and an expiry; and, after a roll, the previous secret's hash until its
 * overlap ends. Existing keys become secret keys with every scope and no other restriction.
 */
export class Migration20261130090000_key_governance extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "api_keys"
      add column "kind" varchar(12) not null default 'secret',
      add column "scopes" text[] not null default '{rates:read,history:read,stream,usage:read,webhooks}',
      add column "allowed_networks" text[] not null default '{}',
      add column "allowed_origins" text[] not null default '{}',
      add column "monthly_cap" bigint null,
      add column "expires_at" timestamptz null,
      add column "previous_key_hash" varchar(64) null,
      add column "previous_key_last4" varchar(4) null,
      add column "previous_retires_at" timestamptz null;`);
    this.addSql(`alter table "api_keys" alter column "scopes" drop default;`);
    this.addSql(
      `create unique index "api_keys_previous_key_hash_unique" on "api_keys" ("previous_key_hash") where "previous_key_hash" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "api_keys_previous_key_hash_unique";`);
    this.addSql(`alter table "api_keys"
      drop column if exists "kind", drop column if exists "scopes",
      drop column if exists "allowed_networks", drop column if exists "allowed_origins",
      drop column if exists "monthly_cap", drop column if exists "expires_at",
      drop column if exists "previous_key_hash", drop column if exists "previous_key_last4",
      drop column if exists "previous_retires_at";`);
  }
}
