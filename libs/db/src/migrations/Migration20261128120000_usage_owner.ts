import { Migration } from '@mikro-orm/migrations';

/**
 * Usage history outlives its keys: a user's longest-disabled keys are deleted beyond
 * MAX_DISABLED_KEYS_PER_USER, and their calls must still count (the month's quota is seeded from
 * usage_daily, quota alerts and the dashboard sum it). Each row names its owner, and the key it was
 * counted for stays as a plain id instead of a foreign key that would delete the row with the key.
 * A trigger fills the owner from the key when an insert does not name it (the usage flush, older
 * scripts); an insert for a key that no longer exists and names no owner is refused (not null).
 */
export class Migration20261128120000_usage_owner extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "usage_daily" add column "user_id" uuid;`);
    this.addSql(
      `update "usage_daily" d set "user_id" = k."user_id" from "api_keys" k where k."id" = d."key_id";`,
    );
    this.addSql(`alter table "usage_daily" alter column "user_id" set not null;`);
    this.addSql(`alter table "usage_daily" add constraint "usage_daily_user_id_foreign"
      foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "usage_daily" drop constraint "usage_daily_key_id_fkey";`);
    this.addSql(`create index "usage_daily_user_id_day_index" on "usage_daily" ("user_id", "day");`);
    this.addSql(`create function "usage_daily_owner"() returns trigger language plpgsql as $$
      begin
        if new."user_id" is null then
          select k."user_id" into new."user_id" from "api_keys" k where k."id" = new."key_id";
        end if;
        return new;
      end $$;`);
    this.addSql(`create trigger "usage_daily_owner" before insert on "usage_daily"
      for each row execute function "usage_daily_owner"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "usage_daily_owner" on "usage_daily";`);
    this.addSql(`drop function if exists "usage_daily_owner"();`);
    this.addSql(`drop index if exists "usage_daily_user_id_day_index";`);
    this.addSql(
      `delete from "usage_daily" d where not exists (select 1 from "api_keys" k where k."id" = d."key_id");`,
    );
    this.addSql(`alter table "usage_daily" add constraint "usage_daily_key_id_fkey"
      foreign key ("key_id") references "api_keys" ("id") on delete cascade;`);
    this.addSql(`alter table "usage_daily" drop constraint "usage_daily_user_id_foreign";`);
    this.addSql(`alter table "usage_daily" drop column "user_id";`);
  }
}
