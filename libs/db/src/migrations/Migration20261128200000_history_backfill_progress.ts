import { Migration } from '@mikro-orm/migrations';

/**
 * How far the history backfill has asked each source about each currency: the next run starts the
 * day after, so a currency a source has nothing for is not asked again from its first day every
 * day, and a run stopped mid-way resumes where its last committed page ended.
 */
export class Migration20261128200000_history_backfill_progress extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "history_backfill_progress" (
      "source" varchar(32) not null,
      "currency" varchar(10) not null,
      "checked_through" date not null,
      "updated_at" timestamptz not null default now(),
      constraint "history_backfill_progress_pkey" primary key ("source", "currency"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "history_backfill_progress";`);
  }
}
