import { Migration } from '@mikro-orm/migrations';

/**
 * Email verification. `users.email_verified_at`: when the user opened the link we sent.
 * Every account that exists when this runs is marked verified as of its sign-up: those users signed up
 * before the rule, under which no address was proved, and taking their keys and alerts away would
 * break working integrations; new accounts start unverified. `email_verifications`: one row per link
 * sent (the token is the row id signed with a server key, so no secret is stored), written in the
 * sign-up's transaction, hence the deferred foreign key (the unit of work may insert it first). `quota_alerts`
 * records alerts that fell due while the address was unverified (`skipped_at`): never emailed, and
 * left out of the sweep's index.
 */
export class Migration20261128090000_email_verification extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "email_verified_at" timestamptz null;`);
    this.addSql(`update "users" set "email_verified_at" = "created_at";`);
    this.addSql(`create table "email_verifications" (
      "id" uuid not null,
      "user_id" uuid not null references "users" ("id") on delete cascade deferrable initially deferred,
      "email" citext not null,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      "emailed_at" timestamptz null,
      constraint "email_verifications_pkey" primary key ("id"),
      constraint "email_verifications_expiry_check" check ("expires_at" > "created_at"));`);
    this.addSql(
      `create index "email_verifications_user_id_created_at_index" on "email_verifications" ("user_id", "created_at");`,
    );
    this.addSql(`alter table "quota_alerts" add column "skipped_at" timestamptz null;`);
    this.addSql(`drop index if exists "quota_alerts_unsent_index";`);
    this.addSql(`create index "quota_alerts_unsent_index" on "quota_alerts" ("created_at")
      where "emailed_at" is null and not "superseded" and "skipped_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "quota_alerts_unsent_index";`);
    this.addSql(`create index "quota_alerts_unsent_index" on "quota_alerts" ("created_at")
      where "emailed_at" is null and not "superseded";`);
    this.addSql(`alter table "quota_alerts" drop column if exists "skipped_at";`);
    this.addSql(`drop table if exists "email_verifications" cascade;`);
    this.addSql(`alter table "users" drop column if exists "email_verified_at";`);
  }
}
