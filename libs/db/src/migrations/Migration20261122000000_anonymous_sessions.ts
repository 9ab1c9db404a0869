import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000_anonymous_sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "anonymous_sessions" (
      "id" uuid not null,
      "token_hash" varchar(64) not null,
      "expires_at" timestamptz not null,
      "created_at" timestamptz not null,
      constraint "anonymous_sessions_pkey" primary key ("id"));`);
    this.addSql(
      `alter table "anonymous_sessions" add constraint "anonymous_sessions_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(`create index "anonymous_sessions_expires_at_index" on "anonymous_sessions" ("expires_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "anonymous_sessions" cascade;`);
  }
}
