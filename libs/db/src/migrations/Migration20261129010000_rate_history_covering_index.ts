import { Migration } from '@mikro-orm/migrations';

/**
 * The API reads a few currencies' closes of a year at a time (rows and a fingerprint of them): with
 * the source and rate in the (currency, day) index, both are index-only scans of one contiguous range
 * per currency instead of visits to heap pages scattered by the order rows were written in.
 */
export class Migration20261129010000_rate_history_covering_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "rate_history_currency_day_covering" on "rate_history" ("currency", "day") include ("source", "rate_vs_usd");`,
    );
    this.addSql(`drop index if exists "rate_history_currency_day_index";`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index "rate_history_currency_day_index" on "rate_history" ("currency", "day");`);
    this.addSql(`drop index if exists "rate_history_currency_day_covering";`);
  }
}
