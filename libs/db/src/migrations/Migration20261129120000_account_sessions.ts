import { Migration } from '@mikro-orm/migrations';

/**
 * Sessions: `account_sessions`, one row per refresh-token family, which the account page
 * lists and signs out, and which the API checks access tokens against (their `sid`). The families
 * signed in before it get a row each, without browser or network (none was kept): they show as an
 * unknown browser until their next refresh.
 */
export class Migration20261129120000_account_sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "account_sessions" (
      "id" uuid not null,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "created_at" timestamptz not null default now(),
      "last_used_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "revoked_at" timestamptz null,
      "browser" varchar(120) not null,
      "network" varchar(64) null,
      "place" varchar(120) null,
      constraint "account_sessions_pkey" primary key ("id"));`);
    this.addSql(
      `create index "account_sessions_user_id_last_used_at_index" on "account_sessions" ("user_id", "last_used_at");`,
    );
    this
      .addSql(`insert into "account_sessions" ("id", "user_id", "created_at", "last_used_at", "expires_at", "browser")
      select "family", "user_id", min("created_at"), max("created_at"), max("expires_at"), 'Unknown browser'
        from "refresh_tokens" where "revoked_at" is null
       group by "family", "user_id"
      having max("expires_at") > now();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "account_sessions";`);
  }
}
