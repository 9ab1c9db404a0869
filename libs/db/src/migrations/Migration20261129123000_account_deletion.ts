import { Migration } from '@mikro-orm/migrations';

/**
 * A deleted account keeps its row (its payments and subscriptions, kept for accounting,
 * point at it) with every personal field erased and the time it was deleted. Its address is replaced
 * by a unique placeholder, so the address itself can sign up again.
 */
export class Migration20261129123000_account_deletion extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "deleted_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column if exists "deleted_at";`);
  }
}
