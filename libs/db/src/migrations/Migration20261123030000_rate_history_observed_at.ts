import { Migration } from '@mikro-orm/migrations';

/**
 * The instant a provider says a value is from. Live ingestion keeps one row per source, day and
 * currency holding the newest value of the day: intraday it is the latest, once the day is over
 * it is the close. Imported closes have none.
 */
export class Migration20261123030000_rate_history_observed_at extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "rate_history" add column "observed_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "rate_history" drop column "observed_at";`);
  }
}
