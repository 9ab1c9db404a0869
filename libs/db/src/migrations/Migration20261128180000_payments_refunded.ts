import { Migration } from '@mikro-orm/migrations';

/** A captured payment given back (a refund or a chargeback) keeps what PayPal captured: status `refunded`. */
export class Migration20261128180000_payments_refunded extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "payments" drop constraint "payments_captured_whole",
      add constraint "payments_captured_whole" check (
        ("status" in ('captured', 'refunded')) = ("paypal_capture_id" is not null and "captured_minor" is not null and "captured_at" is not null));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "payments" drop constraint "payments_captured_whole",
      add constraint "payments_captured_whole" check (
        ("status" = 'captured') = ("paypal_capture_id" is not null and "captured_minor" is not null and "captured_at" is not null));`);
  }
}
