import { Migration } from '@mikro-orm/migrations';

/**
 * Change email: `email_changes`, one row per new address asked for (its link's token
 * is the row id signed with both addresses, so no secret is stored). At most one waits per account:
 * a newer request marks the older used.
 */
export class Migration20261129090000_email_changes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "email_changes" (
      "id" uuid not null,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "email" citext not null,
      "previous_email" citext not null,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      "confirmed_at" timestamptz null,
      "emailed_at" timestamptz null,
      constraint "email_changes_pkey" primary key ("id"),
      constraint "email_changes_expiry_check" check ("expires_at" > "created_at"),
      constraint "email_changes_confirmed_check" check ("confirmed_at" is null or "used_at" is not null));`);
    this.addSql(
      `create index "email_changes_user_id_created_at_index" on "email_changes" ("user_id", "created_at");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "email_changes";`);
  }
}
