import { Migration } from '@mikro-orm/migrations';

/**
 * Two-factor authentication (TOTP) and fresh sign-ins.
 *
 * - `user_two_factor`: one row per account that started enrolment; the secret is AES-256-GCM
 *   ciphertext (never the secret itself), `enabled_at` is null until a code confirmed it, and
 *   `last_used_step` is the newest RFC 6238 time step accepted, so a code is taken once (replay).
 * - `two_factor_recovery_codes`: the ten single-use codes, as SHA-256 hashes.
 * - `refresh_tokens.authenticated_at`: when the sign-in of the family last proved its password or
 *   second factor (the access token's `auth_time`); a family from before counts as proved when it
 *   signed in (its first row still kept).
 */
export class Migration20261129121000_two_factor extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "user_two_factor" (
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "secret_ciphertext" text not null,
      "created_at" timestamptz not null default now(),
      "enabled_at" timestamptz null,
      "last_used_step" bigint null,
      constraint "user_two_factor_pkey" primary key ("user_id"));`);
    this.addSql(`create table "two_factor_recovery_codes" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "code_hash" varchar(64) not null,
      "used_at" timestamptz null,
      constraint "two_factor_recovery_codes_pkey" primary key ("id"),
      constraint "two_factor_recovery_codes_user_id_code_hash_unique" unique ("user_id", "code_hash"));`);
    this.addSql(`alter table "refresh_tokens" add column "authenticated_at" timestamptz null;`);
    // A family's first row is its sign-in; later rows are its refreshes.
    this.addSql(`update "refresh_tokens" as "r" set "authenticated_at" = "f"."signed_in_at"
      from (select "family", min("created_at") as "signed_in_at" from "refresh_tokens" group by "family") as "f"
      where "r"."family" = "f"."family";`);
    this.addSql(`alter table "refresh_tokens" alter column "authenticated_at" set default now();`);
    this.addSql(`alter table "refresh_tokens" alter column "authenticated_at" set not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "refresh_tokens" drop column if exists "authenticated_at";`);
    this.addSql(`drop table if exists "two_factor_recovery_codes";`);
    this.addSql(`drop table if exists "user_two_factor";`);
  }
}
