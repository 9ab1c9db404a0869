import { Migration } from '@mikro-orm/migrations';

/**
 * FXRates fixings: the rates table in service at an operator-defined cut, frozen once and never
 * changed. `payload` is the exact canonical JSON (RFC 8785) that `signature` (a detached compact
 * JWS, EdDSA) signs; `rates` and `provenance` repeat its contents for queries (averages on a cut,
 * conversions at a fixing). One fixing per cut and day: the unique key is what lets every worker try
 * and only the first succeed. Rows are never updated: a trigger refuses it.
 * The signing keys: the private half sealed with the data key, the public one published in the
 * JWKS; a retired key signs nothing more and stays published so old fixings still verify.
 */
export class Migration20261201100000_fixings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "fixing_signing_keys" (
      "kid" varchar(64) not null,
      "public_jwk" jsonb not null,
      "private_key_sealed" text not null,
      "created_at" timestamptz not null default now(),
      "retired_at" timestamptz null,
      constraint "fixing_signing_keys_pkey" primary key ("kid"));`);
    this.addSql(
      `create unique index "fixing_signing_keys_one_active" on "fixing_signing_keys" ((true)) where "retired_at" is null;`,
    );
    this.addSql(`create table "fixings" (
      "id" varchar(48) not null,
      "cut" varchar(16) not null check ("cut" ~ '^[A-Z][A-Z0-9]{1,15}$'),
      "day" date not null,
      "cut_at" timestamptz not null,
      "table_version" varchar(32) not null,
      "table_stored_at" timestamptz null,
      "rates" jsonb not null,
      "provenance" jsonb not null,
      "payload" text not null,
      "signature" text not null,
      "kid" varchar(64) not null references "fixing_signing_keys" ("kid"),
      "created_at" timestamptz not null default now(),
      constraint "fixings_pkey" primary key ("id"),
      constraint "fixings_cut_day_unique" unique ("cut", "day"));`);
    this.addSql(`create index "fixings_day_index" on "fixings" ("day");`);
    this.addSql(`create function "fixings_immutable"() returns trigger language plpgsql as $$
      begin raise exception 'fixings are immutable'; end $$;`);
    this.addSql(`create trigger "fixings_no_update" before update on "fixings"
      for each row execute function "fixings_immutable"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "fixings";`);
    this.addSql(`drop function if exists "fixings_immutable"();`);
    this.addSql(`drop table if exists "fixing_signing_keys";`);
  }
}
