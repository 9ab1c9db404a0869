import { Migration } from '@mikro-orm/migrations';

/**
 * Which quota alerts each user wants emailed. Every existing account keeps all three,
 * as before; the check keeps anything but 75, 90 and 100 out whatever writes the row.
 */
export class Migration20261129100000_quota_alert_choices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users"
      add column "quota_alert_thresholds" smallint[] not null default '{75,90,100}',
      add constraint "users_quota_alert_thresholds_check"
        check ("quota_alert_thresholds" <@ '{75,90,100}'::smallint[]);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column if exists "quota_alert_thresholds";`);
  }
}
