import { Migration } from '@mikro-orm/migrations';

/**
 * The account's audit log: `audit_events`, read newest first a page at a time (the index), deleted
 * with the account. The key an event names is kept as a plain id with its name and masked key as
 * they were: disabled keys are purged, their history is not. Each account keeps its newest 10,000
 * events (AUDIT_EVENTS_KEPT_PER_ACCOUNT): a trigger deletes the older ones after each insert statement,
 * whoever writes (the API, the worker, a script), for the accounts that statement wrote to.
 */
export class Migration20261130100000_audit_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "audit_events" (
      "id" uuid not null,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "action" varchar(32) not null,
      "actor_type" varchar(10) not null,
      "actor_name" text not null,
      "target_key_id" uuid null,
      "target_name" text null,
      "target_masked_key" text null,
      "detail" jsonb not null default '{}',
      "ip" varchar(64) null,
      "user_agent" varchar(512) null,
      "created_at" timestamptz not null default now(),
      constraint "audit_events_pkey" primary key ("id"),
      constraint "audit_events_actor_type_check" check ("actor_type" in ('user', 'system')));`);
    this.addSql(`create index "audit_events_user_id_created_at_id_index"
      on "audit_events" ("user_id", "created_at" desc, "id" desc);`);
    this.addSql(`create function "audit_events_keep_newest"() returns trigger language plpgsql as $$
      begin
        delete from "audit_events" where "id" in (
          select older."id" from (select distinct "user_id" from "inserted") written
           cross join lateral (
             select e."id" from "audit_events" e where e."user_id" = written."user_id"
              order by e."created_at" desc, e."id" desc offset 10000) older);
        return null;
      end $$;`);
    this.addSql(`create trigger "audit_events_keep_newest" after insert on "audit_events"
      referencing new table as "inserted" for each statement execute function "audit_events_keep_newest"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_events";`);
    this.addSql(`drop function if exists "audit_events_keep_newest"();`);
  }
}
