import { Migration } from '@mikro-orm/migrations';

/**
 * `password_resets`, one row per "Forgot password?" link mailed to an account (the
 * token is the row id signed with the address, so no secret is stored).
 */
export class Migration20261129050000_password_resets extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "password_resets" (
      "id" uuid not null,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "email" citext not null,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      "emailed_at" timestamptz null,
      constraint "password_resets_pkey" primary key ("id"),
      constraint "password_resets_expiry_check" check ("expires_at" > "created_at"));`);
    this.addSql(
      `create index "password_resets_user_id_created_at_index" on "password_resets" ("user_id", "created_at");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "password_resets";`);
  }
}
