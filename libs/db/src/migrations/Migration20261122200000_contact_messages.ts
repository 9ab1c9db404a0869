import { Migration } from '@mikro-orm/migrations';

export class Migration20261122200000_contact_messages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "contact_messages" (
      "id" uuid not null,
      "name" varchar(100) not null,
      "email" varchar(254) not null,
      "subject" varchar(200) not null,
      "message" text not null,
      "created_at" timestamptz not null,
      "emailed_at" timestamptz null,
      "email_failed_at" timestamptz null,
      "email_error" text null,
      constraint "contact_messages_pkey" primary key ("id"));`);
    this.addSql(`create index "contact_messages_created_at_index" on "contact_messages" ("created_at");`);
    this.addSql(
      `create index "contact_messages_unsent_index" on "contact_messages" ("created_at") where "emailed_at" is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "contact_messages" cascade;`);
  }
}
