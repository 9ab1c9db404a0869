import { Migration } from '@mikro-orm/migrations';

/**
 * When the user last signed in with email and password. Null while the user has only the session that
 * signing up opened: the dashboard then greets a new user with "Welcome", a returning one with
 * "Welcome back".
 */
export class Migration20261126170000_user_last_sign_in extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "last_sign_in_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column if exists "last_sign_in_at";`);
  }
}
